#!/usr/bin/env bash
# Makes a session log of 1,000 sessions for measuring review speed (issue 11: `sessions` and
# `stats` over 1,000 sessions; `show`): four real games (the scripted base, GCC, Mists and
# City games of tests/scenarios) played once, then their rows copied 250 times with new ids
# and uuids (with their summaries, when the log has them). Not a test: it prints the time of
# sessions, stats and show over the log.
# Usage: tests/make_archive.sh path/to/carcref OUT.db
set -euo pipefail
binary=$1
out=$2
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export XDG_DATA_HOME="$tmp/data"
rm -f "$out" "$out-wal" "$out-shm"
for scenario in base_short_game gcc_score_order mists_level1_win city_3p_last_tile; do
  args=$(sed -n 's/^# args: //p' "$here/scenarios/$scenario.txt")
  grep '^> ' "$here/scenarios/$scenario.txt" | sed 's/^> //' >"$tmp/script.txt"
  eval "\"\$binary\" --db \"\$out\" --no-color play $args --script \"\$tmp/script.txt\"" >/dev/null 2>&1 || true
done
copies="WITH RECURSIVE n(k) AS (SELECT 1 UNION ALL SELECT k + 1 FROM n WHERE k < 249)"
sqlite3 "$out" "
$copies INSERT INTO sessions SELECT s.id + 4 * n.k, s.uuid || '-' || n.k, s.created_at, s.updated_at,
  s.game, s.options, s.players, s.status, s.result, s.origin FROM sessions s, n WHERE s.id <= 4;
$copies INSERT INTO session_tiles SELECT t.session_id + 4 * n.k, t.name, t.definition
  FROM session_tiles t, n WHERE t.session_id <= 4;
$copies INSERT INTO commands SELECT c.session_id + 4 * n.k, c.seq, c.text, c.undone, c.state_hash,
  c.created_at FROM commands c, n WHERE c.session_id <= 4;
$copies INSERT INTO events SELECT e.session_id + 4 * n.k, e.seq, e.idx, e.kind, e.data
  FROM events e, n WHERE e.session_id <= 4;"
# The summaries `sessions` and `stats` read (schema 3), copied with their sessions.
if [ "$(sqlite3 "$out" "SELECT count(*) FROM sqlite_master WHERE name = 'session_summaries'")" = 1 ]; then
  sqlite3 "$out" "$copies INSERT INTO session_summaries SELECT m.session_id + 4 * n.k, m.summary
    FROM session_summaries m, n WHERE m.session_id <= 4;"
fi
echo "$out: $(sqlite3 "$out" 'select count(*) from sessions') sessions, $(du -k "$out" | cut -f1) KB"
for command in sessions stats "show 998" "show 999"; do
  # shellcheck disable=SC2086  # a subcommand and its argument
  /usr/bin/time -f "$command: %e s, %M KB peak" "$binary" --db "$out" $command >/dev/null
done
