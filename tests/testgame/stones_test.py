#!/usr/bin/env python3
"""Stones, the test game, through the real table of a carcref that registered it at startup
(tests/testgame/main.cpp): script mode into a log, resume in the REPL with undo and
`status --json`, resume again to the end, then sessions, show, replay, export --json/--svg,
`status --json` of the finished game, bad input on the command line and in the REPL, and the
live page. None of it is written for Stones beyond its rules and pictures: it is what any
registered game gets. Usage: stones_test.py CARCREF_TESTGAME. Every wait bounded."""
import json
import os
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from live_page_common import DEADLINE, Carcref, check, request, state, wait_until  # noqa: E402

binary = os.path.abspath(sys.argv[1])
work = tempfile.mkdtemp(prefix="carcref-stones-")
db = os.path.join(work, "log.db")
env = dict(os.environ, XDG_DATA_HOME=os.path.join(work, "data"), NO_COLOR="1")
PLAYERS = ["--players", "Anna:red,Ben:blue"]


def run(args, stdin=""):
    p = subprocess.run([binary, "--db", db] + args, input=stdin, capture_output=True, text=True,
                       env=env, timeout=60)
    return p.returncode, p.stdout, p.stderr


def last_json(text):
    lines = [line for line in text.splitlines() if line.startswith("{")]
    check(lines, "no JSON printed in:\n" + text)
    return json.loads(lines[-1])


# ---- 1. script mode into the log, stopping half-way --------------------------------------
script = os.path.join(work, "first.txt")
with open(script, "w") as f:
    f.write("stone 0,0\nstone 1,1\nstone 0,1\n")
rc, out, err = run(["play", "--game", "stones"] + PLAYERS + ["--script", script, "--json"])
check(rc == 0, "play --script exited %d: %s %s" % (rc, out, err))
result = json.loads(out.splitlines()[-1])
check(result["status"] == "in_progress" and result["game"] == "stones", "result: %s" % result)
# S.2: Anna 1 (0,0), then 2 (0,1 beside 0,0); Ben 1 (1,1).
check([p["score"] for p in result["players"]] == [3, 1], "scores after 3 stones: %s" % result)
rc, out, err = run(["sessions"])
check(rc == 0 and "stones" in out and "in progress" in out, "sessions: %s %s" % (out, err))

# ---- 2. resume: undo, a different stone, status --json; quit -----------------------------
rc, out, err = run(["resume"], "undo\nstone 2,2\nstatus --json\nquit\n")
check(rc == 0, "resume exited %d: %s %s" % (rc, out, err))
check("resumed game 1" in out, "no resume line: " + out)
check("undone: stone 0,1" in out, "undo not said: " + out)
s = last_json(out)
check(s["game"] == "stones" and s["owner"][0 * 3 + 1] == -1, "0,1 still taken: %s" % s)
check(s["owner"][2 * 3 + 2] == 0 and s["scores"] == [2, 1], "after 2,2: %s" % s)

# ---- 3. resume again and finish: the board full ends it (S.3) ----------------------------
rest = ["stone 0,1", "stone 1,0", "stone 0,2", "stone 2,0", "stone 1,2", "stone 2,1"]
rc, out, err = run(["resume"], "\n".join(rest + ["status --json", "quit"]) + "\n")
check(rc == 0, "second resume exited %d: %s %s" % (rc, out, err))
check("the board is full (S.3)" in out, "the end not said: " + out)
final = last_json(out)
check(final["over"] is True and all(o >= 0 for o in final["owner"]), "not over: %s" % final)
# S.2, Ben first now: Ben 0,1 beside 0,0 (Anna's) and 1,1 (his): 2 · Anna 1,0 beside 0,0: 2 ·
# Ben 0,2 beside 0,1: 2 · Anna 2,0 beside 1,0: 2 · Ben 1,2 beside 0,2 and 1,1: 3 · Anna 2,1
# beside 2,0 and 2,2: 3. Anna 1 + 1 + 2 + 2 + 3 = 9, Ben 1 + 2 + 2 + 3 = 8.
check(final["scores"] == [9, 8], "final scores: %s" % final)

