#!/usr/bin/env bash
# Reviewing past sessions through the real binary: `replay` and `export`.
#
# 1. A short three-player game (every kind of city shape, roads, monasteries, pennants,
#    meeples of every kind, an undo) is played into a fresh log file.
# 2. `replay` prints the commands and the board; bad input (no such session, N out of range)
#    is one error line and exit status 2.
# 3. `export --svg` (final and --to N) and `--chart`: each is valid XML (xmllint --noout)
#    and renders (rsvg-convert) to a PNG of plausible size.
# 4. `export --json` and `--csv` round trip through python3: every command with its seq,
#    text, undone flag and hash; the events' points add up to the final scores of the game;
#    `export --all --json -` holds every session.
# 5. A refused export (unwritable file) writes nothing; and after all of this the log holds
#    exactly what it held before (replay and export only read).
# Usage: tests/svg_check.sh path/to/carcref    (KEEP=1 keeps the temp directory)
set -uo pipefail

binary=$1
[ -x "$binary" ] || { echo "not executable: $binary"; exit 2; }
for tool in xmllint rsvg-convert python3 sqlite3; do
  command -v "$tool" >/dev/null || { echo "$tool missing (bash tests/deps.sh)"; exit 2; }
done

tmp=$(mktemp -d "${TMPDIR:-/tmp}/carcref-svg.XXXXXX")
[ -n "${KEEP:-}" ] && echo "keeping $tmp" || trap 'rm -rf "$tmp"' EXIT
db="$tmp/log.db"
failures=0
fail() {
  echo "FAIL: $*"
  failures=$((failures + 1))
}
ok() { echo "ok: $*"; }
run() { "$binary" --db "$db" --no-color "$@"; }

players="Anna:red,Ben:blue,Cleo:green"
cat >"$tmp/game.txt" <<'EOF'
place E 0,-1 180 meeple city S
place U -1,0 0 meeple road E
place B -1,-1 0 meeple monastery
place L 0,1 180 pass
place W 1,0 0 pass
place F -1,-2 0 meeple city E
place M 0,-2 0 pass
place V -2,0 180 meeple field NE
place H -3,0 0 pass
place R 0,-3 180 meeple city S
place X 0,2 0 meeple road S
place K 1,-1 180 pass
place Q 1,-2 90 meeple city N
place J -1,1 270 pass
place A 1,1 90 meeple monastery
place I -2,-1 270 pass
place G 2,1 90 pass
undo
place G 2,1 90 pass
place N -4,0 0 meeple field SE
place C -3,-1 0 pass
place S 0,3 0 meeple road S
place T 2,0 90 pass
place O -2,1 90 meeple city N
place P -1,2 0 pass
place D 3,0 270 meeple field SW
place U 1,2 0 pass
place V 3,1 270 meeple road S
place E -1,-3 90 pass
place M -2,-2 90 pass
place B 4,0 0 pass
place W 3,-1 180 meeple road E
end
EOF
run play --players "$players" --script "$tmp/game.txt" --json >"$tmp/play.out" 2>"$tmp/play.err"
if [ $? -ne 0 ] || [ -s "$tmp/play.err" ]; then
  fail "the game was refused: $(cat "$tmp/play.err")"
  exit 1
fi
tail -n 1 "$tmp/play.out" >"$tmp/result.json"
live=$(sqlite3 "$db" "SELECT count(*) FROM commands WHERE undone = 0")
before=$(sqlite3 "$db" .dump | sha256sum)

# --- replay ---------------------------------------------------------------------------
out=$(run replay 1 2>&1)
rc=$?
if [ $rc -eq 0 ] && grep -q "^session 1 · the base game · Anna (red), Ben (blue), Cleo (green) · finished · $live commands (1 undone, not replayed)$" <<<"$out" &&
   grep -q "^after command $live of $live (end):$" <<<"$out" && grep -q "^game over$" <<<"$out"; then
  ok "replay 1 lists $live commands and the final board"
else
  fail "replay 1 (status $rc): $out"
