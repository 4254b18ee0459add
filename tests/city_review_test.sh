#!/usr/bin/env bash
# A City session end to end through the log: the 3-player game of
# tests/scenarios/city_3p_last_tile.txt is played part way into a database by a script, stopped
# in the middle of a wall building, resumed in the REPL (with undo), quit, resumed again and
# finished; then sessions, show, stats, replay and export read it as game city, and none of
# that changes the log. Also the exit statuses of the City scripts and of bad command-line
# options (a transcript cannot say them: tests/run_scenario.sh compares output only).
# Usage: tests/city_review_test.sh path/to/carcref
set -euo pipefail
binary=$1
root=$(cd "$(dirname "$0")/.." && pwd)
[ -x "$binary" ] || { echo "city_review: not executable: $binary"; exit 2; }
for tool in sqlite3 xmllint rsvg-convert python3; do
  command -v "$tool" >/dev/null || { echo "city_review: $tool missing (bash tests/deps.sh)"; exit 2; }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export XDG_DATA_HOME="$work/xdg"
db="$work/log.db"
scenarios="$root/tests/scenarios"
scenario="$scenarios/city_3p_last_tile.txt"
args=$(sed -n 's/^# args: //p' "$scenario")
fail() {
  echo "city_review: FAIL: $*"
  exit 1
}
# has FILE TEXT: the file contains TEXT as a fixed string.
has() { grep -qF -- "$2" "$1"; }
# The JSON object that `status --json` printed in a REPL transcript.
json_of() { grep '^{' "$1" | tail -1; }

# --- 1. Part of the game by a script: stop in the middle of the first wall building but one --
grep '^> ' "$scenario" | sed 's/^> //' | grep -v -e '^status$' -e '^remaining$' >"$work/all.txt"
[ "$(wc -l <"$work/all.txt")" -eq 35 ] || fail "the scenario should hold 35 game commands"
head -20 "$work/all.txt" >"$work/first.txt"  # … wall 0,1 N, wall 1,0 S: Anna's piece is next
tail -n +23 "$work/all.txt" >"$work/rest.txt"  # from `place hmhhL 5,0` to the end
[ "$(sed -n 21p "$work/all.txt")" = "wall 1,1 N" ] || fail "command 21 should be wall 1,1 N"
[ "$(sed -n 22p "$work/all.txt")" = "tower 1,1 N" ] || fail "command 22 should be tower 1,1 N"
[ "$(head -1 "$work/rest.txt")" = "place hmhhL 5,0" ] || fail "command 23 should be place hmhhL 5,0"
rc=0
eval "\"$binary\" --db \"$db\" play $args --script \"$work/first.txt\"" >"$work/first.out" 2>&1 || rc=$?
[ "$rc" -eq 0 ] || fail "play --script (first 20 commands) exited $rc: $(tail -3 "$work/first.out")"
[ "$(tail -1 "$work/first.out")" = "Anna to place a wall piece (3 of 3, stack 2): wall 1,1 N · wall 1,1 N watchman · wall 2,0 S · wall 2,0 S watchman" ] ||
  fail "the script should stop with Anna's wall piece awaited: $(tail -1 "$work/first.out")"
"$binary" --db "$db" sessions >"$work/sessions1.txt"
has "$work/sessions1.txt" "city  Anna, Ben, Cara  in progress        20      8" ||
  fail "sessions mid-game: $(cat "$work/sessions1.txt")"

# --- 2. Resume in the REPL: a watchman taken back with undo, then a tile taken back; quit ----
{
  echo "wall 1,1 N watchman"
  echo "undo"
  echo "wall 1,1 N"
  echo "tower 1,1 N"
  echo "place hmhhL 5,0"
  echo "undo"
  echo "status --json"
  echo "quit"
} >"$work/second.txt"
rc=0
"$binary" --db "$db" resume <"$work/second.txt" >"$work/second.out" 2>&1 || rc=$?
[ "$rc" -eq 0 ] || fail "resume (with undo) exited $rc: $(tail -3 "$work/second.out")"
has "$work/second.out" "resumed game 1 · Carcassonne: The City after 20 commands · Anna 1 · Ben 8 · Cara 8" ||
  fail "resume: $(head -2 "$work/second.out")"
has "$work/second.out" "Anna places a wall piece on 1,1 N with a watchman (65 pieces left)" ||
  fail "resume: the watchman piece"
has "$work/second.out" "undone: wall 1,1 N watchman" || fail "undo of the wall piece"
[ "$(grep -c '^Anna to place a wall piece (3 of 3, stack 2)' "$work/second.out")" -eq 2 ] ||
  fail "after undo the same wall piece should be awaited again"
