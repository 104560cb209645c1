#!/usr/bin/env bash
# Proves that hcl_testbench.h reproduces `hcl run` byte for byte: the random
# inputs of `hcl run --random-inputs 3` and the .npy files of --output-dir.
#
# 1. `hcl run` runs a small program that copies its memref arguments (i8, i32,
#    f32, f64, plus i1, i16, i64, a rank-0 f32 and an i12) into results and
#    writes argN.npy / resultN.npy into DIR1.
# 2. A C++ program using only hcl_testbench.h generates the same inputs for
#    seed 3, "runs" the same copies, and writes argN.npy / resultN.npy into DIR2.
# 3. Every file must be byte-identical (cmp).
#
# Usage: check_against_hcl.sh   (env: HCL=path/to/hcl (default: hcl on PATH), CXX=g++)
# Prints "testbench inputs match hcl run" and exits 0, else exits 1.

set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
header_dir="$(dirname "$here")"
hcl="${HCL:-hcl}"
cxx="${CXX:-g++}"
seed=3

work="$(mktemp -d "${TMPDIR:-/tmp}/hcl_tb_check.XXXXXX")"
trap 'rm -rf "$work"' EXIT

fail() {
  echo "check_against_hcl: $*" >&2
  exit 1
}

wait_for_hcl() {
  command -v "$hcl" >/dev/null && return 0
  fail "no hcl binary at $hcl (set HCL or put hcl on PATH)"
}

cat >"$work/copy.mlir" <<'EOF'
func.func @top(%a: memref<7xi8>, %b: memref<3x5xi32>, %c: memref<2x3x4xf32>,
               %d: memref<9xf64>, %e: memref<6xi1>, %f: memref<4x2xi16>,
               %g: memref<5xi64>, %h: memref<f32>, %k: memref<2x5xi12>)
    -> (memref<7xi8>, memref<3x5xi32>, memref<2x3x4xf32>, memref<9xf64>,
        memref<2x5xi12>) {
  %ra = memref.alloc() : memref<7xi8>
  %rb = memref.alloc() : memref<3x5xi32>
  %rc = memref.alloc() : memref<2x3x4xf32>
  %rd = memref.alloc() : memref<9xf64>
  %rk = memref.alloc() : memref<2x5xi12>
  memref.copy %a, %ra : memref<7xi8> to memref<7xi8>
  memref.copy %b, %rb : memref<3x5xi32> to memref<3x5xi32>
  memref.copy %c, %rc : memref<2x3x4xf32> to memref<2x3x4xf32>
  memref.copy %d, %rd : memref<9xf64> to memref<9xf64>
  memref.copy %k, %rk : memref<2x5xi12> to memref<2x5xi12>
  return %ra, %rb, %rc, %rd, %rk : memref<7xi8>, memref<3x5xi32>,
      memref<2x3x4xf32>, memref<9xf64>, memref<2x5xi12>
}
EOF

cat >"$work/testbench.cpp" <<'EOF'
// What a generated testbench does for copy.mlir, minus the kernel.
#include "hcl_testbench.h"

#include <cstdio>

// An ap_int<12> stand-in (Vitis headers are not needed for this check).
struct Int12 {
  Int12(int64_t v = 0) : value(static_cast<int16_t>(((v & 0xfff) ^ 0x800) - 0x800)) {}
  operator int64_t() const { return value; }
  int16_t value;
};

static bool ok = true;

template <typename T>
void emit(const hcl_tb::Options &o, const char *kind, unsigned index, const T *data,
          const std::vector<int64_t> &shape) {
  std::string error;
  if (!hcl_tb::write_npy(hcl_tb::npy_path(o.output_dir, kind, index), data, shape, error)) {
    std::fprintf(stderr, "testbench: error: %s\n", error.c_str());
    ok = false;
  }
}

int main(int argc, char **argv) {
  hcl_tb::Options o;
  std::string error;
  if (!hcl_tb::parse_options(argc, argv, o, error) || !o.random) {
    std::fprintf(stderr, "testbench: error: %s\n", error.c_str());
    return 1;
  }
  int8_t a[7];
  int32_t b[15];
  float c[24];
  double d[9];
  bool e[6];
  int16_t f[8];
  int64_t g[5];
  float h[1];
  Int12 k[10];
  hcl_tb::fill_random(a, 7, o.seed, 0);
  hcl_tb::fill_random(b, 15, o.seed, 1);
  hcl_tb::fill_random(c, 24, o.seed, 2);
  hcl_tb::fill_random(d, 9, o.seed, 3);
  hcl_tb::fill_random(e, 6, o.seed, 4);
  hcl_tb::fill_random(f, 8, o.seed, 5);
  hcl_tb::fill_random(g, 5, o.seed, 6);
  hcl_tb::fill_random(h, 1, o.seed, 7);
  hcl_tb::fill_random_int(k, 10, o.seed, 8);

  emit(o, "arg", 0, a, {7});
  emit(o, "arg", 1, b, {3, 5});
  emit(o, "arg", 2, c, {2, 3, 4});
  emit(o, "arg", 3, d, {9});
  emit(o, "arg", 4, e, {6});
  emit(o, "arg", 5, f, {4, 2});
  emit(o, "arg", 6, g, {5});
  emit(o, "arg", 7, h, {});
  if (!hcl_tb::write_npy_as<int16_t>(hcl_tb::npy_path(o.output_dir, "arg", 8), k,
                                     {2, 5}, error)) {
    std::fprintf(stderr, "testbench: error: %s\n", error.c_str());
    ok = false;
  }
  // The kernel copies its arguments, so the results are the same arrays.
  emit(o, "result", 0, a, {7});
  emit(o, "result", 1, b, {3, 5});
  emit(o, "result", 2, c, {2, 3, 4});
  emit(o, "result", 3, d, {9});
  if (!hcl_tb::write_npy_as<int16_t>(hcl_tb::npy_path(o.output_dir, "result", 4), k,
                                     {2, 5}, error)) {
    std::fprintf(stderr, "testbench: error: %s\n", error.c_str());
    ok = false;
  }
  return ok ? 0 : 1;
}
EOF

"$cxx" -std=c++14 -Wall -Wextra -Werror -I "$header_dir" \
  -o "$work/testbench" "$work/testbench.cpp" || fail "cannot compile the testbench"

mkdir -p "$work/hcl" "$work/tb"
ran=0
for _ in 1 2 3; do
  wait_for_hcl
  if "$hcl" run "$work/copy.mlir" --random-inputs "$seed" \
       --output-dir "$work/hcl" >"$work/hcl.log" 2>&1; then
    ran=1
    break
  fi
  sleep 5 # perhaps a rebuild replaced the binary under us
done
[[ $ran == 1 ]] || { cat "$work/hcl.log" >&2; fail "hcl run failed"; }
"$work/testbench" --random-inputs "$seed" --output-dir "$work/tb" ||
  fail "the testbench failed"

status=0
for name in arg0 arg1 arg2 arg3 arg4 arg5 arg6 arg7 arg8 \
            result0 result1 result2 result3 result4; do
  if ! cmp "$work/hcl/$name.npy" "$work/tb/$name.npy"; then
    status=1
  fi
done
# Nothing hcl wrote may be left unchecked.
[[ $(find "$work/hcl" -name "*.npy" | wc -l) == 14 ]] || { ls "$work/hcl" >&2; status=1; }

[[ $status == 0 ]] || fail "testbench files differ from hcl run's"
echo "testbench inputs match hcl run"
