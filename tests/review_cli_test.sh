#!/usr/bin/env bash
# Reviewing past sessions through the real binary: sessions (with filters), show, stats,
# import (twice; a damaged file; the source never changed) and the upgrade of a version 1
# log (backed up byte for byte).
# Usage: tests/review_cli_test.sh path/to/carcref
set -euo pipefail

binary=$1
[ -x "$binary" ] || { echo "not executable: $binary"; exit 2; }
command -v sqlite3 >/dev/null || { echo "sqlite3 CLI missing (bash tests/deps.sh)"; exit 2; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/carcref-review.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
[ -n "${KEEP:-}" ] && trap - EXIT  # KEEP=1 keeps the temp directory for a look

# shellcheck source=tests/test_lib.sh
source "$(dirname "$0")/test_lib.sh"
play() {  # DB PLAYERS COMMANDS…: a game from a script on stdin
  local db=$1 players=$2
  shift 2
  printf '%s\n' "$@" | timeout 20 "$binary" --db "$db" play --players "$players" --script - >/dev/null
}

a="$tmp/a.db"
# 1: Ben closes the start city (+4), Anna's road scores 2 at the end.
play "$a" "Anna:red,Ben:blue" "place U 1,0 0" "meeple road E" "place E 0,1 180 meeple city S" "end"
# 2: Anna's city +4, Cy's road 3, Ben's farm 3.
play "$a" "Anna:red,Ben:blue,Cy" "place E 0,1 180 meeple city S" "place U 1,0 0 meeple field NL" \
  "place crrf at -1,0" "meeple road E" "end"
# 3: in progress, one command undone.
play "$a" "Ben:blue,Anna:red" "place U 1,0 0" "meeple road E" "undo" "pass" "place V 2,0 0"

# --- sessions ----------------------------------------------------------------------------------
run sessions --db "$a" sessions
if [ "$(rc_of sessions)" = 0 ] &&
   grep -Eq "^ +1  [0-9-]{10}  base  Anna, Ben +Ben 4 · Anna 2 +4 +2$" "$tmp/sessions.out" &&
   grep -Eq "^ +2  .*Anna, Ben, Cy +Anna 4 · Ben 3 · Cy 3 +5 +3$" "$tmp/sessions.out" &&
   grep -Eq "^ +3  .*Ben, Anna +in progress +3 +2$" "$tmp/sessions.out"; then
  ok "sessions: result and length (live commands, tiles) of each session"
else
  fail "sessions: exit $(rc_of sessions): $(cat "$tmp/sessions.out" "$tmp/sessions.err")"
fi
run cy --db "$a" sessions --player cy
[ "$(rc_of cy)" = 0 ] && [ "$(grep -c . "$tmp/cy.out")" = 2 ] && grep -q "Cy 3" "$tmp/cy.out" &&
  ok "sessions --player cy: only session 2" || fail "sessions --player cy: $(cat "$tmp/cy.out")"
today=$(sqlite3 "$a" "SELECT substr(created_at, 1, 10) FROM sessions WHERE id = 1")
run until --db "$a" sessions --game base --until 2000-01-01
run since --db "$a" sessions --since "$today" --until "$today"
[ "$(cat "$tmp/until.out")" = "no session matches" ] && [ "$(grep -c . "$tmp/since.out")" = 4 ] &&
  ok "sessions --since/--until: by the UTC date" ||
  fail "sessions by date: [$(cat "$tmp/until.out")] [$(cat "$tmp/since.out")]"
run bad_date --db "$a" sessions --since 2024-13-01
[ "$(rc_of bad_date)" = 2 ] && [ "$(cat "$tmp/bad_date.err")" = \
  "error: --since wants a date YYYY-MM-DD, not '2024-13-01'" ] && [ ! -s "$tmp/bad_date.out" ] &&
  ok "a bad date: one line, exit 2" ||
  fail "a bad date: exit $(rc_of bad_date): $(cat "$tmp/bad_date.err")"

# --- show --------------------------------------------------------------------------------------
run show --db "$a" show 1
if [ "$(rc_of show)" = 0 ] && grep -q "^  players: Anna (red), Ben (blue)$" "$tmp/show.out" &&
   grep -q "^        total  roads  cities  monasteries  farms$" "$tmp/show.out" &&
   grep -q "^  Ben       4      0       4            0      0  (blue)$" "$tmp/show.out" &&
   grep -q "^Ben wins with 4$" "$tmp/show.out" &&
   grep -q "^  command 3 · place E 0,1 180 meeple city S$" "$tmp/show.out" &&
   grep -q "^    city (city S at 0,1): 2 tiles × 2 = 4 → Ben +4$" "$tmp/show.out"; then
  ok "show 1: setup, breakdown, winner, events with their command"
else
  fail "show 1: exit $(rc_of show): $(cat "$tmp/show.out" "$tmp/show.err")"
fi
run show3 --db "$a" show 3
grep -q "^standings after 3 commands (in progress):$" "$tmp/show3.out" &&
  ok "show 3: an unfinished game shows its standings" || fail "show 3: $(cat "$tmp/show3.out")"
run show9 --db "$a" show 9
[ "$(rc_of show9)" = 2 ] && [ "$(cat "$tmp/show9.err")" = "error: no session 9" ] &&
  ok "show 9: no such session, exit 2" || fail "show 9: exit $(rc_of show9): $(cat "$tmp/show9.err")"

# --- stats -------------------------------------------------------------------------------------
run stats --db "$a" stats
if [ "$(rc_of stats)" = 0 ] && grep -q "^2 games played (2 base) · 1 in progress$" "$tmp/stats.out" &&
   grep -Eq "^Anna +2 +1 +50% +3.0 +4$" "$tmp/stats.out" &&
   grep -q "^points by feature: roads 5 · cities 8 · monasteries 0 · farms 3$" "$tmp/stats.out" &&
   grep -q "^longest road: 3 tiles, Cy (session 2, command 5" "$tmp/stats.out"; then
  ok "stats: games, wins, points by feature, records"
else
  fail "stats: exit $(rc_of stats): $(cat "$tmp/stats.out" "$tmp/stats.err")"
fi

# --- import ------------------------------------------------------------------------------------
b="$tmp/b.db"
play "$b" "Dan:black,Eve:yellow" "place U 1,0 0 pass" "end"
cp "$b" "$tmp/b.copy"
run import1 --db "$a" import "$b"
run import2 --db "$a" import "$b"
[ "$(cat "$tmp/import1.out")" = "imported 1 session, skipped 0 already present" ] &&
  [ "$(cat "$tmp/import2.out")" = "imported 0 sessions, skipped 1 already present" ] &&
  ok "import twice: the second adds nothing" ||
  fail "import: [$(cat "$tmp/import1.out" "$tmp/import1.err")] [$(cat "$tmp/import2.out" "$tmp/import2.err")]"
cmp -s "$b" "$tmp/b.copy" && [ ! -e "$b-wal" ] && [ ! -e "$b-shm" ] &&
  ok "the imported file is unchanged, with no side files" || fail "import changed $b"
[ "$(sqlite3 "$a" "SELECT count(*) FROM sessions")" = 4 ] &&
  [ "$(sqlite3 "$a" "SELECT origin FROM sessions WHERE id = 4")" = "$b#1" ] &&
  ok "the imported session is session 4, its origin $b#1" ||
  fail "after import: $(sqlite3 "$a" "SELECT id, origin FROM sessions")"

head -c 3000 /dev/urandom >"$tmp/junk.db"
cp "$tmp/junk.db" "$tmp/junk.copy"
run junk --db "$a" import "$tmp/junk.db"
[ "$(rc_of junk)" = 2 ] && [ "$(grep -c . "$tmp/junk.err")" = 1 ] &&
  grep -q "^error: nothing imported: session log $tmp/junk.db: " "$tmp/junk.err" &&
  cmp -s "$tmp/junk.db" "$tmp/junk.copy" && [ ! -e "$tmp/junk.db-wal" ] &&
  ok "import of a damaged file: $(cat "$tmp/junk.err")" ||
  fail "import of junk: exit $(rc_of junk): $(cat "$tmp/junk.err")"

# --- a version 1 log is upgraded, its copy kept ---------------------------------------------
v1="$tmp/v1.db"
sqlite3 "$v1" >/dev/null <<'SQL'
PRAGMA journal_mode = WAL;
CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
INSERT INTO meta(key, value) VALUES ('application', 'carcref');
CREATE TABLE sessions(id INTEGER PRIMARY KEY, uuid TEXT NOT NULL UNIQUE, created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL, game TEXT NOT NULL, options TEXT NOT NULL, players TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('active', 'finished', 'abandoned')),
  result TEXT NOT NULL DEFAULT '');
