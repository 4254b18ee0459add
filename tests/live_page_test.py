#!/usr/bin/env python3
"""The live board page over HTTP (DESIGN.md "The live board page"): every route, the update
after an accepted command and after undo, 404 for an unknown path, 405 for another method,
400 for a malformed request, nothing of it changing the game; `serve` in the REPL (status,
stop, a port in use, a bad address); and every game (base, gcc, mists, city) drawn.
Usage: live_page_test.py CARCREF. Only 127.0.0.1; every wait bounded."""
import json
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time
import xml.etree.ElementTree as ET

sys.dont_write_bytecode = True

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from live_page_common import DEADLINE, Carcref, check, fail, request, state, wait_until  # noqa: E402

binary = os.path.abspath(sys.argv[1])
PLAYERS = ["--players", "Anna:red,Ben:blue"]


def raw(port, data):
    """Sends bytes as they are; returns the status line."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
        s.sendall(data)
        answer = b""
        while b"\r\n" not in answer:
            chunk = s.recv(4096)
            if not chunk:
                break
            answer += chunk
    return answer.split(b"\r\n", 1)[0].decode("latin-1")


def svg_ok(port):
    status, headers, body = request(port, "GET", "/board.svg")
    check(status == 200, "/board.svg answered %d" % status)
    check(headers.get("content-type", "").startswith("image/svg+xml"),
          "/board.svg has type " + headers.get("content-type", ""))
    root = ET.fromstring(body)
    check(root.tag.endswith("svg"), "/board.svg is not an SVG document")
    return body.decode()


# ---- a base game: every route ----------------------------------------------------------
game = Carcref(binary, ["--db", "log.db", "play"] + PLAYERS + ["--serve", "127.0.0.1:0"])
url, port = game.url()
s0 = state(port)
check(s0["has_game"] and s0["game"] == "base", "state.json: no base game: %s" % s0)
check(s0["turn"] == "Anna" and s0["players"][0]["to_move"], "Anna does not move first: %s" % s0)
check([p["name"] for p in s0["players"]] == ["Anna", "Ben"], "players: %s" % s0["players"])
check("to place a tile" in s0["awaiting"], "awaiting: " + s0["awaiting"])
check(s0["state"]["awaiting"]["step"] == "tile", "the game's own state is not there")

status, headers, body = request(port, "GET", "/")
check(status == 200 and headers["content-type"].startswith("text/html"), "/ is not a page")
page = body.decode()
check('<script id="initial" type="application/json">' in page, "/ carries no state")
check("/wait?v=" in page and "/board.svg" in page, "/ does not follow the game")
check("http://" not in page and "https://" not in page, "/ loads something from elsewhere")
check("Anna" in page, "/ does not name the player to move")
status, headers, body = request(port, "HEAD", "/")
check(status == 200 and body == b"", "HEAD / answered %d with %d bytes" % (status, len(body)))
svg = svg_ok(port)
check('class="tile"' in svg, "the board has no tile")
check(headers.get("cache-control") == "no-store", "the page may be cached")

# An accepted command updates the page; a long poll waiting for it is answered.
answered = {}


def wait_for_update(version):
    answered["reply"] = request(port, "GET", "/wait?v=%d" % version, timeout=30)


waiter = threading.Thread(target=wait_for_update, args=(s0["version"],))
waiter.start()
wait_until(lambda: state(port)["watching"] == 1, "the long poll to wait")
game.send("place crrr at 1,0")
game.expect(r"meeple or pass: 1 city N")
waiter.join(timeout=10)
check(not waiter.is_alive(), "/wait was not answered after an accepted command")
status, _, body = answered["reply"]
s1 = json.loads(body)
check(status == 200 and s1["version"] > s0["version"], "/wait gave no newer version: %s" % s1)
check(s1["recent"][0]["command"] == "place crrr at 1,0", "recent: %s" % s1["recent"])
check(any("L at 1,0" in line for line in s1["recent"][0]["lines"]), "the command's lines")
check(s1["awaiting"] == "Anna (red) to place a meeple or pass", "awaiting: " + s1["awaiting"])
check(state(port)["version"] == s1["version"], "the version moved without a command")
check('data-cell="1,0"' in svg_ok(port), "the board does not show the tile just placed")
# /wait for an old version answers at once.
status, _, body = request(port, "GET", "/wait?v=%d" % s0["version"], timeout=5)
check(json.loads(body)["version"] == s1["version"], "/wait for an old version waited")

# Questions and refused lines change nothing on the page.
game.send("board")
game.send("place crrr at 9,9")
game.expect(r"error:")
game.send("meeple road W")
game.expect(r"puts a meeple on the road W")
game.send("place W -1,0 0")
game.expect(r"meeple or pass: 1 ")
game.send("meeple field NL")
game.expect(r"road \(road E to the junction at -1,0\) .* Anna \+3")
s2 = state(port)
check(s2["version"] == s1["version"] + 3, "not one version per accepted command: %d after %d" %
      (s2["version"], s1["version"]))
check(s2["turn"] == "Anna", "after Ben's turn, Anna's: %s" % s2["turn"])
check(any("Anna +3" in line for line in s2["recent"][0]["lines"]), "no scoring line on the page")
check(s2["players"][0]["score"] == 3, "Anna's 3 points are not on the page")
# The last scorings, from the game's History(): the road, Anna's 3 points, what it was.
check(s1["scorings"] == [], "a scoring before any: %s" % s1["scorings"])
sc = s2["scorings"][0] if s2["scorings"] else {}
check(sc.get("what") == "road" and sc.get("points") == [3, 0] and "3 tiles" in sc.get("reason", "")
      and not sc.get("final"), "the last scoring on the page: %s" % s2["scorings"])
check('id="scorings"' in page, "/ has no list of the last scorings")

# Undo updates the page too.
game.send("undo")
game.expect(r"undone: meeple field NL")
s3 = state(port)
check(s3["version"] == s2["version"] + 1 and s3["recent"][0]["command"] == "undo",
      "undo did not reach the page: %s" % s3["recent"])
check(s3["players"][0]["score"] == 0 and s3["turn"] == "Ben", "after undo: %s" % s3)
check(s3["scorings"] == [], "the undone scoring is still on the page: %s" % s3["scorings"])

# ---- bad requests: 404, 405, 400, and the game unchanged --------------------------------
before = state(port)
for path in ["/nope", "/index.html", "/board.svg/x", "/state", "/../etc/passwd", "/%2e%2e/",
             "/wait/x", "//", "/STATE.JSON"]:
    status, headers, body = request(port, "GET", path)
    check(status == 404, "GET %s answered %d, not 404" % (path, status))
    check(b"404" in body, "GET %s: no word of why" % path)
for method in ["POST", "PUT", "DELETE", "PATCH", "OPTIONS"]:
    for path in ["/", "/state.json", "/wait?v=1", "/nope"]:
        status, headers, _ = request(port, method, path, body=b"place D 5,5 0")
        check(status == 405, "%s %s answered %d, not 405" % (method, path, status))
        check(headers.get("allow") == "GET, HEAD", "%s %s: no Allow header" % (method, path))
for query in ["/wait", "/wait?v=", "/wait?v=abc", "/wait?v=-1", "/wait?v=99999999999999999999"]:
    status, _, _ = request(port, "GET", query, timeout=5)
    check(status == 400, "GET %s answered %d, not 400" % (query, status))
for data, want in [(b"GARBAGE\r\n\r\n", "400"), (b"GET\r\n\r\n", "400"),
                   (b"GET / HTTP/9.9 x\r\n\r\n", "400"),
                   (b"GET /" + b"a" * 9000 + b" HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", "414"),
                   (b"BREW /state.json HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", "400"),
                   (b"GET /nope HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", "404")]:
    line = raw(port, data)
    check(line.split(" ")[1:2] == [want], "%r got '%s', not %s" % (data[:20], line, want))

# ---- Host and framing: DNS rebinding and clickjacking (issue 22, point 5) ---------------
def raw_head(port, data):
    """Sends bytes as they are; returns (status, {lower-case name: value}) of the answer."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
        s.sendall(data)
        answer = b""
        while b"\r\n\r\n" not in answer:
            chunk = s.recv(4096)
            if not chunk:
                break
            answer += chunk
    lines = answer.split(b"\r\n\r\n", 1)[0].decode("latin-1").split("\r\n")
    fields = dict((k.strip().lower(), v.strip()) for k, _, v in (l.partition(":") for l in lines[1:]))
    return lines[0].split(" ")[1] if " " in lines[0] else "", fields


