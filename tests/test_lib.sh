# shellcheck shell=bash
# What the shell tests share (sourced after `tmp` and `binary` are set): counting failures,
# and running carcref with no input, bounded, keeping what it printed and its status.
failures=0
fail() {
  echo "FAIL: $*"
  failures=$((failures + 1))
}
ok() { echo "ok: $*"; }

# run NAME ARGS…: carcref with no input (bounded); stdout, stderr and the status kept.
run() {
  local name=$1
  shift
  local rc=0
  timeout 20 "$binary" --no-color "$@" </dev/null >"$tmp/$name.out" 2>"$tmp/$name.err" || rc=$?
  echo "$rc" >"$tmp/$name.rc"
}
rc_of() { cat "$tmp/$1.rc"; }
