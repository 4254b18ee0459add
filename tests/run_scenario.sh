#!/usr/bin/env bash
# Transcript test: runs the "> " lines of a scenario through `carcref play --script - --echo`
# and compares everything carcref prints (stdout and stderr, in order) with the scenario.
#
# Scenario format (tests/scenarios/*.txt):
#   # args: --players "Anna:red,Ben:blue" [--tiles winter] [--no-farmers]
#   # exit: 0                  (optional: carcref's exit status must be this; 1 = a line refused)
#   # env: LANGUAGE=cs         (optional: the environment carcref runs in, NAME=VALUE …; the
#                              language variables are otherwise unset: English)
#   # any other line starting with "# " is a note for the reader
#   > place U 1,0 0            (a command, echoed by carcref as it runs)
#     U at 1,0 rotated 0: …    (what carcref must print)
# With UPDATE=1 the scenario's expected lines are rewritten from the actual output.
set -uo pipefail
binary=$1
scenario=$2
args=$(sed -n 's/^# args: //p' "$scenario")
want_exit=$(sed -n 's/^# exit: //p' "$scenario")
env_words=$(sed -n 's/^# env: //p' "$scenario")
# The user's language never reaches a transcript: each says its own (# env:, or --lang in args).
unset LANGUAGE LC_ALL LC_MESSAGES LANG
actual=$(mktemp)
expected=$(mktemp)
# carcref keeps data (the last start tile, saved tiles) in $XDG_DATA_HOME: each scenario gets
# an empty one, so no scenario depends on what ran before it or on the user's own data.
export XDG_DATA_HOME=$(mktemp -d)
trap 'rm -f "$actual" "$expected"; rm -rf "$XDG_DATA_HOME"' EXIT
grep '^> ' "$scenario" | sed 's/^> //' |
  eval "env $env_words \"$binary\" --db :memory: --no-color play $args --script - --echo" \
    >"$actual" 2>&1
rc=$?
grep -v '^# ' "$scenario" >"$expected"
if [ "${UPDATE:-0}" = 1 ]; then
  { grep '^# ' "$scenario"; cat "$actual"; } >"$scenario.new" && mv "$scenario.new" "$scenario"
  exit 0
fi
if ! diff -u "$expected" "$actual"; then
  echo "scenario $(basename "$scenario"): output differs (- expected, + actual)"
  exit 1
fi
if [ -n "$want_exit" ] && [ "$rc" != "$want_exit" ]; then
  echo "scenario $(basename "$scenario"): carcref exited $rc, not $want_exit"
  exit 1
fi
