#!/usr/bin/env bash
# Builds the float units' Verilator testbench (share/rtl/hcl_fp_*.sv under
# test/Target/RTL/float/hcl_fp_testbench.sv, driven by float_units_check.cpp)
# and checks every unit bit for bit against the host: all special-value
# pairs, then N random operands per operation (docs/rtl-float.md).
#
#   scripts/verify-float-units.sh N [WORK_DIR] [SEED]
#
# WORK_DIR (default build/float-units) keeps the Verilator build; a second
# run reuses it when no source changed. The reference is reference.ll
# compiled by clang for the host CPU (-march=native), as the JIT compiles.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
n="${1:?usage: verify-float-units.sh N [WORK_DIR] [SEED]}"
work="${2:-$root/build/float-units}"
seed="${3:-1}"
src="$root/test/Target/RTL/float"
clang="${CLANG:-/usr/lib/llvm-22/bin/clang}"   # the JIT's LLVM
mkdir -p "$work"
"$clang" -O2 -march=native -Wno-override-module -c "$src/reference.ll" \
  -o "$work/reference.o"
verilator --cc --exe --build -j 2 -Wall -Wno-DECLFILENAME \
  --top-module hcl_fp_testbench -Mdir "$work/obj" -o float_units_check \
  -CFLAGS -O1 -LDFLAGS "$work/reference.o" \
  "$root"/share/rtl/hcl_fp_*.sv "$src/hcl_fp_testbench.sv" \
  "$src/float_units_check.cpp" >"$work/verilator.log" 2>&1 ||
  { cat "$work/verilator.log" >&2; exit 1; }
exec "$work/obj/float_units_check" "$n" "$seed"
