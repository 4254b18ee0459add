#!/usr/bin/env bash
# A GCC session through the binary after the game: resume rebuilds it from the log alone
# (the Mists box and the start tile are stored with it), sessions/show/stats read it as game
# gcc with the ghosts' cost and the floor, replay and export draw it, and none of it changes
# the log.
set -euo pipefail
binary=$1
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export XDG_DATA_HOME="$work/xdg"
db="$work/log.db"
scenario="$root/tests/scenarios/gcc_full_game.txt"
args=$(sed -n 's/^# args: //p' "$scenario")
fail() { echo "gcc_review: $*"; exit 1; }

# Half the game, then resume in a fresh data directory: nothing but the log is needed.
grep '^> ' "$scenario" | sed 's/^> //' | grep -v '^end$' | head -30 >"$work/first.txt"
grep '^> ' "$scenario" | sed 's/^> //' | tail -n +31 >"$work/rest.txt"
eval "\"$binary\" --db \"$db\" play $args --script \"$work/first.txt\"" >/dev/null 2>&1 || true
export XDG_DATA_HOME="$work/empty"
"$binary" --db "$db" resume <"$work/rest.txt" >"$work/resumed.txt" 2>&1 || true
grep -q "resumed game 1" "$work/resumed.txt" || fail "resume: $(head -3 "$work/resumed.txt")"
grep -q "^game over · Anna 17 · Ben 8" "$work/resumed.txt" && grep -q "^winner: Anna$" "$work/resumed.txt" ||
  fail "resume: final scores"

before=$(sqlite3 "$db" .dump | sha256sum)
"$binary" --db "$db" sessions --game gcc | grep -q "Anna 17 · Ben 8" || fail "sessions --game gcc"
show=$("$binary" --db "$db" show 1)
grep -q "Ben +0 (3 − 2 ghosts × 2, floor +1)" <<<"$show" || fail "show: floor"
grep -q "Ben takes a guard" <<<"$show" || fail "show: cemetery guard"
"$binary" --db "$db" stats --game gcc | grep -q "ghosts -10 · floor 1" || fail "stats"
"$binary" --db "$db" --no-color replay 1 --to 20 | grep -q "bank" || fail "replay"
"$binary" --db "$db" export 1 --svg "$work/board.svg" || fail "export svg"
xmllint --noout "$work/board.svg" || fail "export: invalid SVG"
grep -q 'class="ghosts"' "$work/board.svg" || fail "export: no ghost badge"
for entry in mist "ghost symbols" ghost castle cemetery guard; do
  grep -q "data-entry=\"$entry\"" "$work/board.svg" || fail "export: no legend entry $entry"
done
"$binary" --db "$db" export 1 --json - | grep -q '"penalty"' || fail "export json: penalty"
after=$(sqlite3 "$db" .dump | sha256sum)
[ "$before" = "$after" ] || fail "looking back changed the log"
echo "gcc_review: ok"
