#!/usr/bin/env bash
# The REPL on a real terminal (libedit) with no locale set: a game opens, a tile and a pass
# go through, and the prompt with "·" shows (readline was reported crashing on it without a
# UTF-8 locale; repl.cpp now sets one).
# Ctrl-C clears the line being typed; the history is on disk after each line (kill -9); Tab
# completes from the context; a turn ends with one status line (on a terminal only).
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
# on_tty_keys CHUNK…: like on_tty, but each chunk is typed as it is (printf %b: "\t" is Tab,
# "\003" is Ctrl-C, "\n" ends a line), half a second apart.
on_tty_keys() {
  local chunk
  for chunk in "$@"; do
    sleep 0.5
    printf '%b' "$chunk"
  done | env -u LANG -u LC_ALL timeout 20 script -qec "exec $binary --db :memory:" /dev/null 2>&1
  return "${PIPESTATUS[1]}"
}

check() {  # check NAME CONDITION-STATUS OUTPUT
  if [ "$2" -eq 0 ]; then
    passed=$((passed + 1))
  else
    echo "$3" | tail -8
    echo "repl tty: $1"
    failed=$((failed + 1))
  fi
}

# Ctrl-C drops the half-typed line ("plac") and the game goes on: the next line is read alone.
out=$(on_tty_keys 'new base --players A,B\n' 'plac' '\003' 'place U 1,0 0\n' 'quit\n')
rc=$?
grep -q "U at 1,0 rotated 0" <<<"$out" && ! grep -q "placplace" <<<"$out" &&
  grep -q "game 1 is in the log: carcref resume 1" <<<"$out" && [ $rc -eq 0 ]
check "Ctrl-C did not clear the line, or the program did not carry on (exit $rc)" $? "$out"

# After a line that ends a turn, one line with the scores and the tiles left (only here, on a
# terminal: piped in, the output stays as it was).
out=$(on_tty 'new base --players A,B' 'place U 1,0 0' 'pass' quit)
grep -q "— A 0 · B 0 · 70 tiles left" <<<"$out"
check "no status line after the turn" $? "$out"
out=$(printf 'new base --players A,B\nplace U 1,0 0\npass\n' | "$binary" --db :memory: 2>&1)
! grep -q "^— " <<<"$out"
check "a status line with input piped in" $? "$out"
out=$(on_tty 'new mists --level 1 --players "A:red,B:blue" --start "ffff ffff ffFf2 ffFf1"' \
  'place fFff2 2,0' quit)
# The Mists game's line has the base game's shape, and is the only status line after the turn
# (its own "B to place a tile · score … · bank 10" line said the same again, with the pile's
# count beside the supply's).
grep -q "— team 0 · 49 tiles left · bank 10" <<<"$out" && ! grep -q "B to place a tile" <<<"$out"
check "no Mists status line after the turn, or two" $? "$out"

# The history is on disk after each line, even when the program is killed (kill -9).
history_home=$(mktemp -d)
pidfile="$history_home/pid"
{
  sleep 0.5
  printf 'new base --players A,B\n'
  sleep 0.5
  printf 'place U 1,0 0\n'
  sleep 1
  kill -9 "$(cat "$pidfile")"
  sleep 0.5
} | env -u LANG -u LC_ALL XDG_DATA_HOME="$history_home" timeout 20 \
  script -qec "echo \$\$ >$pidfile; exec $binary --db :memory:" /dev/null >/dev/null 2>&1
grep -qF 'place\040U\0401,0\0400' "$history_home/carcref/history" 2>/dev/null &&
  grep -qF 'new\040base' "$history_home/carcref/history"
check "the history was not on disk after kill -9" $? "$(cat "$history_home/carcref/history" 2>&1)"
rm -rf "$history_home"

# Tab knows the context: after `place U 1,` the cell 1,0 and then its only rotation, 0; after
# `meeple fi` the word field, completed; in a Mists level-5 game, after `haunt` the one tile
# whose mist area the team picks, then after S the half-edge SL.
out=$(on_tty_keys 'new base --players A,B\n' 'place U 1,\t' '\t' '\n' 'meeple fi\t' 'NL\n' \
  'quit\n')
grep -q "U at 1,0 rotated 0" <<<"$out" && grep -q "meeple on the field" <<<"$out"
check "Tab did not complete the cell, the rotation or the meeple's field" $? "$out"
out=$(on_tty_keys 'new mists --level 5 --players "A:red,B:blue" --start "ffff ffff ffFf2 ffFf1"\n' \
  'place FfFf1/1 2,0\n' 'place ffffg 3,0\n' 'haunt \t' 'S\t' '\n' 'quit\n')
grep -q "1 ghost on the mist SL+SR at 2,0 (B.7.6, EDGE-08)" <<<"$out"
check "Tab did not complete the haunt answer" $? "$out"

echo "repl tty: $passed passed, $failed failed"
[ $failed -eq 0 ]
