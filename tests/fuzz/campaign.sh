#!/usr/bin/env bash
# The long fuzz campaign (README.md, "Fuzzing"): each target in turn, one process at a time
# at the lowest priority (nice 19), until it has run its count of executions:
#   10,000,000 for the parsers (command, tile, catalog), 1,000,000 for script and log.
# The fuzz build must exist (build-san, see README.md). Corpora grow in
# build-san/campaign/corpus/TARGET (seeded from tests/fuzz/corpus/TARGET); each run of a target
# logs to build-san/campaign/TARGET.N.log and a crash input lands in build-san/campaign/ as
# crash-*, leak-*, timeout-* or oom-*; the campaign then stops at that target and says so.
#   tests/fuzz/campaign.sh [TARGET...]          (default: all five)
# A campaign continues across runs: every run appends its executions and seconds to
# build-san/campaign/TARGET.runs, the next run starts from the grown corpus and runs only what
# is still missing of the count, and the summary adds the runs up. A run stopped by a time
# limit or by SIGINT or SIGTERM counts what it did (a campaign started in the background
# with `&` ignores SIGINT, as bash makes background jobs do: stop it with kill -TERM).
# FUZZ_FRESH=1 (or deleting build-san/campaign) starts over.
# Environment: FUZZ_BUILD (default build-san), FUZZ_RUNS_PARSER, FUZZ_RUNS_WHOLE (the counts),
# FUZZ_MAX_SECONDS (a time limit per run of a target, default none: the count decides),
# FUZZ_FRESH, FUZZ_ASAN_OPTIONS (default detect_leaks=1:malloc_context_size=0) and FUZZ_FLAGS
# (more libFuzzer flags, default -entropic=0). The two defaults are about speed: a stack for
# every allocation cost about 15% of the whole-script target's time, and the entropic
# schedule's bookkeeping about a third (perf, 2026-11-27); a crash input is kept either way,
# and replaying it with the plain binary prints the full stacks.
# The targets' private directories (the damaged log files of fuzz_log) go to
# /dev/shm when it is writable (FUZZ_TMPDIR chooses another): a log file written, synced and
# deleted per input costs little there.
# At the end (and after each target) it prints a summary: executions, seconds, exec/s,
# coverage (edges, of the last run) and corpus size per target, over all its runs.
set -uo pipefail
cd "$(dirname "$0")/../.."
source tests/fuzz/targets.sh
build=${FUZZ_BUILD:-build-san}
runs_parser=${FUZZ_RUNS_PARSER:-10000000}
runs_whole=${FUZZ_RUNS_WHOLE:-1000000}
max_seconds=${FUZZ_MAX_SECONDS:-0}
asan_options=${FUZZ_ASAN_OPTIONS:-detect_leaks=1:malloc_context_size=0}
read -r -a extra_flags <<<"${FUZZ_FLAGS--entropic=0}"
out="$build/campaign"
tmp=${FUZZ_TMPDIR:-/dev/shm}
{ [ -d "$tmp" ] && [ -w "$tmp" ]; } || tmp=${TMPDIR:-/tmp}
[ "${FUZZ_FRESH:-0}" = 1 ] && rm -rf "$out"
mkdir -p "$out"
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=("${FUZZ_TARGETS[@]}")

# Executions of run log $1: the final stats, or the last status line of a run cut short.
executions() {
  local n
  n=$(sed -n 's/^stat::number_of_executed_units: *//p' "$1" | tail -1)
  [ -n "$n" ] || n=$(grep -o '^#[0-9]*' "$1" | tail -1 | tr -d '#')
  echo "${n:-0}"
}

# The executions and seconds of every run so far, added up: "EXECUTIONS SECONDS RUNS".
totals() {
  local ledger="$out/$1.runs"
  [ -f "$ledger" ] || { echo "0 0 0"; return; }
  awk '{e += $1; s += $2; n++} END {printf "%d %d %d\n", e, s, n}' "$ledger"
}

summary() {
  local t=$1 execs secs n last cov corp
  read -r execs secs n < <(totals "$t")
  [ "$n" -gt 0 ] || return 0
  last=$(ls -t "$out/$t".*.log 2>/dev/null | head -1)
  cov=$(grep -o 'cov: [0-9]*' "$last" | tail -1 | cut -d' ' -f2)
  corp=$(find "$out/corpus/$t" -type f | wc -l)
  printf '%-8s executions %-10s seconds %-6s exec/s %-6s runs %-3s cov %-6s corpus %s\n' "$t" \
    "$execs" "$secs" "$([ "$secs" -gt 0 ] && echo $((execs / secs)) || echo ?)" "$n" \
    "${cov:-?}" "$corp"
}

status=0
for t in "${targets[@]}"; do
  binary="$build/tests/fuzz/fuzz_$t"
  [ -x "$binary" ] || { echo "no $binary: build the fuzz build first (README.md)"; exit 2; }
  mkdir -p "$out/corpus/$t"
  runs=$runs_parser
  case "$t" in script | log) runs=$runs_whole ;; esac
  read -r done_execs _ n < <(totals "$t")
  left=$((runs - done_execs))
  if [ "$left" -le 0 ]; then
    echo "fuzz_$t: $done_execs executions already (of $runs)"
    summary "$t"
    continue
  fi
  log="$out/$t.$((n + 1)).log"
  args=(-runs="$left" -max_len="$(fuzz_max_len "$t")" -timeout=20 -rss_limit_mb=2048
        -print_final_stats=1 -artifact_prefix="$out/" -reload=0 "${extra_flags[@]}")
  [ "$max_seconds" -gt 0 ] && args+=(-max_total_time="$max_seconds")
  [ -f "tests/fuzz/$t.dict" ] && args+=(-dict="tests/fuzz/$t.dict")
  echo "$(date -u +%FT%TZ) fuzz_$t: $left more executions (of $runs; log: $log)"
  start=$(date +%s)
  # The run's own scratch directory, removed after it (a fuzzer stopped by SIGINT leaves its
  # private directory behind).
  scratch=$(mktemp -d "$tmp/carcref-campaign-$t-XXXXXX")
  TMPDIR=$scratch ASAN_OPTIONS=$asan_options UBSAN_OPTIONS=print_stacktrace=1 \
    nice -n 19 "$binary" "${args[@]}" "$out/corpus/$t" "tests/fuzz/corpus/$t" >"$log" 2>&1 &
  child=$!
  trap 'kill -INT $child 2>/dev/null' INT TERM
  wait $child
  rc=$?
  [ $rc -gt 128 ] && { wait $child; rc=$?; }  # the trap ran: wait for the fuzzer's own exit
  trap - INT TERM
  rm -rf "$scratch"
  echo "$(executions "$log") $(($(date +%s) - start))" >>"$out/$t.runs"
  summary "$t"
  # 72: libFuzzer's exit after SIGINT (-interrupt_exit_code), a stop, not a finding.
  if [ $rc -eq 72 ] || grep -q 'libFuzzer: run interrupted' "$log"; then
    echo "fuzz_$t interrupted: the next campaign.sh continues it"
    break
  elif [ $rc -ne 0 ]; then
    echo "fuzz_$t stopped with status $rc: see $log and the input in $out/"
    status=1
  fi
done
echo "summary:"
for t in "${targets[@]}"; do summary "$t"; done
exit $status
