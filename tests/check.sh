#!/usr/bin/env bash
# Checks the format, builds carcref and runs every test: the normal build with all tests (unit, transcripts,
# kill-and-resume), then an AddressSanitizer + UndefinedBehaviorSanitizer build running the
# unit tests again; then the fuzz targets, built with clang, run briefly.
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

cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=Debug -DCARCREF_SANITIZE=ON -DCARCREF_WERROR=ON >/dev/null
cmake --build build-asan -j"$jobs"
(cd build-asan && ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
   ctest --output-on-failure -j"$jobs")

# The libFuzzer targets (tests/fuzz) with clang under ASan+UBSan: each runs its seed corpus,
# then mutations for FUZZ_SECONDS (20) seconds. Only the libraries and the targets are built.
cmake -S . -B build-fuzz -DCARCREF_FUZZ=ON -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=Debug \
  "-DCMAKE_CXX_FLAGS_DEBUG=-g -O1" -DCARCREF_WERROR=ON >/dev/null
cmake --build build-fuzz -j"$jobs"
(cd build-fuzz && ctest --output-on-failure -j"$jobs")
echo "all tests passed (normal, sanitizer and fuzz builds)"
