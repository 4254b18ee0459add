#!/usr/bin/env bash
# The session log's rough edges, through the real binary: a read-only log refused before
# anything is accepted, a missing or empty file left as it was by a refused play or a resume
# with nothing to resume, a full disk (a tiny tmpfs) leaving nothing behind.
# Damaged tile definitions in a log (a catalogue set, the Mists box, a saved City tile) are
# named as damage in the log by replay, export, resume and show.
# Usage: tests/log_edges_test.sh path/to/carcref   (as root: it mounts tmpfs file systems)
set -euo pipefail

binary=$1
[ -x "$binary" ] || { echo "not executable: $binary"; exit 2; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/carcref-edges.XXXXXX")
mounts=()
cleanup() {
  for m in "${mounts[@]}"; do umount "$m" 2>/dev/null || true; done
  rm -rf "$tmp"
}
trap cleanup EXIT

# shellcheck source=tests/test_lib.sh
source "$(dirname "$0")/test_lib.sh"
err_of() { cat "$tmp/$1.err"; }
# listing DIR: its files, names and sizes, to compare before and after.
listing() { (cd "$1" && find . -mindepth 1 -printf '%p %s\n' | sort); }
# tmpfs DIR SIZE [ro]: a small file system of its own.
tmpfs() {
  mkdir -p "$1"
  mount -t tmpfs -o "size=$2" tmpfs "$1"
  mounts+=("$1")
}
play_one() {  # DB: a short game logged there
  printf 'place U 1,0 0\n' | timeout 20 "$binary" --db "$1" play --players "A:red,B:blue" \
    --script - >/dev/null
}

# --- b: an empty or missing file is left as it was -----------------------------------------------
mkdir "$tmp/b"
: >"$tmp/b/empty.db"
before=$(listing "$tmp/b")
run b_resume --db "$tmp/b/empty.db" resume
run b_missing --db "$tmp/b/sub/missing.db" resume
run b_play --db "$tmp/b/empty.db" play --players "A:red,B:pink"
run b_play_new --db "$tmp/b/new.db" play --players "A:red"
if [ "$(rc_of b_resume)" = 2 ] && [ "$(rc_of b_missing)" = 2 ] && [ "$(rc_of b_play)" = 2 ] &&
   [ "$(rc_of b_play_new)" = 2 ] && [ "$(listing "$tmp/b")" = "$before" ] &&
   [ "$(err_of b_resume)" = "error: no unfinished session to resume (see carcref sessions)" ]; then
  ok "resume on an empty or missing file, a refused play: the files as they were"
else
  fail "empty file: $(listing "$tmp/b") / $(cat "$tmp"/b_*.err)"
fi
play_one "$tmp/b/empty.db"
run b_sessions --db "$tmp/b/empty.db" sessions
[ "$(grep -c "in progress" "$tmp/b_sessions.out")" = 1 ] &&
  ok "an empty file becomes the log at the first session" ||
  fail "empty file then play: $(cat "$tmp/b_sessions.out" "$tmp/b_sessions.err")"

# --- a: a read-only log is refused before anything is accepted -----------------------------------
tmpfs "$tmp/ro" 1m
play_one "$tmp/ro/d.db"
mount -o remount,ro "$tmp/ro"
before=$(listing "$tmp/ro")
run a_resume --db "$tmp/ro/d.db" resume
run a_play --db "$tmp/ro/d.db" play --players "A:red,B:blue" --script /dev/null
run a_new --db "$tmp/ro/new.db" play --players "A:red,B:blue" --script /dev/null
run a_sessions --db "$tmp/ro/d.db" sessions
want="error: session log $tmp/ro/d.db: the file is read-only; use --db to choose another file"
if [ "$(rc_of a_resume)" = 2 ] && [ "$(err_of a_resume)" = "$want" ] &&
   [ "$(rc_of a_play)" = 2 ] && [ "$(err_of a_play)" = "$want" ] && [ ! -s "$tmp/a_play.out" ] &&
   [ "$(rc_of a_new)" = 2 ] && grep -q "the directory $tmp/ro is read-only" "$tmp/a_new.err" &&
   [ "$(rc_of a_sessions)" = 0 ] && [ "$(listing "$tmp/ro")" = "$before" ]; then
  ok "a read-only log: refused in one line before anything is accepted, no side files"
else
  fail "read-only: $(cat "$tmp"/a_*.err) / $(listing "$tmp/ro")"
fi
# chmod 444 stops a user that is not root (root writes through permission bits).
if command -v setpriv >/dev/null && [ "$(id -u)" = 0 ]; then
  chmod 755 "$tmp"
  mkdir "$tmp/perm"
  play_one "$tmp/perm/d.db"
  chmod 444 "$tmp/perm/d.db"
  chmod 777 "$tmp/perm"
  before=$(listing "$tmp/perm")
  rc=0
  setpriv --reuid=65534 --regid=65534 --clear-groups timeout 20 "$binary" --db "$tmp/perm/d.db" \
    resume </dev/null >"$tmp/perm.out" 2>"$tmp/perm.err" || rc=$?
  [ "$rc" = 2 ] && grep -q "the file is read-only; use --db" "$tmp/perm.err" &&
    [ "$(listing "$tmp/perm")" = "$before" ] &&
    ok "a chmod 444 log (another user): refused, no side files" ||
    fail "chmod 444: $rc $(cat "$tmp/perm.err") / $(listing "$tmp/perm")"
fi

# --- c: a full disk when the log is made -------------------------------------------------------
for size in 8k 40k 80k; do
  tmpfs "$tmp/full$size" "$size"
  run "c_$size" --db "$tmp/full$size/d.db" play --players "A:red,B:blue" --script /dev/null
  if [ "$(rc_of "c_$size")" = 2 ] &&
     [ "$(err_of "c_$size")" = "error: session log $tmp/full$size/d.db: disk full" ] &&
     [ -z "$(listing "$tmp/full$size")" ]; then
    ok "disk full at $size: one line, nothing left behind"
  else
    fail "disk full at $size: $(err_of "c_$size") / $(listing "$tmp/full$size")"
  fi
done

# --- e: control characters in names ---------------------------------------------------------------
run e_play --db "$tmp/e.db" play --players $'A\nB:red,C\e[31m:blue' --script /dev/null
want='error: player 1: a name cannot hold a control character (\x0A at character 2 of the players)'
[ "$(rc_of e_play)" = 2 ] && [ "$(err_of e_play)" = "$want" ] && [ ! -e "$tmp/e.db" ] &&
  ok "a line break in a name: refused at play with its place, nothing logged" ||
  fail "control in a name: $(rc_of e_play) $(err_of e_play)"
run e_play2 --db "$tmp/e.db" play --players $'Ann:red,C\e[31m:blue' --script /dev/null
[ "$(rc_of e_play2)" = 2 ] && grep -q "^error: player 2: .*(\\\\x1B at character 10 " \
  "$tmp/e_play2.err" && ok "an escape in a name: refused naming player 2" ||
  fail "escape in a name: $(err_of e_play2)"
printf 'new base --players "Ann:red,B\x07:blue"\nsessions\n' |
  timeout 20 "$binary" --db "$tmp/e.db" >"$tmp/e_new.out" 2>&1 || true
grep -q "player 2: a name cannot hold a control character" "$tmp/e_new.out" &&
  ok "new refuses a control character too" || fail "new: $(cat "$tmp/e_new.out")"
# A log written before the refusal: the name is printed escaped, the table stays aligned.
play_one "$tmp/old.db"
play_one "$tmp/old.db"
command -v sqlite3 >/dev/null || fail "sqlite3 is missing (tests/deps.sh installs it)"
if command -v sqlite3 >/dev/null; then
  sqlite3 "$tmp/old.db" "UPDATE sessions SET options = replace(options, '\"A\"', '\"A' ||
    char(27) || '[31mX' || char(10) || 'Y\"'), players = replace(players, 'A:', 'A' || char(27) ||
    '[31mX' || char(10) || 'Y:') WHERE id = 1; DELETE FROM session_summaries;"
  run e_sessions --db "$tmp/old.db" sessions
  if [ "$(rc_of e_sessions)" = 0 ] && ! grep -q $'\e' "$tmp/e_sessions.out" &&
     [ "$(grep -c . "$tmp/e_sessions.out")" = 3 ] &&
     grep -q 'A\\x1B\[31mX.\{1,4\}Y, B' "$tmp/e_sessions.out" &&
     [ "$(awk '{ print index($0, "in progress") }' "$tmp/e_sessions.out" | sort -u | wc -l)" = 2 ]
  then
    ok "an old log's control characters are printed escaped, the table aligned"
  else
    fail "old names: $(cat -A "$tmp/e_sessions.out")"
  fi
  # --- f: read-only commands on a damaged log say no --db advice -------------------------------
  play_one "$tmp/f.db"
  sqlite3 "$tmp/f.db" "UPDATE commands SET text = 'place' || char(1) || 'U' WHERE seq = 1"
  for cmd in "show 1" "replay 1" "export 1 --json -"; do
    name=f_${cmd%% *}
    # shellcheck disable=SC2086  # the words are the arguments
    run "$name" --db "$tmp/f.db" $cmd
    if [ "$(rc_of "$name")" = 2 ] && grep -q "damaged" "$tmp/$name.err" &&
       ! grep -q "use --db" "$tmp/$name.err"; then
      ok "$cmd on a damaged log: one line, no --db advice"
    else
      fail "$cmd on a damaged log: $(rc_of "$name") $(err_of "$name")"
    fi
  done
