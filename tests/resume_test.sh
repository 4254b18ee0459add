#!/usr/bin/env bash
# shellcheck disable=SC2015  # `check && ok … || fail …`: ok only prints, so it cannot fail
# Kill-and-resume test (DESIGN.md: a dead machine loses nothing).
#
# 1. The short base game of tests/scenarios/base_short_game.txt is played uninterrupted
#    (--script, --json, :memory:): the reference result.
# 2. The same game in the REPL on a database file, reading commands from a FIFO (stdin is
#    not a tty, so plain line mode). Half the game is fed, ending in the middle of a turn
#    (a tile placed, the meeple not yet decided); once the log holds those commands the
#    process gets kill -9.
# 3. `carcref --db FILE resume` with the rest of the game on stdin, then `sessions`.
#    Checks: the resume restores the half-played turn, the final score lines equal the
#    uninterrupted game's (and the hand-computed 32 / 16), the session shows as finished,
#    and every command is in the log, live.
# 4. `resume` on a file of random bytes and on a foreign SQLite database: one clear error
#    line, exit 2, and the file byte-identical with no side files created.
# Usage: tests/resume_test.sh path/to/carcref
set -euo pipefail

binary=$1
[ -x "$binary" ] || { echo "not executable: $binary"; exit 2; }
command -v sqlite3 >/dev/null || { echo "sqlite3 CLI missing (bash tests/deps.sh)"; exit 2; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/carcref-resume.XXXXXX")
pid=""
cleanup() {
  exec 3>&- 2>/dev/null || true
  if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then kill -9 "$pid" 2>/dev/null || true; fi
  rm -rf "$tmp"
}
trap cleanup EXIT
[ -n "${KEEP:-}" ] && trap - EXIT  # KEEP=1 keeps the temp directory for a look

failures=0
fail() {
  echo "FAIL: $*"
  failures=$((failures + 1))
}
ok() { echo "ok: $*"; }

players="Anna:red,Ben:blue"

# The game: only game commands, so that every line is one row in the log.
first_half=(
  "place crrr at 1,0"
  "meeple road W"
  "place W -1,0 0"
  "meeple field NL"
  "place A 0,-1 0"
  "meeple 2"
  "place rrff at 1,-1"
  "meeple road N"
  "place M 0,1 180"
  "meeple city S"
  "place V -1,-1 90 pass"
  "place N 1,1 270"
)
second_half=(
  "pass"
  "place rfrf at 0,-2"
  "meeple 1"
  "place E -1,-2 270 meeple city W"
  "place E 1,-2 90 meeple city E"
  "place E 2,-2 270"
  "meeple field NL"
  "place A -2,0 270"
  "meeple road E"
  "place X 0,-3 0"
  "meeple field NL"
  "place cffc+ at -1,1"
  "meeple 1"
  "place ffffm at 2,-3"
  "meeple monastery"
  "end"
)
total=$((${#first_half[@]} + ${#second_half[@]}))

# --- 1. the reference: the whole game uninterrupted ---------------------------------------
printf '%s\n' "${first_half[@]}" "${second_half[@]}" >"$tmp/game.txt"
timeout 10 "$binary" --db :memory: --no-color play --players "$players" --script - --json \
  <"$tmp/game.txt" >"$tmp/ref.out" 2>"$tmp/ref.err" || fail "the reference game was refused: $(cat "$tmp/ref.err")"
sed -n '/^game over · /,/^winner: \|^shared win: /p' "$tmp/ref.out" >"$tmp/ref.scores"
[ -s "$tmp/ref.scores" ] || fail "the reference game printed no final scores"
tail -n 1 "$tmp/ref.out" | python3 -c '
import json, sys
d = json.loads(sys.stdin.read())
scores = {p["name"]: p["score"] for p in d["players"]}
assert d["status"] == "finished", d["status"]
assert scores == {"Anna": 32, "Ben": 16}, scores
' && ok "uninterrupted game: finished, Anna 32, Ben 16 (as computed by hand)" ||
  fail "uninterrupted game JSON: $(tail -n 1 "$tmp/ref.out")"

# --- 2. half the game in the REPL, then kill -9 ---------------------------------------------
db="$tmp/log.db"
mkfifo "$tmp/in"
exec 3<>"$tmp/in"  # read-write: opening never blocks, and the REPL sees no EOF
"$binary" --db "$db" --no-color play --players "$players" <"$tmp/in" >"$tmp/run1.out" 2>&1 &
pid=$!
printf '%s\n' "${first_half[@]}" >&3

want=${#first_half[@]}
have=0
deadline=$((SECONDS + 10))
while [ "$SECONDS" -lt "$deadline" ]; do
  if [ -s "$db" ]; then  # never let sqlite3 be the one to create the file
    have=$(timeout 5 sqlite3 "$db" "select count(*) from commands" 2>/dev/null || echo 0)
  fi
  [ "$have" = "$want" ] && break
  sleep 0.05
done
if [ "$have" != "$want" ]; then
  fail "the log holds $have commands after 10 s, expected $want; REPL output:"
  cat "$tmp/run1.out"
fi
kill -0 "$pid" 2>/dev/null || fail "the REPL ended by itself before the kill"
kill -9 "$pid" 2>/dev/null || true
{ wait "$pid"; } 2>/dev/null || true
pid=""
exec 3>&-
grep -q "error" "$tmp/run1.out" && fail "the first half printed an error: $(grep error "$tmp/run1.out")"
ok "killed the REPL with $want commands in the log"

# --- 3. resume with the rest, then sessions ---------------------------------------------------
printf '%s\n' "${second_half[@]}" >"$tmp/rest.txt"
rc=0
timeout 10 "$binary" --db "$db" --no-color resume <"$tmp/rest.txt" >"$tmp/run2.out" 2>&1 || rc=$?
[ "$rc" = 0 ] || fail "resume exited $rc"
grep -q "error" "$tmp/run2.out" && fail "resume printed an error: $(grep error "$tmp/run2.out")"
head -n 1 "$tmp/run2.out" | grep -q "^resumed game 1 · the base game after $want commands" ||
  fail "resume's first line: $(head -n 1 "$tmp/run2.out")"
# The kill came between the placement of N and the meeple decision: the turn is restored.
grep -q "^Anna (red) to place a meeple or pass" "$tmp/run2.out" ||
  fail "resume did not restore the half-played turn"
grep -q "city (city S+W at 1,1) \[0,0 0,1 1,0 1,1\]: 4 tiles × 2 + 1 pennant × 2 = 10" "$tmp/run2.out" ||
  fail "the pass after resuming did not close the 10-point city"
sed -n '/^game over · /,/^winner: \|^shared win: /p' "$tmp/run2.out" >"$tmp/run2.scores"
if [ -s "$tmp/run2.scores" ] && cmp -s "$tmp/ref.scores" "$tmp/run2.scores"; then
  ok "final scores after kill + resume equal the uninterrupted game's"
else
  fail "final scores differ (- uninterrupted, + resumed):"
  diff -u "$tmp/ref.scores" "$tmp/run2.scores" || true
fi

timeout 10 "$binary" --db "$db" sessions >"$tmp/sessions.out" 2>&1 || fail "sessions failed: $(cat "$tmp/sessions.out")"
lines=$(grep -c . "$tmp/sessions.out" || true)
[ "$lines" = 2 ] || fail "sessions lists $lines lines, expected a header and 1: $(cat "$tmp/sessions.out")"
# A finished session shows its result: the scores, the winner first.
grep -Eq "^ +1 .* Anna 32 · Ben 16 +$total +[0-9]+$" "$tmp/sessions.out" &&
  ok "sessions: game 1 finished, Anna 32 · Ben 16, $total commands" ||
  fail "sessions: $(cat "$tmp/sessions.out")"

live=$(timeout 5 sqlite3 "$db" "select count(*) from commands where undone = 0")
all=$(timeout 5 sqlite3 "$db" "select count(*) from commands")
[ "$live" = "$total" ] && [ "$all" = "$total" ] && ok "no command lost: $live live commands" ||
  fail "the log holds $all commands, $live live; expected $total"
timeout 5 sqlite3 "$db" "select text from commands where undone = 0 order by seq" >"$tmp/logged.txt"
cmp -s "$tmp/logged.txt" "$tmp/game.txt" && ok "the log holds the game's commands in order" ||
  { fail "the logged commands differ from the game:"; diff -u "$tmp/game.txt" "$tmp/logged.txt" || true; }

# A finished game is not resumed again.
rc=0
timeout 10 "$binary" --db "$db" resume </dev/null >"$tmp/again.out" 2>&1 || rc=$?
[ "$rc" = 2 ] && grep -q "no unfinished session" "$tmp/again.out" &&
  ok "nothing left to resume: $(cat "$tmp/again.out")" ||
  fail "resume after the end: exit $rc: $(cat "$tmp/again.out")"

# --- 4. files that are not our log are left alone ---------------------------------------------
check_untouched() {  # label file expected-message
  local label=$1 file=$2 message=$3 before after rc=0
  before=$(sha256sum "$file" | cut -d' ' -f1)
  local listing_before listing_after
  listing_before=$(ls -A "$(dirname "$file")")
  timeout 10 "$binary" --db "$file" resume </dev/null >"$tmp/bad.out" 2>&1 || rc=$?
  after=$(sha256sum "$file" | cut -d' ' -f1)
  listing_after=$(ls -A "$(dirname "$file")")
  local n
  n=$(grep -c . "$tmp/bad.out" || true)
  if [ "$rc" = 2 ] && [ "$n" = 1 ] && grep -q "^error: .*$message" "$tmp/bad.out" &&
     [ "$before" = "$after" ] && [ "$listing_before" = "$listing_after" ]; then
    ok "$label: $(cat "$tmp/bad.out")"
  else
    fail "$label: exit $rc, $n lines, sha256 $before → $after, files [$listing_before] → [$listing_after]:"
    cat "$tmp/bad.out"
  fi
}
mkdir "$tmp/corrupt" "$tmp/foreign"
head -c 8192 /dev/urandom >"$tmp/corrupt/log.db"
check_untouched "random bytes" "$tmp/corrupt/log.db" "not a database"
timeout 5 sqlite3 "$tmp/foreign/log.db" "create table t(x); insert into t values (1);"
check_untouched "a foreign SQLite database" "$tmp/foreign/log.db" "not a carcref database"

mkdir "$tmp/foreign_wal"
timeout 5 sqlite3 "$tmp/foreign_wal/log.db" "pragma journal_mode = wal; create table t(x); insert into t values (1);" >/dev/null
check_untouched "a foreign SQLite database in WAL mode" "$tmp/foreign_wal/log.db" "not a carcref database"

# --- 5. two windows resume the same session: the second writer is refused --------------------
db2="$tmp/two.db"
printf 'place crrr at 1,0\n' | timeout 10 "$binary" --db "$db2" --no-color play --players "$players" >/dev/null 2>&1
mkfifo "$tmp/in_a" "$tmp/in_b"
exec 4<>"$tmp/in_a" 5<>"$tmp/in_b"
# Neither inherits the other's FIFO (or its own) for writing, so closing ours ends both.
"$binary" --db "$db2" --no-color resume 1 <"$tmp/in_a" >"$tmp/a.out" 2>&1 4>&- 5>&- &
pid_a=$!
"$binary" --db "$db2" --no-color resume 1 <"$tmp/in_b" >"$tmp/b.out" 2>&1 4>&- 5>&- &
pid_b=$!
wait_for() {  # file pattern count
  local deadline=$((SECONDS + 10))
  until [ "$(grep -c "$2" "$1" 2>/dev/null)" = "$3" ] || [ "$SECONDS" -ge "$deadline" ]; do sleep 0.05; done
}
wait_for "$tmp/a.out" "^resumed game 1" 1
wait_for "$tmp/b.out" "^resumed game 1" 1
printf 'meeple road W\n' >&4
deadline=$((SECONDS + 10))
until [ "$(timeout 5 sqlite3 "$db2" "select count(*) from commands")" = 2 ] || [ "$SECONDS" -ge "$deadline" ]; do
  sleep 0.05
done
printf 'meeple road W\nundo\n' >&5
wait_for "$tmp/b.out" "nothing logged here" 2
exec 4>&- 5>&-
{ wait "$pid_a"; wait "$pid_b"; } 2>/dev/null || true
refusal="session 1 was continued elsewhere (another carcref logged command 2); nothing logged here: resume it again to go on from there"
logged=$(timeout 5 sqlite3 "$db2" "select group_concat(text, '|') from commands order by seq")
if [ "$(grep -c "$refusal" "$tmp/b.out")" = 2 ] && [ "$logged" = "place crrr at 1,0|meeple road W" ]; then
  ok "two windows: the second writer's command and undo are refused, the log holds each command once"
else
  fail "two windows: log [$logged], second window: $(cat "$tmp/b.out")"
fi
rc=0
timeout 10 "$binary" --db "$db2" --no-color resume 1 </dev/null >"$tmp/again2.out" 2>&1 || rc=$?
[ "$rc" = 0 ] && grep -q "^resumed game 1 · the base game after 2 commands" "$tmp/again2.out" &&
  ok "two windows: the session still resumes" || fail "two windows: resume afterwards: $(cat "$tmp/again2.out")"

# --- 6. review only reads ----------------------------------------------------------------------
# A mistyped path: one line, exit 2, nothing created.
for cmd in sessions "show 1" stats "replay 1"; do
  rc=0
  # shellcheck disable=SC2086  # cmd is a subcommand and its argument
  "$binary" --db "$tmp/typo/log.db" $cmd >"$tmp/typo.out" 2>&1 || rc=$?
  [ "$rc" = 2 ] && [ "$(grep -c . "$tmp/typo.out")" = 1 ] && grep -q "no such file" "$tmp/typo.out" &&
    [ ! -e "$tmp/typo" ] && ok "$cmd on a mistyped path: $(cat "$tmp/typo.out")" ||
    fail "$cmd on a mistyped path: exit $rc, $(cat "$tmp/typo.out"), $(ls -A "$tmp/typo" 2>&1)"
done
# A read-only directory (as an unprivileged user, since root may write anywhere).
mkdir "$tmp/ro"
cp "$db" "$tmp/ro/log.db"
chmod 755 "$tmp"
chmod 555 "$tmp/ro"
chmod 444 "$tmp/ro/log.db"
if command -v setpriv >/dev/null && [ "$(id -u)" = 0 ]; then
  as_user=(setpriv --reuid=65534 --regid=65534 --clear-groups)
else
  as_user=()
fi
for cmd in sessions "show 1" stats "replay 1"; do
  rc=0
  # shellcheck disable=SC2086
  "${as_user[@]}" "$binary" --db "$tmp/ro/log.db" $cmd >"$tmp/ro.out" 2>&1 || rc=$?
  [ "$rc" = 0 ] && [ "$(ls -A "$tmp/ro")" = log.db ] && ok "$cmd in a read-only directory" ||
    fail "$cmd in a read-only directory: exit $rc: $(head -n 3 "$tmp/ro.out")"
done
chmod 755 "$tmp/ro"
# A short created_at and a session with an orphan event: show, sessions and stats carry on.
cp "$db" "$tmp/damaged.db"
timeout 5 sqlite3 "$tmp/damaged.db" "insert into sessions select 2, uuid || '-2', '2024', updated_at, game, options, players, status, result, origin from sessions where id = 1;
  insert into session_tiles select 2, name, definition from session_tiles where session_id = 1;
  insert into commands select 2, seq, text, undone, state_hash, created_at from commands where session_id = 1;
  insert into events select 2, seq, idx, kind, data from events where session_id = 1;
  insert into sessions select 3, uuid || '-3', created_at, updated_at, game, options, players, status, result, origin from sessions where id = 1;
  insert into events values (3, 99, 0, 'road', '{}');"
rc=0
"$binary" --db "$tmp/damaged.db" show 2 >"$tmp/short.out" 2>&1 || rc=$?
[ "$rc" = 0 ] && grep -q "^session 2 " "$tmp/short.out" && ok "show: a short created_at" ||
  fail "show with a short created_at: exit $rc: $(head -n 3 "$tmp/short.out")"
for cmd in sessions stats; do
  rc=0
  "$binary" --db "$tmp/damaged.db" $cmd >"$tmp/orphan.out" 2>&1 || rc=$?
  [ "$rc" = 0 ] && grep -q "^session 3 left out: .*damaged (event for missing command 99 of session 3)" "$tmp/orphan.out" &&
    ok "$cmd: a session with an orphan event is left out, the rest listed" ||
    fail "$cmd with an orphan event: exit $rc: $(head -n 5 "$tmp/orphan.out")"
done
grep -Eq "^ +2 " "$tmp/orphan.out" 2>/dev/null || grep -q "Anna" "$tmp/orphan.out" || fail "stats lost the other sessions"

if [ "$failures" -gt 0 ]; then
  echo "resume test: $failures failure(s)"
  exit 1
fi
echo "resume test: all passed"