def get_with_host(host, path="/state.json"):
    line = b"" if host is None else b"Host: " + host.encode() + b"\r\n"
    return raw_head(port, b"GET " + path.encode() + b" HTTP/1.1\r\n" + line + b"\r\n")


for host in ["127.0.0.1:%d" % port, "localhost:%d" % port, "LocalHost:%d" % port,
             "[::1]:%d" % port, "127.0.0.1", "localhost"]:
    status, _ = get_with_host(host)
    check(status == "200", "Host: %s answered %s, not 200" % (host, status))
for host in ["evil.example:%d" % port, "evil.example", "127.0.0.1.evil.example:%d" % port,
             "127.0.0.1:%d" % (port + 1), "localhost:", "[::1", "[::1]x", "", None,
             "10.0.0.1:%d" % port, "0.0.0.0:%d" % port]:
    for path in ["/", "/state.json", "/board.svg", "/wait?v=1", "/nope"]:
        status, _ = get_with_host(host, path)
        check(status == "421", "Host: %s for %s answered %s, not 421" % (host, path, status))
status, _, body = request(port, "GET", "/state.json", headers={"Host": "evil.example"})
check(status == 421 and b"421 misdirected request" in body, "421's words: %r" % body)
# Every answer forbids framing: the routes, the errors, and the door's own refusals.
probes = [b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
          b"GET /state.json HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
          b"GET /board.svg HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
          b"GET /nope HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
          b"POST / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
          b"GET / HTTP/1.1\r\nHost: evil.example\r\n\r\n",
          b"GARBAGE\r\n\r\n",
          b"GET /" + b"a" * 9000 + b" HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
          # exactly the door's 16 KiB: no line end (414), endless headers (431)
          b"GET /" + b"a" * (16384 - 5),
          (b"GET / HTTP/1.1\r\nX-A: " + b"a" * 16384)[:16384]]