# ---- 4. review: sessions, show, replay, export ------------------------------------------
rc, out, err = run(["sessions", "--game", "stones"])
check(rc == 0 and "Anna 9 · Ben 8" in out, "sessions: %s %s" % (out, err))
rc, out, err = run(["show", "1"])
check(rc == 0, "show exited %d: %s" % (rc, err))
check("session 1 · stones" in out, "show names no game: " + out)
check(re.search(r"Anna +9 +9", out) and re.search(r"Ben +8 +8", out) and "Anna wins with 9" in out,
      "show lacks the scores: " + out)
check("stone (2,1): 1 + 2 neighbours = 3 → Anna +3" in out, "show lacks the last scoring: " + out)
check("tiles placed" not in out, "show counts tiles of a game without tiles: " + out)
rc, out, err = run(["replay", "1", "--to", "2"])
check(rc == 0, "replay exited %d: %s" % (rc, err))
check("2  Ben: stone 1,1" in out and "after command 2:" in out, "replay --to 2: " + out)
rc, out, err = run(["replay", "1"])
check(rc == 0 and "r r r" in out.replace("\u00b7", "."), "replay's board: " + out)
rc, out, err = run(["export", "1", "--json", "-"])
check(rc == 0, "export --json exited %d: %s" % (rc, err))
exported = json.loads(out)
check(exported["game"] == "stones", "export names no game: " + out[:300])
live = [c["text"] for c in exported["commands"] if not c["undone"]]
undone = [c["text"] for c in exported["commands"] if c["undone"]]
check(live == ["stone 0,0", "stone 1,1", "stone 2,2"] + rest, "exported commands: %s" % live)
check(undone == ["stone 0,1"], "the undone command is not kept as undone: %s" % undone)
check([p["score"] for p in exported["players"]] == [9, 8], "exported scores: %s" % out[:300])
svg_file = os.path.join(work, "board.svg")
rc, out, err = run(["export", "1", "--svg", svg_file])
check(rc == 0, "export --svg exited %d: %s" % (rc, err))
svg = ET.parse(svg_file).getroot()
check(svg.tag.endswith("svg"), "export --svg wrote no SVG")
check(sum(1 for e in svg.iter() if e.get("class", "").startswith("stone")) == 9,
      "the exported board does not show 9 stones")

# ---- 5. bad input: one line, nothing logged --------------------------------------------
rc, out, err = run(["play", "--game", "stones", "--size", "9"] + PLAYERS + ["--script", script])
check(rc == 2 and err.count("\n") == 1 and "--size takes 3, 4 or 5" in err,
      "--size 9: %d %r" % (rc, err))
rc, out, err = run(["play", "--game", "stones", "--level", "2"] + PLAYERS + ["--script", script])
check(rc == 2 and err.count("\n") == 1 and "--level" in err, "--level to stones: %r" % err)
rc, out, err = run(["sessions"])
check(out.count("stones") == 1, "a refused game was logged: " + out)

# ---- 6. the live page --------------------------------------------------------------------
game = Carcref(binary, ["--db", os.path.join(work, "live.db"), "play", "--game", "stones"] +
               PLAYERS + ["--serve", "127.0.0.1:0"])
url, port = game.url()
s0 = state(port)
check(s0["has_game"] and s0["game"] == "stones", "state.json: %s" % s0)
check(s0["state"]["size"] == 3, "state.json carries no game state: %s" % s0)
status, headers, body = request(port, "GET", "/board.svg")
check(status == 200 and ET.fromstring(body).tag.endswith("svg"), "/board.svg: %d" % status)
game.send("stone 1,1")
wait_until(lambda: state(port)["version"] > s0["version"], "the page to follow the stone")
check(state(port)["state"]["owner"][4] == 0, "the page does not show the stone")
status, headers, body = request(port, "GET", "/board.svg")
check(b'class="stone p0"' in body, "the board picture has no stone")
check(game.quit() == 0, "carcref did not quit cleanly")
print("ok: Stones through script, log, resume, undo, review, export, bad input, live page")