CREATE TABLE session_tiles(session_id INTEGER NOT NULL REFERENCES sessions(id),
  name TEXT NOT NULL, definition TEXT NOT NULL, PRIMARY KEY (session_id, name));
CREATE TABLE commands(session_id INTEGER NOT NULL REFERENCES sessions(id), seq INTEGER NOT NULL,
  text TEXT NOT NULL, undone INTEGER NOT NULL DEFAULT 0 CHECK (undone IN (0, 1)),
  state_hash TEXT NOT NULL, created_at TEXT NOT NULL, PRIMARY KEY (session_id, seq));
CREATE TABLE events(session_id INTEGER NOT NULL, seq INTEGER NOT NULL, idx INTEGER NOT NULL,
  kind TEXT NOT NULL, data TEXT NOT NULL, PRIMARY KEY (session_id, seq, idx),
  FOREIGN KEY (session_id, seq) REFERENCES commands(session_id, seq));
INSERT INTO sessions VALUES (1, '20240501T120000.000Z-1', '2024-05-01T12:00:00.000Z',
  '2024-05-01T12:00:05.000Z', 'base', '{}', 'Gus:red,Hal:blue', 'abandoned', '');
INSERT INTO commands VALUES (1, 1, 'place U 1,0 0', 0, 'h', '2024-05-01T12:00:01.000Z');
PRAGMA user_version = 1;
SQL
cp "$v1" "$tmp/v1.copy"
# Review only reads: sessions lists it as it is; the first open that may write (here the
# REPL) upgrades it.
run v1 --db "$v1" sessions
if [ "$(rc_of v1)" = 0 ] && grep -Eq "^ +1  2024-05-01  base  Gus, Hal +abandoned +1 +1$" "$tmp/v1.out" &&
   cmp -s "$v1" "$tmp/v1.copy" && [ ! -e "$v1.bak-v1" ]; then
  ok "a version 1 log: listed by sessions, left as it is"