fi
out=$(run replay 1 --to 3 2>&1)
if grep -q "^   3  Cleo: place B -1,-1 0 meeple monastery$" <<<"$out" &&
   grep -q "^after command 3 of $live" <<<"$out" && ! grep -q "^   4 " <<<"$out"; then
  ok "replay 1 --to 3 stops after command 3"
else
  fail "replay 1 --to 3: $out"
fi
expect_refusal() {  # expect_refusal "what" "expected stderr" command...
  local what=$1 expected=$2
  shift 2
  local err rc
  err=$(run "$@" 2>&1 >"$tmp/refused.out")
  rc=$?
  if [ $rc -eq 2 ] && [ "$err" = "$expected" ] && [ ! -s "$tmp/refused.out" ]; then
    ok "$what: exit 2, '$err'"
  else
    fail "$what: status $rc, stderr '$err', stdout '$(cat "$tmp/refused.out")'"
  fi
}
expect_refusal "replay of a missing session" "$(run replay 99 2>&1 >/dev/null)" replay 99
grep -q "^error: .*99" <<<"$(run replay 99 2>&1)" || fail "replay 99 does not name the session"
expect_refusal "replay --to out of range" \
  "error: --to 999: session 1 has $live commands: choose 0 to $live" replay 1 --to 999

# --- pictures -------------------------------------------------------------------------
png_size() {  # prints "WIDTH HEIGHT BYTES" of a PNG
  python3 - "$1" <<'EOF'
import os, struct, sys
data = open(sys.argv[1], "rb").read(24)
assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
w, h = struct.unpack(">II", data[16:24])
print(w, h, os.path.getsize(sys.argv[1]))
EOF
}
check_picture() {  # check_picture FILE.svg MIN_WIDTH MIN_HEIGHT
  local svg=$1 png=${1%.svg}.png
  if ! xmllint --noout "$svg" 2>"$tmp/xmllint.err"; then
    fail "$svg is not well-formed XML: $(head -3 "$tmp/xmllint.err")"
    return
  fi
  if ! rsvg-convert "$svg" -o "$png" 2>"$tmp/rsvg.err"; then
    fail "rsvg-convert $svg: $(cat "$tmp/rsvg.err")"
    return
  fi
  read -r w h bytes <<<"$(png_size "$png")"
  if [ "${w:-0}" -ge "$2" ] && [ "${h:-0}" -ge "$3" ] && [ "$w" -le 6000 ] && [ "$h" -le 6000 ] &&
     [ "${bytes:-0}" -ge 10000 ]; then
    ok "$(basename "$svg"): valid XML, renders to ${w}x${h} (${bytes} bytes)"
  else
    fail "$(basename "$png") is ${w}x${h}, ${bytes} bytes"
  fi
}
if run export 1 --svg "$tmp/board.svg" --chart "$tmp/chart.svg" 2>"$tmp/export.err"; then
  check_picture "$tmp/board.svg" 640 600
  check_picture "$tmp/chart.svg" 600 300
  tiles=$(grep -c '<g class="tile"' "$tmp/board.svg")
  placed=$(grep -c '^place' "$tmp/game.txt")
  [ "$tiles" -eq "$placed" ] && ok "one tile group per tile ($tiles)" ||
    fail "$tiles tile groups for $placed tiles placed (+1 start, -1 undone)"
  for colour in '#d7263d' '#11813a'; do  # Anna's and Cleo's farmers stay to the end
    grep -q "fill=\"$colour\"" "$tmp/board.svg" || fail "no meeple in $colour on the board"
  done
else
  fail "export --svg --chart: $(cat "$tmp/export.err")"
fi
if run export 1 --svg "$tmp/board5.svg" --to 5 2>"$tmp/export.err" &&
   grep -q "after command 5 of $live (place W 1,0 0 pass)" "$tmp/board5.svg"; then
  check_picture "$tmp/board5.svg" 640 400
  [ "$(grep -c '<g class="tile"' "$tmp/board5.svg")" -eq 6 ] && ok "--to 5 shows 6 tiles" ||
    fail "--to 5 does not show 6 tiles"
