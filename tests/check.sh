#!/usr/bin/env bash
# Checks the format, builds carcref and runs every test: the normal build with all tests (unit, transcripts,
# kill-and-resume, kill campaign), then one clang build under AddressSanitizer +
# UndefinedBehaviorSanitizer running the tests again and the fuzz targets briefly.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tests/deps.sh
jobs=$(nproc 2>/dev/null || echo 2)

# Every source file is as clang-format (.clang-format) writes it; `cmake --build build
# --target format` rewrites them.
find src include tests \( -name '*.cpp' -o -name '*.h' \) -print0 |
  xargs -0 clang-format --dry-run --Werror

cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCARCREF_WERROR=ON >/dev/null
cmake --build build -j"$jobs"
(cd build && ctest --output-on-failure -j"$jobs")

# One clang build under AddressSanitizer + UndefinedBehaviorSanitizer (with libFuzzer's
# coverage) serves twice: every test again through the sanitized binary and unit tests (not
# the kill campaign: durability is the same there, at three times the cost), and the libFuzzer
# targets (tests/fuzz), each running its seed corpus, then mutations for FUZZ_SECONDS (20)
# seconds.
cmake -S . -B build-san -DCARCREF_FUZZ=ON -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=Debug \
  "-DCMAKE_CXX_FLAGS_DEBUG=-g -O1" -DCARCREF_WERROR=ON >/dev/null
cmake --build build-san -j"$jobs"
(cd build-san && ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
   ctest --output-on-failure -j"$jobs")
echo "all tests passed (normal build; sanitizer build with the fuzz targets)"
