#!/usr/bin/env bash
# Builds hcl with AddressSanitizer + UndefinedBehaviorSanitizer into
# build-asan/ and runs the test suite, or a part of it, under them.
# docs/sanitizers.md says what runs, what is left out and why.
#
#   scripts/sanitize.sh                 build, then every ctest entry
#   scripts/sanitize.sh --quick         build, then a few lit folders (minutes)
#   scripts/sanitize.sh --lit PATH...   build, then lit on these test paths
#   scripts/sanitize.sh --ctest REGEX   build, then the ctest entries matching
#   scripts/sanitize.sh --build-only    configure and build only
#   scripts/sanitize.sh --env           print the environment the tests run with
#   --no-build (with any of the above)  test the build-asan/ there is as is
#
# Every report is also written to build-asan/sanitizer-logs/ (a test that
# expects a failure, `not hcl ...`, would otherwise hide one); the script
# lists the reports at the end and fails when there are any.
set -euo pipefail
cd "$(dirname "$0")/.."
SRC=$PWD
BUILD=${HCL_SANITIZE_BUILD_DIR:-$SRC/build-asan}
SANITIZERS=${HCL_SANITIZE:-address;undefined}

mode=all
build=1
args=()
while [ $# -gt 0 ]; do
  case "$1" in
    --quick) mode=quick ;;
    --lit) mode=lit ;;
    --ctest) mode=ctest ;;
    --build-only) mode=build ;;
    --env) mode=env ;;
    --no-build) build=0 ;;
    -h|--help) sed -n '2,17p' "$0"; exit 0 ;;
    *) args+=("$1") ;;
  esac
  shift
done

LOGS=$BUILD/sanitizer-logs
LLVM_BIN=/usr/lib/llvm-22/bin
# The ASan runtime the build links (gcc's); only processes that are not
# linked with it themselves but load hcl code need it preloaded.
ASAN_RUNTIME=$(${CXX:-g++} -print-file-name=libasan.so)
# With it preloaded, libstdc++ must be loaded from the start too: ASan
# intercepts __cxa_throw when it starts, and a host that is not C++
# (python3) would load libstdc++ only with hcl's extension, after that, so
# the first C++ exception aborts with a failed CHECK in ASan.
PRELOAD="$ASAN_RUNTIME $(${CXX:-g++} -print-file-name=libstdc++.so)"

# detect_leaks=0: hcl's tools exit through LLVM's and the JIT's teardown,
#   which leaves allocations that are no bug of hcl's (docs/sanitizers.md).
# abort_on_error=1: a report kills the process with SIGABRT, which lit's
#   `not` counts as a failure, where a plain exit code would pass it.
# log_path: reports go to files that outlive the test that hid them.
# use_sigaltstack=0: LLVM installs an alternate signal stack it mallocs on
#   the thread that registers its crash handlers (the front end's worker
#   threads among them); ASan, managing alternate stacks itself, would
#   munmap that heap block when the thread exits and abort with "unable to
#   unmap" (docs/sanitizers.md).
sanitizer_env() {
  export ASAN_OPTIONS="detect_leaks=0:abort_on_error=1:check_initialization_order=1:strict_init_order=1:use_sigaltstack=0:log_path=$LOGS/asan"
  export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:abort_on_error=1:log_path=$LOGS/ubsan"
  export ASAN_SYMBOLIZER_PATH=$LLVM_BIN/llvm-symbolizer
  export UBSAN_SYMBOLIZER_PATH=$LLVM_BIN/llvm-symbolizer
}

if [ "$mode" = env ]; then
  sanitizer_env
  env | grep -E '^(ASAN|UBSAN)_'
  echo "LD_PRELOAD=\"$PRELOAD\" for python3 and other unsanitized hosts"
  exit 0
fi