else
  fail "export --svg --to 5: $(cat "$tmp/export.err")"
fi

# --- data -----------------------------------------------------------------------------
run export 1 --json "$tmp/session.json" --csv "$tmp/scores.csv" 2>"$tmp/export.err" ||
  fail "export --json --csv: $(cat "$tmp/export.err")"
run export 1 --json - >"$tmp/stdout.json" 2>>"$tmp/export.err" || fail "export --json -"
run export --all --json - >"$tmp/all.json" 2>>"$tmp/export.err" || fail "export --all --json -"
sqlite3 -separator '|' "$db" "SELECT seq, undone, state_hash FROM commands ORDER BY seq" >"$tmp/commands.txt"
if python3 - "$tmp" <<'EOF'; then
import csv, json, sys
tmp = sys.argv[1]
session = json.load(open(f"{tmp}/session.json"))
assert session == json.load(open(f"{tmp}/stdout.json")), "--json - differs from the file"
result = json.load(open(f"{tmp}/result.json"))
final = {p["name"]: p["score"] for p in result["players"]}
assert session["format"] == "carcref-session" and session["status"] == "finished"
assert [p["name"] for p in session["players"]] == ["Anna", "Ben", "Cleo"]
assert {p["name"]: p["score"] for p in session["players"]} == final, (session["players"], final)
logged = [line.strip().split("|") for line in open(f"{tmp}/commands.txt")]
assert len(session["commands"]) == len(logged)
number = 0
for c, (seq, undone, digest) in zip(session["commands"], logged):
    assert c["seq"] == int(seq) and c["undone"] == (undone == "1") and c["hash"] == digest, c
    if not c["undone"]:
        number += 1
        assert c["number"] == number
    else:
        assert c["number"] is None
texts = []
for line in open(f"{tmp}/game.txt"):
    if line.strip() == "undo":
        texts.pop()
    else:
        texts.append(line.strip())
live = [c["text"] for c in session["commands"] if not c["undone"]]
assert live == texts, (live, texts)
events = sum(len(c["events"]) for c in session["commands"] if not c["undone"])

rows = list(csv.DictReader(open(f"{tmp}/scores.csv", newline="")))
assert len(rows) == events, (len(rows), events)
for name, score in final.items():
    assert sum(int(r["points " + name]) for r in rows) == score, name
assert {r["kind"] for r in rows} >= {"road", "city", "monastery", "field"}
assert all(r["session"] == "1" and r["reason"] for r in rows)
closed = [r for r in rows if r["final"] == "0"]
assert closed and all(int(r["value"]) > 0 for r in closed)

archive = json.load(open(f"{tmp}/all.json"))
assert archive["format"] == "carcref-archive" and len(archive["sessions"]) == 1
assert archive["sessions"][0]["commands"] == session["commands"]
print(f"ok: JSON and CSV round trip: {len(session['commands'])} commands, {events} events, scores {final}")
EOF
  :
else
  fail "JSON/CSV round trip (python3 above)"
fi

# --- refusals write nothing, and the log is unchanged ---------------------------------
expect_refusal "export to a missing directory" \
  "error: cannot write $tmp/nope/board.svg: no such directory" \
  export 1 --svg "$tmp/nope/board.svg" --json "$tmp/never.json"
[ -e "$tmp/never.json" ] && fail "a refused export wrote $tmp/never.json"
expect_refusal "export --to out of range" \
  "error: --to 999: session 1 has $live commands: choose 0 to $live" \
  export 1 --svg "$tmp/never.svg" --to 999
[ -e "$tmp/never.svg" ] && fail "a refused export wrote $tmp/never.svg"
ls "$tmp" | grep -q carcref-tmp && fail "temporary files left behind"
after=$(sqlite3 "$db" .dump | sha256sum)
[ "$before" = "$after" ] && ok "replay and export left the log as it was" ||
  fail "the log changed during replay/export"

if [ "$failures" -ne 0 ]; then
  echo "svg_check: $failures failure(s)"
  exit 1
fi
echo "svg_check: all passed"