fi

# --- d: damage in a session's tile definitions is named as damage in the log ---------------------
# A \x7f put into a quoted YAML string of a tile record (sqlite3 through python3): the refusal
# names the session and the record, one line, the byte escaped, no --db advice, nothing changed.
damage() {  # DB RECORD OLD NEW: NEW (with DEL for \x7f) for the first OLD in that tile record
  python3 - "$@" <<'PY'
import sqlite3, sys
db, record, old, new = sys.argv[1:5]
c = sqlite3.connect(db)
text = c.execute("SELECT definition FROM session_tiles WHERE name = ?", (record,)).fetchone()[0]
assert old in text, old
c.execute("UPDATE session_tiles SET definition = ? WHERE name = ?",
          (text.replace(old, new.replace("DEL", "\x7f"), 1), record))
c.commit()
PY
}
# check_damage LABEL DB WANT [finished]: replay, export --svg/--json/--csv refuse with WANT; show
# prints the session with WANT ", so its board cannot be rebuilt"; resume (an unfinished one)
# refuses with WANT too; the file is as it was.
check_damage() {
  local label=$1 db=$2 want=$3 bad="" before cmd name
  before=$(md5sum "$db")
  for cmd in "replay 1" "export 1 --svg $tmp/$label.svg" "export 1 --json -" "export 1 --csv -" \
             "export --all --json -"; do
    name=d_${label}_$(echo "$cmd" | tr -c 'a-z0-9\n' _)
    # shellcheck disable=SC2086  # the words are the arguments
    run "$name" --db "$db" $cmd
    [ "$(rc_of "$name")" = 2 ] && [ "$(err_of "$name")" = "error: $want" ] &&
      [ ! -s "$tmp/$name.out" ] || bad+=" [$cmd: $(rc_of "$name") $(err_of "$name")]"
  done
  [ ! -e "$tmp/$label.svg" ] || bad+=" [an SVG was written]"
  run "d_${label}_show" --db "$db" show 1
  [ "$(rc_of "d_${label}_show")" = 0 ] &&
    grep -qxF "$want, so its board cannot be rebuilt" "$tmp/d_${label}_show.out" &&
    ! grep -q $'[\x01-\x08\x0b-\x1f\x7f]' "$tmp/d_${label}_show.out" ||
    bad+=" [show: $(rc_of "d_${label}_show") $(cat "$tmp/d_${label}_show.out" "$tmp/d_${label}_show.err")]"
  if [ "${4:-}" != finished ]; then
    run "d_${label}_resume" --db "$db" resume
    [ "$(rc_of "d_${label}_resume")" = 2 ] &&
      [ "$(err_of "d_${label}_resume")" = "error: $want — not resuming" ] ||
      bad+=" [resume: $(err_of "d_${label}_resume")]"
  fi
  [ "$(md5sum "$db")" = "$before" ] || bad+=" [the log changed]"
  [ -z "$bad" ] && ok "damaged tile definitions ($label): named as damage in the log" ||
    fail "damaged tile definitions ($label):$bad"
}
if python3 -c 'import sqlite3' 2>/dev/null; then
  mkdir "$tmp/d"
  play_one "$tmp/d/base.db"
  damage "$tmp/d/base.db" base "edges: crfr" 'edges: "cr\DELfr"'
  check_damage base "$tmp/d/base.db" 'session 1: its tile definitions in the log are damaged (base, line 31: YAML syntax: unknown escape character: \x7F)'
  # A finished game: show prints its stored result and the damage after it.
  here=$(cd "$(dirname "$0")" && pwd)
  grep '^> ' "$here/scenarios/base_short_game.txt" | sed 's/^> //' |
    timeout 20 "$binary" --db "$tmp/d/done.db" play --players "Anna:red,Ben:blue" --script - \
    >/dev/null
  damage "$tmp/d/done.db" base "count: 5" 'count: "5\DEL"'
  check_damage finished "$tmp/d/done.db" 'session 1: its tile definitions in the log are damaged (base, line 39: YAML syntax: unknown escape character: \x7F)' finished
  grep -q "^final scores:" "$tmp/d_finished_show.out" ||
    fail "show of a finished damaged session: $(cat "$tmp/d_finished_show.out")"
  # The Mists box.
  printf 'place frff 2,0\nmeeple road E\n' | XDG_DATA_HOME="$tmp/d/xdg" timeout 20 "$binary" \
    --db "$tmp/d/mists.db" play --game mists --level 1 --players "Anna:red/green,Ben:blue/yellow" \
    --start "ffff ffff ffFf2 ffFf1" --script - >/dev/null
  damage "$tmp/d/mists.db" set:mists "{id: M03," '{id: "M03\DEL",'
  check_damage mists "$tmp/d/mists.db" 'session 1: its tile definitions in the log are damaged (set:mists, line 29: YAML syntax: unknown escape character: \x7F)'
  # A City tile saved in the game and placed by its name: a saved description the game cannot
  # read, shown escaped with the record's name.
  printf 'tile save big hhhhp\nplace big 0,0\nmeeple residential N\n' | timeout 20 "$binary" \
    --db "$tmp/d/city.db" play --game city --players "Anna:red,Ben:blue" --script - >/dev/null
  damage "$tmp/d/city.db" saved:big hhhhp 'h\DELhhp'
  check_damage city "$tmp/d/city.db" "session 1: its tile definitions in the log are damaged (saved tile big (h\\\\x7Fhhp): expected h, m, b, s or a bracketed edge for the east edge, got '\\')"
fi

# --- g: a save of Mists tiles killed before its rename leaves no temp file for long ---------------
mkdir -p "$tmp/xdg/carcref"
dead=$(sh -c 'echo $$')
: >"$tmp/xdg/carcref/tiles.yaml.tmp.$dead"
: >"$tmp/xdg/carcref/tiles.yaml.tmp.$$"  # a carcref still saving (this shell): left alone
XDG_DATA_HOME="$tmp/xdg" run g_save --db "$tmp/g.db" play --game mists --level 1 \
  --players "Anna:red,Ben:blue" --start "ffff ffff ffFf2 ffFf1" --script /dev/null
if [ "$(rc_of g_save)" = 0 ] && grep -q "start-NW" "$tmp/xdg/carcref/tiles.yaml" &&
   [ ! -e "$tmp/xdg/carcref/tiles.yaml.tmp.$dead" ] && [ -e "$tmp/xdg/carcref/tiles.yaml.tmp.$$" ]
then
  ok "the next save removes the temp file of a killed save (dead PID), not a live one"
else
  fail "stale temp: $(rc_of g_save) $(err_of g_save) / $(ls "$tmp/xdg/carcref")"
fi

echo "$failures failed"
[ "$failures" = 0 ]
