#!/usr/bin/env bash
# Words are never data (DESIGN.md "Languages", issue #19): every transcript's commands, played
# in English, Czech and Slovak into a log of its own, leave the same log (sessions, commands with
# their state hashes, events, summaries, tile records; not the clock or the session's uuid) and
# the same script result JSON (`play --script --json`, the final state included; its refusals
# are the table's lines, in its language, compared by the line they refused). The English run is
# the reference; a scenario's own --lang gives way to each run's.
# Usage: tests/lang_data_test.sh path/to/carcref SCENARIO_DIR
set -uo pipefail

binary=$1
scenarios=$2
[ -x "$binary" ] || { echo "not executable: $binary"; exit 2; }
[ -d "$scenarios" ] || { echo "no scenarios in $scenarios"; exit 2; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/carcref-lang.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
unset LANGUAGE LC_ALL LC_MESSAGES LANG
export XDG_DATA_HOME=$tmp/data

# shellcheck source=tests/test_lib.sh
source "$(dirname "$0")/test_lib.sh"

# dump DB: the log's content, without what depends on the clock or chance.
dump() {
  python3 - "$1" <<'PY'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
queries = [
    "SELECT id, game, options, players, status, result FROM sessions ORDER BY id",
    "SELECT session_id, name, definition FROM session_tiles ORDER BY session_id, name",
    "SELECT session_id, seq, text, undone, state_hash FROM commands ORDER BY session_id, seq",
    "SELECT session_id, seq, idx, kind, data FROM events ORDER BY session_id, seq, idx",
    "SELECT session_id, summary FROM session_summaries ORDER BY session_id",
]
for q in queries:
    for row in db.execute(q):
        print("\t".join(str(v) for v in row))
PY
}

played=0
for scenario in "$scenarios"/*.txt; do
  name=$(basename "$scenario" .txt)
  # The scenario's own --lang gives way to this run's (CLI11 takes one).
  args=$(sed -n 's/^# args: //p' "$scenario" | sed -E 's/--lang[ =][a-z]+//')
  env_words=$(sed -n 's/^# env: //p' "$scenario")
  grep '^> ' "$scenario" | sed 's/^> //' >"$tmp/$name.in"
  for lang in en cs sk; do
    rm -rf "$XDG_DATA_HOME"
    eval "env $env_words \"$binary\" --db \"$tmp/$name.$lang.db\" --no-color play $args \
      --lang $lang --script \"$tmp/$name.in\" --json" >"$tmp/$name.$lang.json" 2>/dev/null
    echo "$?" >"$tmp/$name.$lang.rc"
    # The table's lines are in the run's language; the result is the JSON line. Its "errors"
    # are the refusals as the table printed them, in its language: compared by where they
    # were (FILE:LINE), the rest byte for byte.
    grep '^{' "$tmp/$name.$lang.json" | python3 -c '
import json, re, sys
for line in sys.stdin:
    result = json.loads(line)
    result["errors"] = [re.match(r"[^:]*:[0-9]+:", e).group(0) if re.match(r"[^:]*:[0-9]+:", e)
                        else "?" for e in result.get("errors", [])]
    print(json.dumps(result, sort_keys=True, ensure_ascii=False))
' >"$tmp/$name.$lang.result" || true
    dump "$tmp/$name.$lang.db" >"$tmp/$name.$lang.dump" 2>"$tmp/$name.$lang.dumperr" ||
      fail "$name ($lang): the log does not read: $(cat "$tmp/$name.$lang.dumperr")"
  done
  [ -s "$tmp/$name.en.dump" ] || fail "$name: the English run logged nothing"
  [ -s "$tmp/$name.en.result" ] || fail "$name: the English run printed no result JSON"
  for lang in cs sk; do
    cmp -s "$tmp/$name.en.rc" "$tmp/$name.$lang.rc" ||
      fail "$name: exits $(cat "$tmp/$name.$lang.rc") in $lang, $(cat "$tmp/$name.en.rc") in en"
    diff -u "$tmp/$name.en.result" "$tmp/$name.$lang.result" >"$tmp/$name.$lang.diff" ||
      fail "$name: the result JSON differs in $lang: $(head -c 600 "$tmp/$name.$lang.diff")"
    diff -u "$tmp/$name.en.dump" "$tmp/$name.$lang.dump" >"$tmp/$name.$lang.diff" ||
      fail "$name: the log differs in $lang: $(head -c 600 "$tmp/$name.$lang.diff")"
  done
  played=$((played + 1))
done
# Every game is among them (a missing scenario is a failure, not a skip).
for game in base gcc mists city; do
  ls "$scenarios" | grep -q "^${game}_" || fail "no scenario of the $game game"
done
[ "$played" -ge 20 ] || fail "only $played scenarios played"
echo "$played scenarios, each in en, cs and sk"
[ "$failures" -eq 0 ] || { echo "$failures failures"; exit 1; }
echo "ok"