has "$work/second.out" "tower (tower on 1,1 N): 3 pieces back to the gate = 3 → Ben +3" ||
  fail "resume: Ben's tower"
has "$work/second.out" "undone: place hmhhL 5,0" || fail "undo of the tile"
json_of "$work/second.out" >"$work/state_quit.json"
python3 - "$work/state_quit.json" <<'EOF' || fail "status --json after undo: $(cut -c1-300 "$work/state_quit.json")"
import json, sys
d = json.load(open(sys.argv[1]))
s = d.get("state", d)  # the state, with or without the result around it
checks = [
    (d["game"] == "city", "game"),
    (d.get("status", "in_progress") == "in_progress" and s["over"] is False, "in progress"),
    ([p["name"] for p in d["players"]] == ["Anna", "Ben", "Cara"], "players"),
    ([p["score"] for p in d["players"]] == [1, 11, 8], "scores"),
    (s["game"] == "city", "state.game"),
    (s["awaiting"]["step"] == "tile", "awaiting.step"),
    (s["awaiting"]["player"] == 2, "awaiting.player (Cara)"),
    (s["awaiting"]["words"] == "Cara to place a tile from stack 3 (4 tiles left in it)", "awaiting.words"),
    (len(s["tiles"]) == 8, "8 tiles after the undone one"),
    ([(p["supply"], p["watchmen"]) for p in s["players"]] == [(5, 0), (6, 1), (7, 0)],
     "supplies and watchmen: the undone watchman is back in Anna's supply"),
    (s["wall_pieces_left"] == 65, "wall pieces left"),
    (s["wall_gap"] == 8, "wall gap"),
]
bad = [name for ok, name in checks if not ok]
if bad:
    print("wrong: " + ", ".join(bad))
    sys.exit(1)
EOF

# --- 3. Resume again: the same state as at quit, then the rest of the game --------------------
{
  echo "status --json"
  cat "$work/rest.txt"
} >"$work/third.txt"
rc=0
"$binary" --db "$db" resume <"$work/third.txt" >"$work/third.out" 2>&1 || rc=$?
[ "$rc" -eq 0 ] || fail "second resume exited $rc: $(tail -3 "$work/third.out")"
has "$work/third.out" "resumed game 1 · Carcassonne: The City after 22 commands · Anna 1 · Ben 11 · Cara 8" ||
  fail "second resume: $(head -2 "$work/third.out")"
grep '^{' "$work/third.out" | head -1 >"$work/state_resumed.json"
cmp -s "$work/state_quit.json" "$work/state_resumed.json" ||
  fail "the state after resume differs from the state at quit (after undo)"
has "$work/third.out" "the game ends: the last tile has been placed (D.9.1b)" || fail "end reason"
has "$work/third.out" "game over · Anna 11 · Ben 18 · Cara 12" || fail "final scores: $(tail -3 "$work/third.out")"
has "$work/third.out" "winner: Ben" || fail "winner"

# --- 4. Looking back: nothing below may change the log ----------------------------------------
before=$(sqlite3 "$db" .dump | sha256sum)

"$binary" --db "$db" sessions >"$work/sessions.txt"
has "$work/sessions.txt" "city  Anna, Ben, Cara  Ben 18 · Cara 12 · Anna 11        35     12" ||
  fail "sessions: $(cat "$work/sessions.txt")"
"$binary" --db "$db" sessions --game city | grep -qF "Ben 18 · Cara 12 · Anna 11" || fail "sessions --game city"
if "$binary" --db "$db" sessions --game base | grep -qF "Anna, Ben, Cara"; then
  fail "sessions --game base lists the City session"
fi

"$binary" --db "$db" show 1 >"$work/show.txt"
for line in \
  "session 1 · city · " \
  "  options: stacks 4,4,4" \
  "  35 commands (2 undone, not counted), 12 tiles placed" \
  "        total  street  market  tower  residential area  watchman" \
  "  Anna     11       0       0      1                 8         2  (red)" \
  "  Ben      18       4       6      3                 0         5  (blue)" \
  "  Cara     12       2       7      3                 0         0  (yellow)" \
  "Ben wins with 18" \
  "    market (market on 0,1 2,1 1,1): 3 tiles × 2 goods (grain, fish) = 6 → Ben +6, Cara +6" \
  "    tower (tower on 3,0 S): 3 pieces back to the tower on 0,0 S = 3 → Cara +3" \
  "    market (end of game) (market E at 5,0): 1 tile × 1 good (livestock) = 1 (closed by the city wall at the end, D.9.4) → Cara +1" \
  "    residential area (end of game) (residential area N at 1,1): 1 market × 2 = 2 → Anna +2" \
  "    watchman (end of game) (watchman on 0,1 W looking E over 5 tiles): 1 public building × 2 + 1 historic building × 3 = 5 → Ben +5"; do
  has "$work/show.txt" "$line" || fail "show 1 lacks: $line"
