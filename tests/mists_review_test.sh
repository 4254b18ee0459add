#!/usr/bin/env bash
# Looking back at a co-op session through the binary: sessions, show, stats and replay read
# a Mists game like any other, and replay never changes the log.
set -euo pipefail
binary=$1
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export XDG_DATA_HOME="$work/xdg"
db="$work/log.db"
scenario="$root/tests/scenarios/mists_level1_win.txt"
args=$(sed -n 's/^# args: //p' "$scenario")
grep '^> ' "$scenario" | sed 's/^> //' | eval "\"$binary\" --db \"$db\" play $args --script -" >/dev/null 2>&1 || true

fail() { echo "mists_review: $*"; exit 1; }
before=$(sqlite3 "$db" .dump | sha256sum)
"$binary" --db "$db" sessions | grep -q "won (the score reached 53 of 50)" || fail "sessions"
"$binary" --db "$db" show 1 | grep -q "the players won at command 37" || fail "show"
# Each player with their two colours, as every game's show names players with theirs.
"$binary" --db "$db" show 1 | grep -qx "  players: Anna (red/green), Ben (blue/yellow)" ||
  fail "show: the players' colours"
"$binary" --db "$db" stats | grep -q "level 1: 1 game, 1 won (100%)" || fail "stats"
out=$("$binary" --db "$db" --no-color replay 1 --to 11)
grep -q "mist finished: 2 ghosts back to the bank (B.6.5)" <<<"$out" || fail "replay events"
# A scoring reads as the table said it (FormatScoreLine).
grep -q "^      city (city W at 2,2): 3 tiles × 2 + 1 pennant × 2 = 8 for blue → team +8 (B.9.5)$" \
  <<<"$out" || fail "replay scoring in the table's words"
grep -q "after command 11 of 37" <<<"$out" || fail "replay position"
grep -q "bank: 14 of 15 ghosts" <<<"$out" || fail "replay bank"
if "$binary" --db "$db" replay 1 --to 99 2>"$work/err"; then fail "--to 99 accepted"; fi
grep -q "has 37 commands: choose 0 to 37" "$work/err" || fail "--to 99 message"
"$binary" --db "$db" export 1 --svg "$work/board.svg" --chart "$work/chart.svg" --to 30 ||
  fail "export"
xmllint --noout "$work/board.svg" "$work/chart.svg" || fail "export: invalid SVG"
grep -q "after command 30 of 37" "$work/board.svg" || fail "export: position"
grep -q "ghosts in the bank" "$work/chart.svg" || fail "export: bank series"
# The picture names the players, not their colours twice, and explains the Mists symbols.
grep -q '>Anna (red)</text>' "$work/board.svg" || fail "export: colours by player name"
if grep -q 'red (red)' "$work/board.svg"; then fail "export: red (red)"; fi
for entry in mist "ghost symbols" ghost castle cemetery "buried meeple" hound; do
  grep -q "data-entry=\"$entry\"" "$work/board.svg" || fail "export: no legend entry $entry"
done
grep -q '<g class="ghost-symbols"' "$work/board.svg" || fail "export: no ghost symbols"
steps=$(printf 'replay 1 10\nnext\nprev\ngoto 37\nghosts\nstop\n' | "$binary" --db "$db" 2>&1)
grep -q "11 · place Ffff1 0,-1" <<<"$steps" || fail "REPL replay: next"
grep -q "score 53 of 50 · bank 14" <<<"$steps" || fail "REPL replay: goto"
grep -q "replay of session 1 stopped" <<<"$steps" || fail "REPL replay: stop"
after=$(sqlite3 "$db" .dump | sha256sum)
[ "$before" = "$after" ] || fail "the log changed"
echo "coop review: 1 passed, 0 failed"