# -O1 with line tables: fast enough to run the whole suite, and every frame
# of a report has its file and line.
if [ "$build" = 1 ] && [ ! -f "$BUILD/build.ninja" ]; then
  cmake -S "$SRC" -B "$BUILD" -G Ninja \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1 -DNDEBUG" \
    -DCMAKE_C_FLAGS_RELWITHDEBINFO="-O1 -g1 -DNDEBUG" \
    -DHCL_SANITIZE="$SANITIZERS"
fi
export CCACHE_BASEDIR="$SRC"
[ "$build" = 1 ] && cmake --build "$BUILD" -j "${HCL_SANITIZE_JOBS:-2}"
[ "$mode" = build ] && exit 0

rm -rf "$LOGS"
mkdir -p "$LOGS"
sanitizer_env
LIT=$LLVM_BIN/lit
# lit, except the tests that load hcl code into an unsanitized LLVM tool:
# those run with ASan's runtime preloaded (it must come first).
PRELOADED_LIT_TEST='hcl :: Analysis/c-path.test'
run_lit() { # FILTER: a regex on "hcl :: <path under test/>"
  "$LIT" -sv "$BUILD/test" --filter "$1" --filter-out "$PRELOADED_LIT_TEST" || status=$?
  if echo "$PRELOADED_LIT_TEST" | grep -Eq -- "$1"; then
    LD_PRELOAD=$PRELOAD "$LIT" -sv "$BUILD/test" \
      --filter "$PRELOADED_LIT_TEST" || status=$?
  fi
}

run_ctest() { # REGEX EXCLUDE
  local regex=$1
  # The python tests and the installed downstream project load libhcl.so
  # (sanitized) into a process that is not: ASan's runtime must be loaded
  # first, so they run with it preloaded.
  local hosted='^(python|downstream-find-package)$'
  ctest --test-dir "$BUILD" --output-on-failure -j 2 -R "$regex" -E "$hosted|$2" || status=$?
  for t in python downstream-find-package; do
    if echo "$t" | grep -Eq -- "$regex"; then
      LD_PRELOAD=$PRELOAD ctest --test-dir "$BUILD" --output-on-failure \
        -R "^$t\$" || status=$?
    fi
  done
}

status=0
case "$mode" in
  quick|lit)
    # lit runs from the build tree's test/ and picks tests by their path
    # under test/ (the --filter regex matches "hcl :: <path>").
    if [ "$mode" = quick ]; then
      # One folder per layer: the dialects, a family of schedule primitives,
      # lowering and the JIT, the HLS emitter, the analyses.
      args=(Dialect Transforms/memory Conversion Target/HLSCpp Analysis)
    fi
    filter=
    for p in "${args[@]}"; do
      p=${p#"$SRC"/}; p=${p#./}; p=${p#test/}
      filter+="${filter:+|}:: ${p}"
    done
    run_lit "$filter"
    ;;
  all)
    run_lit .
    run_ctest '.' '^lit-'
    ;;
  ctest)
    run_ctest "${args[0]:-.}" '^$'
    ;;
esac

# A log holding only ASan's warning about makecontext/swapcontext (the
# Python extension runs a `with` block's body as a coroutine) reports no
# error; every other log does.
logs=$(find "$LOGS" -type f | sort)
warnings= reports=
for r in $logs; do
  if grep -q -E 'ERROR:|runtime error|CHECK failed' "$r"; then
    reports+="$r "
  else
    warnings+="$r "
  fi
done
if [ -n "$warnings" ]; then
  echo "logs with a warning only, no error: $warnings"
  head -1 $warnings | grep -v '^==>' | sort -u
fi
if [ -n "$reports" ]; then
  echo "sanitizer reports ($(echo $reports | wc -w)) in $LOGS:"
  for r in $reports; do
    echo "== $r"
    grep -m1 -E 'ERROR: (Address|Leak)Sanitizer|runtime error|CHECK failed' "$r" || head -3 "$r"
  done
  status=1
else
  echo "no sanitizer reports"
fi
exit $status