done
[ "$(grep -c '^  command ' "$work/show.txt")" -eq 7 ] || fail "show 1: 7 commands with scoring events"

"$binary" --db "$db" stats >"$work/stats.txt"
has "$work/stats.txt" "1 game played (1 city)" || fail "stats: $(head -1 "$work/stats.txt")"
has "$work/stats.txt" "Ben         1     1      100%     18.0    18" || fail "stats: Ben's line"
has "$work/stats.txt" "points by feature: street 6 · market 13 · tower 7 · residential area 8 · watchman 7" ||
  fail "stats: points by feature"
"$binary" --db "$db" stats --game city | grep -qF "1 game played (1 city)" || fail "stats --game city"

"$binary" --db "$db" --no-color replay 1 >"$work/replay.txt"
has "$work/replay.txt" "  35  Cara: tower 3,0 S" || fail "replay: the last command"
has "$work/replay.txt" "  14  Anna: gate 0,0 W" || fail "replay: the gate"
has "$work/replay.txt" "  Ben (blue): 18" || fail "replay: the final scores"
[ "$(tail -1 "$work/replay.txt")" = "game over" ] || fail "replay: the position at the end"
if grep -qF "wall 1,1 N watchman" "$work/replay.txt"; then fail "replay shows an undone command"; fi
"$binary" --db "$db" --no-color replay 1 --to 20 >"$work/replay20.txt"
has "$work/replay20.txt" "  20  Cara: wall 1,0 S" || fail "replay --to 20: command 20"
if grep -q '^  21  ' "$work/replay20.txt"; then fail "replay --to 20 goes past command 20"; fi
has "$work/replay20.txt" "after command 20:" || fail "replay --to 20: position heading"
has "$work/replay20.txt" "  Ben (blue): 8" || fail "replay --to 20: the scores then"
# The awaited step as the table says it, with its answers.
[ "$(tail -1 "$work/replay20.txt" | cut -d: -f1)" = "Anna to place a wall piece (3 of 3, stack 2)" ] ||
  fail "replay --to 20: awaited step: $(tail -1 "$work/replay20.txt")"
rc=0
"$binary" --db "$db" replay 1 --to 99 >/dev/null 2>"$work/err.txt" || rc=$?
[ "$rc" -eq 2 ] || fail "replay --to 99 exited $rc, not 2"
[ "$(cat "$work/err.txt")" = "error: --to 99: session 1 has 35 commands: choose 0 to 35" ] ||
  fail "replay --to 99: $(cat "$work/err.txt")"

"$binary" --db "$db" export 1 --json - >"$work/session.json"
python3 - "$work/session.json" <<'EOF' || fail "export --json"
import json, sys
d = json.load(open(sys.argv[1]))
live = [c for c in d["commands"] if not c.get("undone")]
checks = [
    (d["format"] == "carcref-session", "format"),
    (d["game"] == "city", "game"),
    (d["status"] == "finished", "status"),
    ({p["name"]: p["score"] for p in d["players"]} == {"Anna": 11, "Ben": 18, "Cara": 12}, "scores"),
    (len(live) == 35, "35 live commands, not %d" % len(live)),
]
bad = [name for ok, name in checks if not ok]
if bad:
    print("export --json: wrong " + ", ".join(bad))
    sys.exit(1)
EOF

"$binary" --db "$db" export 1 --csv - >"$work/events.csv"
[ "$(head -1 "$work/events.csv" | tr -d '\r')" = "session,seq,command,kind,final,where,reason,value,points Anna,points Ben,points Cara" ] ||
  fail "export --csv: header $(head -1 "$work/events.csv")"
# Every scoring event, and the points columns add up to the final scores. (The value column is
# left empty for City events: reported, not asserted here.)
python3 - "$work/events.csv" <<'EOF' || fail "export --csv"
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1], newline="")))
kinds = [r["kind"] for r in rows]
totals = {n: sum(int(r["points " + n]) for r in rows) for n in ("Anna", "Ben", "Cara")}
checks = [
    (len(rows) == 12, "12 scoring events, not %d" % len(rows)),
    (totals == {"Anna": 11, "Ben": 18, "Cara": 12}, "points add up to %s" % totals),
    (kinds.count("tower") == 3 and kinds.count("watchman") == 2, "towers and watchmen"),
    (sum(r["final"] == "1" for r in rows) == 5, "5 final scorings"),
]
bad = [name for ok, name in checks if not ok]
if bad:
    print("export --csv: wrong " + ", ".join(bad))
    sys.exit(1)
