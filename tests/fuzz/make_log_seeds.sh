#!/usr/bin/env bash
# Writes the seeds of fuzz_log (tests/fuzz/corpus/log/seed-*.log): real session logs, written
# by a carcref binary from short scripts of the scenarios (a base game finished and one left
# open with an undo; GCC, Mists and City sessions left open), then rewritten with 512-byte
# pages (VACUUM) so that each file is small and quick to mutate.
#   tests/fuzz/make_log_seeds.sh [CARCREF_BINARY]     (default: build/carcref)
set -euo pipefail
cd "$(dirname "$0")/../.."
carcref=${1:-build/carcref}
out=tests/fuzz/corpus/log
mkdir -p "$out"
rm -f "$out"/seed-*.log
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export XDG_DATA_HOME="$work/data"

# play DB SCENARIO LINES [SCRIPT-SUFFIX]: the first LINES commands of a scenario.
play() {
  local db=$1 scenario=tests/scenarios/$2.txt lines=$3 extra=${4:-}
  local args
  args=$(sed -n 's/^# args: //p' "$scenario")
  { grep '^> ' "$scenario" | sed 's/^> //' | head -n "$lines"; printf '%b' "$extra"; } |
    eval "\"$carcref\" --db \"$db\" --no-color play $args --script -" >/dev/null 2>&1 || true
}
small() {  # small DB NAME
  sqlite3 "$1" "PRAGMA journal_mode=DELETE; PRAGMA page_size=512; VACUUM;" >/dev/null
  cp "$1" "$out/seed-$2.log"
}

play "$work/base.db" base_short_game 100
play "$work/base.db" base_short_game 6 'undo\n'
small "$work/base.db" base
play "$work/gcc.db" gcc_full_game 8
small "$work/gcc.db" gcc
play "$work/mists.db" mists_level1_win 8
small "$work/mists.db" mists
play "$work/city.db" city_3p_last_tile 8
small "$work/city.db" city
ls -l "$out"
