#!/usr/bin/env bash
# The REPL on a real terminal (libedit) with no locale set: a game opens, a tile and a pass
# go through, and the prompt with "·" shows (readline was reported crashing on it without a
# UTF-8 locale; repl.cpp now sets one).
set -uo pipefail
binary=$1
command -v script >/dev/null || { echo "repl tty: 0 passed, 0 failed (no script command)"; exit 0; }
out=$( (sleep 0.5; echo 'new base --players A,B'; sleep 0.5; echo 'place U 1,0 0'; sleep 0.5;
        echo 'pass'; sleep 0.5; echo quit) |
      env -u LANG -u LC_ALL timeout 20 script -qec "$binary --db :memory:" /dev/null 2>&1)
rc=$?
if [ $rc -ne 0 ] || ! grep -q "b · tile>" <<<"$out"; then
  echo "$out" | tail -5
  echo "repl tty: 0 passed, 1 failed (exit $rc)"
  exit 1
fi
echo "repl tty: 1 passed, 0 failed"