EOF

"$binary" --db "$db" export 1 --svg "$work/board.svg" --chart "$work/chart.svg" || fail "export --svg --chart"
"$binary" --db "$db" export 1 --svg "$work/board20.svg" --to 20 || fail "export --svg --to 20"
for svg in board board20 chart; do
  xmllint --noout "$work/$svg.svg" || fail "export: $svg.svg is not well-formed XML"
  rsvg-convert "$work/$svg.svg" -o "$work/$svg.png" || fail "export: rsvg-convert refuses $svg.svg"
  [ -s "$work/$svg.png" ] || fail "export: $svg.svg renders to nothing"
done
has "$work/board.svg" "<title>carcref · session 1 · Carcassonne: The City · after 35 commands</title>" ||
  fail "export --svg: title"
[ "$(grep -o 'class="watchman"' "$work/board.svg" | wc -l)" -eq 2 ] || fail "export --svg: 2 watchmen"
[ "$(grep -o 'class="tower"' "$work/board.svg" | wc -l)" -eq 3 ] || fail "export --svg: 3 towers"
[ "$(grep -o 'class="gate"' "$work/board.svg" | wc -l)" -eq 1 ] || fail "export --svg: the gate"
[ "$(grep -o 'class="tile"' "$work/board.svg" | wc -l)" -eq 12 ] || fail "export --svg: 12 tiles"
has "$work/board20.svg" "· after 20 commands</title>" || fail "export --svg --to 20: title"
[ "$(grep -o 'class="tile"' "$work/board20.svg" | wc -l)" -eq 8 ] || fail "export --svg --to 20: 8 tiles"
has "$work/chart.svg" "Scores · session 1 · Carcassonne: The City" || fail "export --chart: heading"
has "$work/chart.svg" ">Ben 18</text>" || fail "export --chart: Ben's total"

after=$(sqlite3 "$db" .dump | sha256sum)
[ "$before" = "$after" ] || fail "looking back changed the log"

# --- 5. Exit statuses -------------------------------------------------------------------------
# The City scripts: 0 when every line is accepted, 1 when any is refused.
for name in city_2p_last_wall_piece:0 city_3p_last_tile:0 city_4p_wall_gap:0 city_bad_input:1; do
  file="$scenarios/${name%%:*}.txt"
  want=${name##*:}
  a=$(sed -n 's/^# args: //p' "$file")
  rc=0
  grep '^> ' "$file" | sed 's/^> //' |
    eval "\"$binary\" --db :memory: play $a --script -" >/dev/null 2>&1 || rc=$?
  [ "$rc" -eq "$want" ] || fail "${name%%:*}: exit status $rc, not $want"
done
# Bad options on the command line: one line, status 2, and no session is logged.
opts_db="$work/options.db"
check_option() {
  local want=$1
  shift
  local rc=0
  "$binary" --db "$opts_db" play --game city "$@" --script /dev/null >"$work/opt.out" 2>"$work/opt.err" ||
    rc=$?
  [ "$rc" -eq 2 ] || fail "play $*: exit status $rc, not 2"
  [ "$(cat "$work/opt.err")" = "$want" ] || fail "play $*: '$(cat "$work/opt.err")', not '$want'"
  [ ! -s "$work/opt.out" ] || fail "play $*: printed $(cat "$work/opt.out")"
}
two="Anna:red,Ben:blue"
check_option "error: unknown option --bogus for city (help new lists the options)" --players "$two" --bogus
check_option "error: --level belongs to Mists over Carcassonne (--game mists), not to Carcassonne: The City" --players "$two" --level 2
check_option "error: --no-farmers belongs to the base game (--game base), not to Carcassonne: The City" --players "$two" --no-farmers
check_option "error: --stacks takes three tile counts, e.g. 30,25,20, not '1,2'" \
  --players "$two" --stacks 1,2
check_option "error: every stack needs at least 1 tile (D.1.3)" --players "$two" --stacks 0,4,4
check_option "error: The City is for 2 to 4 players, not 5" \
  --players "Anna:red,Ben:blue,Cara:yellow,Dan:green,Eve:black"
# The log is made with its first session: a refused setup leaves no file.
[ ! -e "$opts_db" ] || fail "a refused setup was logged"

echo "city_review: ok"