else
  fail "version 1 log, sessions: exit $(rc_of v1): $(cat "$tmp/v1.out" "$tmp/v1.err"); $(ls "$tmp")"
fi
run v1_repl --db "$v1"
if [ "$(rc_of v1_repl)" = 0 ] && cmp -s "$v1.bak-v1" "$tmp/v1.copy" &&
   [ "$(sqlite3 "$v1" "PRAGMA user_version")" = 3 ] &&
   [ "$(sqlite3 "$v1" "SELECT count(*) FROM session_summaries")" = 1 ]; then
  ok "a version 1 log: upgraded to 3 when opened to write (its session summarised), the old file kept byte for byte as .bak-v1"
else
  fail "version 1 log, upgrade: exit $(rc_of v1_repl): $(cat "$tmp/v1_repl.err"); $(ls "$tmp")"
fi

# show says what the live game said: a farmer's field worth 0 is "Ben +0", not "nobody scores".
zero="$tmp/zero.db"
play "$zero" "Anna:red,Ben:blue" "place U 1,0 0 meeple road E" "place U -1,0 0 meeple field SL" "end"
run show_zero --db "$zero" show 1
grep -q "0 completed cities × 3 = 0 → Ben +0" "$tmp/show_zero.out" &&
  ! grep -q "nobody scores" "$tmp/show_zero.out" &&
  ok "show: a scorer of 0 is +0, as at the table" ||
  fail "show of a 0-point farm: $(grep field "$tmp/show_zero.out")"

if [ "$failures" -gt 0 ]; then
  echo "review cli test: $failures failure(s)"
  exit 1
fi
echo "review cli test: all passed"
