#!/usr/bin/env bash
# Builds the libFuzzer targets (fuzz/CMakeLists.txt) and runs each one for
# FUZZ_SECONDS (default 30), seeded with the good and bad corpus files of its
# format. Exit 0: no finding (or clang/libFuzzer absent: a printed skip);
# exit 1: a crash, sanitizer report, leak, timeout or out-of-memory, whose input
# is left in build/fuzz/findings/<format>/ (make it a corpus file and fix it).
#
#   fuzz/run.sh                      every reader, 30 s each
#   FUZZ_SECONDS=10 fuzz/run.sh gsc  one reader
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
SECONDS_EACH=${FUZZ_SECONDS:-30}
BUILD=${FUZZ_BUILD:-build/fuzz}
FORMATS=${*:-gr mtx el wel txt gsc gsc_resealed}
CXX_FUZZ=${FUZZ_CXX:-$(command -v clang++ || true)}

skip() { echo "make fuzz: SKIPPED: $1"; exit 0; }
[ -n "$CXX_FUZZ" ] || skip "no clang++ on PATH (Debian/Ubuntu: apt-get install clang libclang-rt-dev)"
probe=$(mktemp -d)
trap 'rm -rf "$probe"' EXIT
echo 'extern "C" int LLVMFuzzerTestOneInput(const unsigned char*, unsigned long) { return 0; }' > "$probe/p.cpp"
"$CXX_FUZZ" -fsanitize=fuzzer,address,undefined "$probe/p.cpp" -o "$probe/p" 2>/dev/null ||
  skip "$CXX_FUZZ cannot link -fsanitize=fuzzer (Debian/Ubuntu: apt-get install libclang-rt-dev)"

cmake -S fuzz -B "$BUILD" -G Ninja -DCMAKE_CXX_COMPILER="$CXX_FUZZ" -DGS_FUZZ=ON >"$BUILD.configure.log" 2>&1 ||
  { cat "$BUILD.configure.log"; exit 1; }
cmake --build "$BUILD" -j "${JOBS:-$(nproc)}" || exit 1

status=0
summary=()
for fmt in $FORMATS; do
  ext=${fmt%%_*}  # gsc_resealed reads .gsc files
  corpus="$BUILD/corpus/$fmt" findings="$BUILD/findings/$fmt"
  mkdir -p "$corpus" "$findings"
  # Seeds: every corpus file of this format (the .gr edge cases too).
  for f in tests/data/io/good/*."$ext" tests/data/io/bad/*."$ext" tests/data/hardening/bad/*."$ext" \
           tests/data/hardening/edge/*."$ext"; do
    [ -f "$f" ] && cp -f "$f" "$corpus/"
  done
  echo "== fuzz_read_$fmt: ${SECONDS_EACH} s, $(ls "$corpus" | wc -l) corpus files"
  log="$BUILD/fuzz_read_$fmt.log"
  OMP_NUM_THREADS=${OMP_NUM_THREADS:-2} "$BUILD/fuzz_read_$fmt" -max_total_time="$SECONDS_EACH" -timeout=10 \
    -rss_limit_mb=2048 -max_len=65536 -print_final_stats=1 -artifact_prefix="$findings/" "$corpus" >"$log" 2>&1
  rc=$?
  runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo "?")
  if [ $rc -eq 0 ]; then
    summary+=("$(printf '%-16s %-8s %12s runs' "fuzz_read_$fmt" clean "$runs")")
  else
    status=1
    summary+=("$(printf '%-16s %-8s %12s runs  see %s and %s' "fuzz_read_$fmt" FINDING "$runs" "$log" "$findings/")")
    grep -E "ERROR|SUMMARY|runtime error|Test unit written" "$log" | head -8
  fi
done
echo
echo "fuzz summary (${SECONDS_EACH} s per reader; reproduce a finding: $BUILD/fuzz_read_FMT FILE)"
printf '%s\n' "${summary[@]}"
exit $status
