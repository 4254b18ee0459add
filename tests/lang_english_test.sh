#!/usr/bin/env bash
# A Czech or Slovak table reads no English (issue #19): every transcript's commands, played in
# Czech and in Slovak, print none of tests/english_words.py's English words outside what the
# players typed (commands, tile notation, options, names) — each line that does is listed.
# Usage: tests/lang_english_test.sh path/to/carcref SCENARIO_DIR
set -uo pipefail

binary=$1
scenarios=$2
[ -x "$binary" ] || { echo "not executable: $binary"; exit 2; }
[ -d "$scenarios" ] || { echo "no scenarios in $scenarios"; exit 2; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/carcref-english.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
unset LANGUAGE LC_ALL LC_MESSAGES LANG

played=0
for scenario in "$scenarios"/*.txt; do
  name=$(basename "$scenario" .txt)
  # The run's language replaces the scenario's own (--lang in its args, LANGUAGE in its env).
  args=$(sed -n 's/^# args: //p' "$scenario" | sed -E 's/--lang[ =][a-z]+//')
  env_words=$(sed -n 's/^# env: //p' "$scenario" | sed -E 's/(LANGUAGE|LANG|LC_ALL|LC_MESSAGES)=[^ ]*//g')
  grep '^> ' "$scenario" | sed 's/^> //' >"$tmp/$name.in"
  # A transcript that switches language on purpose (`lang en`) is read up to the switch.
  if grep -q '^lang en' "$tmp/$name.in"; then
    sed -i '/^lang en/,$d' "$tmp/$name.in"
  fi
  for lang in cs sk; do
    export XDG_DATA_HOME=$tmp/data-$lang
    rm -rf "$XDG_DATA_HOME"
    eval "env $env_words \"$binary\" --db :memory: --no-color play $args --lang $lang \
      --script \"$tmp/$name.in\" --echo" >"$tmp/$name.$lang.out" 2>&1
  done
  played=$((played + 1))
done
[ "$played" -gt 0 ] || { echo "no scenario played from $scenarios"; exit 1; }
python3 "$(dirname "$0")/english_words.py" "$tmp"/*.cs.out "$tmp"/*.sk.out ||
  { echo "lang.english: English words at a Czech or Slovak table (above)"; exit 1; }
echo "lang.english: $played transcripts played in cs and sk, no English word read"
