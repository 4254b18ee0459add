#!/usr/bin/env bash
# The long fuzz campaign (README.md, "Fuzzing"): each target in turn, one process at a time
# at the lowest priority (nice 19), until it has run its count of executions:
#   10,000,000 for the parsers (command, tile, catalog), 1,000,000 for script and log.
# The fuzz build must exist (build-san, see README.md). Corpora grow in
# build-san/campaign/corpus/TARGET (seeded from tests/fuzz/corpus/TARGET); each target logs to
# build-san/campaign/TARGET.log and a crash input lands in build-san/campaign/ as crash-*,
# leak-*, timeout-* or oom-*; the campaign then stops at that target and says so.
#   tests/fuzz/campaign.sh [TARGET...]          (default: all five)
# Environment: FUZZ_BUILD (default build-san), FUZZ_RUNS_PARSER, FUZZ_RUNS_WHOLE (the counts),
# FUZZ_MAX_SECONDS (a time limit per target, default none: the count decides).
# At the end (and after each target) it prints a summary: executions, seconds, exec/s,
# coverage (edges) and corpus size per target.
set -uo pipefail
cd "$(dirname "$0")/../.."
source tests/fuzz/targets.sh
build=${FUZZ_BUILD:-build-san}
runs_parser=${FUZZ_RUNS_PARSER:-10000000}
runs_whole=${FUZZ_RUNS_WHOLE:-1000000}
max_seconds=${FUZZ_MAX_SECONDS:-0}
out="$build/campaign"
mkdir -p "$out"
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=("${FUZZ_TARGETS[@]}")

summary() {
  local t=$1 log="$out/$1.log"
  [ -f "$log" ] || return 0
  local execs secs cov corp
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  secs=$(sed -n 's/^Done [0-9]* runs in \([0-9]*\) second.*/\1/p' "$log" | tail -1)
  if [ -z "$execs" ]; then  # still running or stopped: the last status line
    execs=$(grep -o '^#[0-9]*' "$log" | tail -1 | tr -d '#')
  fi
  cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | cut -d' ' -f2)
  corp=$(grep -o 'corp: [0-9]*' "$log" | tail -1 | cut -d' ' -f2)
  printf '%-8s executions %-10s seconds %-6s exec/s %-6s cov %-6s corpus %s\n' "$t" \
    "${execs:-?}" "${secs:-?}" "$([ -n "$secs" ] && [ "$secs" -gt 0 ] && echo $((execs / secs)) || echo ?)" \
    "${cov:-?}" "${corp:-?}"
}

status=0
for t in "${targets[@]}"; do
  binary="$build/tests/fuzz/fuzz_$t"
  [ -x "$binary" ] || { echo "no $binary: build the fuzz build first (README.md)"; exit 2; }
  mkdir -p "$out/corpus/$t"
  runs=$runs_parser
  case "$t" in script | log) runs=$runs_whole ;; esac
  args=(-runs="$runs" -max_len="$(fuzz_max_len "$t")" -timeout=20 -rss_limit_mb=2048
        -print_final_stats=1 -artifact_prefix="$out/" -reload=0)
  [ "$max_seconds" -gt 0 ] && args+=(-max_total_time="$max_seconds")
  [ -f "tests/fuzz/$t.dict" ] && args+=(-dict="tests/fuzz/$t.dict")
  echo "$(date -u +%FT%TZ) fuzz_$t: up to $runs executions (log: $out/$t.log)"
  ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
    nice -n 19 "$binary" "${args[@]}" "$out/corpus/$t" "tests/fuzz/corpus/$t" >"$out/$t.log" 2>&1
  rc=$?
  summary "$t"
  if [ $rc -ne 0 ]; then
    echo "fuzz_$t stopped with status $rc: see $out/$t.log and the input in $out/"
    status=1
  fi
done
echo "summary:"
for t in "${targets[@]}"; do summary "$t"; done
exit $status
