#!/usr/bin/env bash
# The REPL on a real terminal (libedit) with no locale set: a game opens, a tile and a pass
# go through, and the prompt with "·" shows (readline was reported crashing on it without a
# UTF-8 locale; repl.cpp now sets one).
# Then leaving never crashes: `quit` and Ctrl-D, from a base, a GCC, a Mists and a City game, exit 0
# and say how to resume (leaving a Mists game asked the co-op game for a base-game phase and
# crashed).
set -uo pipefail
binary=$1
command -v script >/dev/null || { echo "repl tty: 0 passed, 0 failed (no script command)"; exit 0; }
# Saved start tiles and the history go to an empty data directory, not the user's.
export XDG_DATA_HOME=$(mktemp -d)
trap 'rm -rf "$XDG_DATA_HOME"' EXIT
passed=0
failed=0

# on_tty LINE…: types each line on a pseudo-terminal, half a second apart; a line "^D" is
# Ctrl-D. Prints what the terminal showed; the status is carcref's.
on_tty() {
  local line
  for line in "$@"; do
    sleep 0.5
    if [ "$line" = "^D" ]; then printf '\004'; else printf '%s\n' "$line"; fi
  done | env -u LANG -u LC_ALL timeout 20 script -qec "$binary --db :memory:" /dev/null 2>&1
  return "${PIPESTATUS[1]}"
}

out=$(on_tty 'new base --players A,B' 'place U 1,0 0' 'pass' quit)
rc=$?
if [ $rc -ne 0 ] || ! grep -q "b · tile>" <<<"$out"; then
  echo "$out" | tail -5
  echo "repl tty: the base game with a UTF-8 prompt failed (exit $rc)"
  failed=$((failed + 1))
else
  passed=$((passed + 1))
fi

declare -A games=(
  [base]='new base --players A,B'
  [gcc]='new base --with gcc --players A,B --start "ffff ffff ffFf2 ffFf1"'
  [mists]='new mists --level 1 --players "A:red,B:blue" --start "ffff ffff ffFf2 ffFf1"'
  [city]='new city --players A,B'
)
for game in base gcc mists city; do
  for leave in quit '^D'; do
    out=$(on_tty "${games[$game]}" "$leave")
    rc=$?
    if [ $rc -ne 0 ] || ! grep -q "game 1 is in the log: carcref resume 1" <<<"$out"; then
      echo "$out" | tail -5
      echo "repl tty: leaving a $game game with $leave: exit $rc"
      failed=$((failed + 1))
    else
      passed=$((passed + 1))
    fi
  done
done
echo "repl tty: $passed passed, $failed failed"
[ $failed -eq 0 ]