wants = ["200", "200", "200", "404", "405", "421", "400", "414", "414", "431"]
for data, want in zip(probes, wants):
    status, fields = raw_head(port, data)
    check(status == want, "%r… answered %s, not %s" % (data[:30], status, want))
    check("frame-ancestors 'none'" in fields.get("content-security-policy", ""),
          "%r… (%s) has no frame-ancestors 'none': %s" % (data[:30], status, fields))
    check(fields.get("x-frame-options") == "DENY", "%r… has no X-Frame-Options" % data[:30])
    check(fields.get("x-content-type-options") == "nosniff", "%r… may be sniffed" % data[:30])
status, fields = get_with_host("127.0.0.1:%d" % port, "/")
check("script-src 'unsafe-inline'" in fields["content-security-policy"] and
      fields["content-security-policy"].count("frame-ancestors") == 1,
      "the page's own policy: %s" % fields["content-security-policy"])

# Pages that go away mid-answer: carcref goes on (no SIGPIPE), and stops counting them.
for path in ["/board.svg", "/", "/wait?v=%d" % before["version"]] * 3:
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
        sock.sendall(b"GET " + path.encode() + b" HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
wait_until(lambda: state(port)["watching"] == 0, "the pages that went away to stop counting")
check(game.proc.poll() is None, "carcref ended when a page went away")
after = state(port)
check(after["version"] == before["version"] and after["state"] == before["state"],
      "a bad request changed the game")
game.send("status --json")
m = game.expect(r'^\{"game":"base"', "status --json")
check(json.loads(m.string)["turn"] == before["state"]["turn"], "the game moved")

# ---- serve in the REPL ------------------------------------------------------------------
# serve says where and how many pages watch. A page that went away above may reach the
# server only after the count was read as 0 (its request still in the socket; on a loaded
# machine, seconds later): it counts until its next tick's write fails, so ask until it is gone.
for attempt in range(DEADLINE):
    game.send("serve")
    m = game.expect(r"live board at %s · (\d+) pages? watching" % url, "serve's status")
    if m.group(1) == "0":
        break
    check(int(m.group(1)) <= 3, "serve counts %s pages; 3 /wait went away" % m.group(1))
    time.sleep(1)
check(m.group(1) == "0", "serve still counts %s pages watching" % m.group(1))
game.send("serve 127.0.0.1:0")
game.expect(r"error: already serving at %s" % url, "a second serve refused")
game.send("serve 300.1.2.3:80")
game.expect(r"error: '300\.1\.2\.3' is not an IP address", "a bad address refused")
game.send("serve 127.0.0.1:99999")
game.expect(r"error: .*the port is a number 0–65535", "a bad port refused")

# A second carcref on the same port: one line, and its game goes on.
other = Carcref(binary, ["--db", ":memory:", "play"] + PLAYERS + ["--serve", "127.0.0.1:%d" % port])
other.expect(r"^error: cannot serve on 127\.0\.0\.1:%d: the port is in use" % port, "in use")
other.send("place crrr at 1,0")
other.expect(r"L at 1,0 rotated 0", "the game going on after the refused port")
check(other.quit() == 0, "the second carcref did not quit cleanly")

game.send("serve stop")
game.expect(r"stopped serving the live board")
try:
    request(port, "GET", "/state.json", timeout=2)
    fail("the page is still served after serve stop")
except OSError:
    pass
game.send("serve stop")
game.expect(r"error: not serving: nothing to stop")
game.send("serve 127.0.0.1:0")
url2, port2 = game.url()
s4 = state(port2)
check(s4["version"] > s3["version"] and s4["turn"] == "Ben", "serving again: %s" % s4)
check(game.quit() == 0, "carcref did not quit cleanly while serving")

# resume --serve: the page shows the resumed game, where it was.
again = Carcref(binary, ["--db", "log.db", "resume", "--serve", "0"], env_dir=game.dir)
_, p = again.url()
s = state(p)
check(s["session"] == s4["session"] and s["turn"] == "Ben" and s["recent"] == [],
      "resume --serve: %s" % s)
check(s["state"] == s4["state"], "the resumed game is not where it was")
check(again.quit() == 0, "resumed carcref did not quit cleanly")

# resume --serve at a Czech table: the last scorings, which the log keeps in English, are
# worded afresh in Czech (#19), the same scorings with the same points.
worded_dir = tempfile.mkdtemp(prefix="carcref-live-")
played = subprocess.run(
    [binary, "--db", "worded.db", "play", "--players", "Anna:red,Ben:blue", "--script", "-"],
    input="place crrr at 1,0\nmeeple road W\nplace W -1,0 0\npass\n", text=True, cwd=worded_dir,
    env=dict(os.environ, XDG_DATA_HOME=os.path.join(worded_dir, "data")), capture_output=True)
check(played.returncode == 0 and "+3" in played.stdout, "the worded game: %s" % played.stdout)
pages = {}
for lang, said in [("en", "live board at"), ("cs", "herní plán živě na")]:
    resumed = Carcref(binary, ["--db", "worded.db", "--lang", lang, "resume", "--serve", "0"],
                      env_dir=worded_dir)
    _, p = resumed.url(said)
    pages[lang] = state(p)["scorings"]
    check(resumed.quit() == 0, "resumed carcref (%s) did not quit cleanly" % lang)
en, cz = pages["en"], pages["cs"]
check(len(en) == 1 and en[0]["what"] == "road" and "junction" in en[0]["where"],
      "the English page's scorings: %s" % en)
check([sc["points"] for sc in cz] == [sc["points"] for sc in en],
      "the Czech page lists other scorings: %s / %s" % (cz, en))
check(cz and cz[0]["what"] == "cesta" and "křižovatce" in cz[0]["where"] and
      "kartičky" in cz[0]["reason"], "a resumed scoring is not worded in Czech: %s" % cz)

# --serve goes with the REPL only: refused with a review command.
refused = subprocess.run([binary, "--db", ":memory:", "--serve", "0", "sessions"],
                         capture_output=True, text=True, timeout=10)
check(refused.returncode == 2 and "--serve goes with play, resume or the REPL" in refused.stderr,
      "--serve with sessions: %d %s" % (refused.returncode, refused.stderr))

# --serve on play with a bad address: one line, the game is played all the same.
bad = Carcref(binary, ["--db", ":memory:", "play"] + PLAYERS + ["--serve", "nohost:80"])
bad.expect(r"^error: 'nohost' is not an IP address", "--serve with a bad address")
bad.send("place crrr at 1,0")
bad.expect(r"L at 1,0 rotated 0")
check(bad.quit() == 0, "carcref with a bad --serve did not quit cleanly")

# Quitting at once after the start (the server may not be running yet) ends carcref.
for _ in range(5):
    quick = Carcref(binary, ["--db", ":memory:", "play"] + PLAYERS + ["--serve", "0"])
    quick.send("quit")  # waiting in the pipe before the server starts
    quick.url()
    check(quick.quit() == 0, "carcref quitting right after serving did not end cleanly")

# ---- what a client can put on a page is escaped where it lands (issue 22, point 4) --------
HOSTILE = "<!--<script>"
esc = Carcref(binary, ["--db", ":memory:", "play", "--players", "Anna:red,%s:blue" % HOSTILE,
                       "--serve", "0"])
_, p = esc.url()
COMMENT = "place crfr 1,0   # <!--<script></script>&amp;"


def inline_state_checked():
    """The page's inline JSON: no raw < > &, and the same as /state.json."""
    s = state(p)
    status, _, body = request(p, "GET", "/")
    page = body.decode()
    # Three: the page's words (in the table's language), its first state, its code.
    check(page.count("<script") == 3 and page.count("</script>") == 3, "the page's scripts")
    words = page.split('<script id="words" type="application/json">', 1)[1].split("</script>")[0]
    check("<" not in words and ">" not in words and "&" not in words,
          "the page's words have a raw < > or &: %s" % words[:300])
    check(json.loads(words)["to_move"] == "to move", "the page's words: %s" % words[:300])
    initial = page.split('<script id="initial" type="application/json">', 1)[1]
    initial = initial.split("</script>", 1)[0]
    check("<" not in initial and ">" not in initial and "&" not in initial,
          "the page's inline JSON has a raw < > or &: %s" % initial[:300])
    inline = json.loads(initial)
    for key in ["players", "recent", "turn", "scorings", "state"]:
        check(inline[key] == s[key], "the inline JSON's %s differs from /state.json's" % key)
    return s


esc.send(COMMENT)
esc.expect(r"D at 1,0 rotated 0")
wait_until(lambda: state(p)["recent"] != [], "the comment's command on the page")
check(COMMENT.split("#")[1].strip() in inline_state_checked()["recent"][0]["command"],
      "the comment is not on the page as typed: %s" % state(p)["recent"])
for command in ["pass", "place W -1,0 0", "meeple 1", "place W 2,0 0", "pass"]:
    esc.send(command)
esc.expect(r"→ <!--<script> \+4", "the hostile name's scoring")
wait_until(lambda: state(p)["turn"] == HOSTILE, "the hostile name's turn on the page")
s = inline_state_checked()
check([x["name"] for x in s["players"]] == ["Anna", HOSTILE], "names: %s" % s["players"])
svg = svg_ok(p)
root = ET.fromstring(svg)
check(any((e.text or "").startswith(HOSTILE) for e in root.iter()),
      "the board does not name %s (escaped) in its text" % HOSTILE)
check(HOSTILE not in svg, "the board carries the name unescaped")
check(esc.quit() == 0, "carcref with a hostile name did not quit cleanly")

# ---- every game is drawn and followed ---------------------------------------------------
START = ["--start", "ffff ffff ffFf2 ffFf1"]
games = [
    ("gcc", ["--with", "gcc"] + PLAYERS + START, "place fFfF=1 0,2", "Anna"),
    ("mists", ["--game", "mists", "--level", "1", "--players", "Anna:red/green,Ben:blue/yellow"]
     + START, "place frff 2,0", "Anna"),
    ("city", ["--game", "city", "--players", "Anna:red,Ben:blue,Cara:yellow", "--stacks",
              "4,4,4"], "place hhhhp 0,0", "Anna"),
]
for name, args, command, mover in games:
    g = Carcref(binary, ["--db", ":memory:", "play"] + args + ["--serve", "0"])
    _, p = g.url()
    first = state(p)
    check(first["game"] == name and first["turn"] == mover, "%s: %s" % (name, first))
    g.send(command)
    wait_until(lambda: state(p)["version"] > first["version"], name + "'s update")
    later = state(p)
    check(later["recent"][0]["command"] == command, "%s: recent %s" % (name, later["recent"]))
    svg = svg_ok(p)
    check(svg.count("<g class=\"tile\"") >= 2 or name == "city" and "<svg" in svg,
          "%s: the board shows no new tile" % name)
    check(g.quit() == 0, name + ": carcref did not quit cleanly")

# Bare carcref (the REPL with no game yet) serves too: "no game yet", no board.
bare = Carcref(binary, ["--db", ":memory:", "--serve", "0"])
_, p = bare.url()
s = state(p)
check(not s["has_game"] and s["players"] == [] and not s["board"], "no game: %s" % s)
status, _, _ = request(p, "GET", "/board.svg")
check(status == 404, "/board.svg with no game answered %d" % status)
bare.send("new base " + " ".join(['--players', '"Anna:red,Ben:blue"']))
wait_until(lambda: state(p)["has_game"], "the new game on the page")
check(state(p)["turn"] == "Anna", "the new game's turn")
check(bare.quit() == 0, "bare carcref did not quit cleanly")

print("live page: all routes, updates, bad requests, serve, and base/gcc/mists/city passed")
