#!/usr/bin/env python3
"""The live board page in a real browser (Debian's chromium-headless-shell): a screenshot of
the page after a few commands (desktop and phone sized), and the page following the game: it
is loaded while Ben is to move, a command is typed, and the browser's DOM must then show
Anna to move, which only the page's own live update can have put there; and a game whose
player name and comment are HTML ("<!--<script>") renders its turn, names and scores; and a table
that speaks Czech serves the page and its board in Czech (issue #19).
Usage: live_page_browser_test.py CARCREF SCREENSHOT.png. Fails (never skips) without the
browser. Only 127.0.0.1; every wait bounded."""
import html
import os
import re
import shutil
import struct
import subprocess
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from live_page_common import Carcref, check, fail, request, state, wait_until  # noqa: E402

binary = os.path.abspath(sys.argv[1])
shot = os.path.abspath(sys.argv[2])
phone_shot = re.sub(r"\.png$", "", shot) + "-phone.png"

browser = shutil.which("chromium-headless-shell")
if not browser and os.access("/usr/lib/chromium/chromium-headless-shell", os.X_OK):
    browser = "/usr/lib/chromium/chromium-headless-shell"
if not browser:
    fail("chromium-headless-shell is not installed (bash tests/deps.sh installs it)")
# --no-sandbox: the test may run as root (CI does), where Chromium's sandbox refuses to start.
BROWSER = [browser, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
           "--no-first-run", "--disable-extensions", "--user-data-dir=" + os.path.join(
               os.path.dirname(shot) or ".", "live-page-chromium-profile")]


def png_size(path):
    with open(path, "rb") as f:
        head = f.read(24)
    check(head[:8] == b"\x89PNG\r\n\x1a\n", path + " is not a PNG")
    return struct.unpack(">II", head[16:24])


def screenshot(url, path, width, height):
    if os.path.exists(path):
        os.remove(path)
    run = subprocess.run(BROWSER + ["--window-size=%d,%d" % (width, height),
                                    "--screenshot=" + path, url],
                         stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                         timeout=60)
    check(run.returncode == 0 and os.path.exists(path),
          "no screenshot from %s:\n%s" % (browser, run.stdout[-2000:]))
    check(png_size(path) == (width, height), "%s is %s, not %dx%d" % (path, png_size(path),
                                                                       width, height))
    # A blank or error page compresses to a few KB; the board, the scores and the text don't.
    check(os.path.getsize(path) > 30000, "%s is only %d bytes: an empty page?" %
          (path, os.path.getsize(path)))


game = Carcref(binary, ["--db", ":memory:", "play", "--players", "Anna:red,Ben:blue",
                        "--serve", "127.0.0.1:0"])
url, port = game.url()
MEEPLE_STEP = r"to place a meeple or pass"
for command, answer in [("place crrr at 1,0", MEEPLE_STEP), ("meeple road W", r"puts a meeple"),
                        ("place W -1,0 0", MEEPLE_STEP), ("meeple field NL", r"Anna \+3"),
                        ("place A 0,-1 0", MEEPLE_STEP), ("meeple 2", r"on the monastery")]:
    game.send(command)
    game.expect(answer, "the answer to " + command)
before = state(port)
check(before["turn"] == "Ben" and before["players"][0]["score"] == 3, "before: %s" % before)

screenshot(url, shot, 1280, 900)
screenshot(url, phone_shot, 412, 915)

