#!/usr/bin/env bash
# A brief fuzz run for ctest: every seed of tests/fuzz/corpus/TARGET first, then mutations
# for FUZZ_SECONDS (default 20) seconds. New inputs go to a temporary directory; the
# committed corpus is only read. A crash, leak, UB report or hang (10 s) fails the test and
# prints the input that caused it (add it to the corpus after fixing the bug).
#   run_brief.sh FUZZ_BINARY TESTS_FUZZ_DIR TARGET
set -euo pipefail
binary=$1
dir=$2
target=$3
source "$dir/targets.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/new"
args=(-max_total_time="${FUZZ_SECONDS:-20}" -max_len="$(fuzz_max_len "$target")" -timeout=10
      -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$work/")
[ -f "$dir/$target.dict" ] && args+=(-dict="$dir/$target.dict")
if ! ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
     "$binary" "${args[@]}" "$work/new" "$dir/corpus/$target" >"$work/log" 2>&1; then
  tail -n 60 "$work/log"
  for f in "$work"/crash-* "$work"/leak-* "$work"/timeout-* "$work"/oom-*; do
    [ -e "$f" ] || continue
    cp "$f" "${FUZZ_ARTIFACTS:-.}/" 2>/dev/null || true
    echo "input that failed ($f, copied to ${FUZZ_ARTIFACTS:-.}), as hex:"
    od -A d -t x1z -v "$f" | head -n 40
  done
  echo "fuzz.$target: FAILED"
  exit 1
fi
grep -E '^stat::number_of_executed_units|^Done' "$work/log" || true
echo "fuzz.$target: no crash"