# The page follows the game: loaded with Ben to move, it must show Anna after Ben's move.
# Virtual time stands still while a request is open, and the page always has one open (its
# long poll); so once the update has arrived, `serve stop` ends the requests and the browser
# finishes and prints the DOM.
# The screenshots' pages are gone: the server notices (within a second) and counts none.
wait_until(lambda: state(port)["watching"] == 0, "the screenshots' pages to be let go")
dom = subprocess.Popen(BROWSER + ["--virtual-time-budget=3000", "--dump-dom", url],
                       stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
try:
    # A browser starting on a busy machine (the sanitizer build's tests) may take a while.
    wait_until(lambda: state(port)["watching"] >= 1, "the browser to follow the page", 60)
    game.send("place V 1,-1 180 pass")
    game.expect(r"V at 1,-1 rotated 180")
    after = state(port)
    check(after["turn"] == "Anna" and after["version"] > before["version"], "after: %s" % after)
    # The browser has shown the new version once it waits for the next one.
    wait_until(lambda: state(port)["watching"] >= 1, "the browser to take the update", 60)
    game.send("serve stop")
    game.expect(r"stopped serving")
    out, _ = dom.communicate(timeout=60)
finally:
    if dom.poll() is None:
        dom.kill()
        dom.wait()
check(dom.returncode == 0, "the browser failed to dump the page")
turn = re.search(r'<div id="turn">([^<]*)</div>', out)
check(turn is not None, "the page has no turn in the browser:\n" + out[:3000])
check(html.unescape(turn.group(1)) == "Anna",
      "the browser shows '%s' to move, not Anna: the live update did not arrive" % turn.group(1))
initial = re.search(r'<script id="initial" type="application/json">(.*?)</script>', out, re.S)
check(initial is not None and '"turn":"Ben"' in initial.group(1),
      "the page was not loaded before the move (its first state is not Ben's turn):\n" + out[-4000:])
check("place V 1,-1 180 pass" in out, "the browser does not list the last command")
scores = re.findall(r'<td class="score">(\d+)</td>', out)
check(scores == ["3", "0"], "the browser shows the scores %s, not 3 and 0" % scores)
check(game.quit() == 0, "carcref did not quit cleanly")

# Names and comments that are HTML (issue 22, point 4): "<!--<script>" once blanked the page for
# every viewer. The browser must render the turn, the scores and the comment as typed.
HOSTILE = "<!--<script>"
COMMENT = "place crfr 1,0   # <!--<script></script>&amp;"
game = Carcref(binary, ["--db", ":memory:", "play", "--players", "Anna:red,%s:blue" % HOSTILE,
                        "--serve", "127.0.0.1:0"])
url, port = game.url()
for command in [COMMENT, "pass", "place W -1,0 0", "meeple 1", "place W 2,0 0 pass"]:
    game.send(command)
game.expect(r"→ <!--<script> \+4", "the hostile name's scoring")
wait_until(lambda: state(port)["turn"] == HOSTILE, "the hostile name's turn")
# As above: the page's long poll holds virtual time; once it waits (it rendered and runs),
# serve stop ends it and the browser prints the DOM.
dom = subprocess.Popen(BROWSER + ["--virtual-time-budget=3000", "--dump-dom", url],
                       stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
try:
    wait_until(lambda: state(port)["watching"] >= 1, "the browser to run the page", 60)
    game.send("serve stop")
    game.expect(r"stopped serving")
    out, _ = dom.communicate(timeout=60)
finally:
    if dom.poll() is None:
        dom.kill()
        dom.wait()
check(dom.returncode == 0, "the browser failed to dump the page with HTML names")
turn = re.search(r'<div id="turn">([^<]*)</div>', out)
check(turn is not None and html.unescape(turn.group(1)) == HOSTILE,
      "the page with HTML names shows no turn (%s's): %s" % (HOSTILE, out[-3000:]))
names = [html.unescape(n) for n in re.findall(r'<span class="swatch"[^>]*></span>([^<]*)</td>',
                                             out)]
check(names == ["Anna", HOSTILE], "the browser shows the names %s" % names)
scores = re.findall(r'<td class="score">(\d+)</td>', out)
check(scores == ["0", "4"], "the browser shows the scores %s, not 0 and 4" % scores)
check(html.escape(COMMENT, quote=False) in out, "the browser does not list the comment as typed")
check(html.escape(HOSTILE, quote=False) + " +4" in out, "the browser shows no scoring for %s" %
      HOSTILE)
check(game.quit() == 0, "carcref with HTML names did not quit cleanly")
# A Czech table (issue #19): the page's labels and script words, the scoring's kind and the
# board's legend and tooltips in Czech, as the browser shows them.
game = Carcref(binary, ["--db", ":memory:", "--lang", "cs", "play", "--players",
                        "Anna:red,Ben:blue", "--serve", "127.0.0.1:0"])
url, port = game.url("herní plán živě na")
for command in ["place crrr at 1,0", "meeple road W", "place W -1,0 0", "meeple field NL"]:
    game.send(command)
game.expect(r"Anna \+3", "the Czech table's scoring")
wait_until(lambda: state(port)["players"][0]["score"] == 3, "the Czech page's scores")
status, _, svg = request(port, "GET", "/board.svg")
check(status == 200, "/board.svg of the Czech table answered %d" % status)
svg = svg.decode()
for word in [">louka</text>", ">město</text>", ">figurka</text>",
             "<title>Ben (blue): sedlák – louka NL+NR+EL+WR na -1,0</title>"]:
    check(word in svg, "the Czech board has no '%s':\n%s" % (word, svg[-3000:]))
check(">field</text>" not in svg, "the Czech board's legend is English")
dom = subprocess.Popen(BROWSER + ["--virtual-time-budget=3000", "--dump-dom", url],
                       stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
try:
    wait_until(lambda: state(port)["watching"] >= 1, "the browser to run the Czech page", 60)
    game.send("serve stop")
    game.expect(r"stránka s herním plánem zastavena")
    out, _ = dom.communicate(timeout=60)
finally:
    if dom.poll() is None:
        dom.kill()
        dom.wait()
check(dom.returncode == 0, "the browser failed to dump the Czech page")
for word in ['<html lang="cs">', "<h2>Body</h2>", "<h2>Poslední bodování</h2>",
             "<h2>Poslední příkazy</h2>", '<div class="label" id="turnlabel">na tahu</div>',
             '<div class="cmd">cesta (cesta E ke křižovatce na -1,0)</div>',
             '<img id="board" alt="herní plán"']:
    check(word in out, "the Czech page has no '%s':\n%s" % (word, out[-4000:]))
conn = re.search(r'<span id="conn">([^<]*)</span>', out)
# Once serve stop ended its long poll, the page says it lost the table, in Czech too.
check(conn is not None and (conn.group(1).startswith("živě · verze ") or
                            conn.group(1).startswith("nepřipojeno (carcref přestal")),
      "the Czech page's state is not Czech: %s" % (conn.group(1) if conn else out[:2000]))
check(game.quit() == 0, "the Czech carcref did not quit cleanly")
print("live page in the browser: screenshots %s and %s; the page followed the game; HTML "
      "names rendered; the Czech page and board in Czech" %
      (shot, phone_shot))
