#!/usr/bin/env bash
# Synthesizes the `hcl rtl` output of each kernel of docs/rtl.md's cycle
# table with yosys's synth_xilinx (UltraScale+, flattened) and prints a
# markdown table: LUT, FF, DSP, BRAM, URAM, and the logic depth, the longest
# path between registers in cells (LUTs, carry chains, muxes; yosys's ltp
# with the flip-flops removed). Memory arguments are ports, so only local
# buffers can become BRAM or URAM.
#   scripts/rtl-resources.sh [--float] [BUILD_DIR]     (default: build)
# With --float: seed 000's kernels in f32 at the seed's sizes
# (bench/kernels/seed-size.sh) and the f32 matmul anchor, on hcl's float
# units (docs/rtl-float.md); the large conv2d-nchw variants are left out
# (108 float units each: hours of yosys).
set -euo pipefail
cd "$(dirname "$0")/.."
float=0
if [ "${1:-}" = --float ]; then
  float=1
  shift
fi
build=${1:-build}
hcl="$build/bin/hcl"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
t=test/Target/RTL
# label | file | entry
kernels=(
  "vadd, 16 x i32, pipelined II 1|$t/pipeline.mlir|vadd"
  "matmul 16x16 i32, k pipelined II 1|$t/pipeline.mlir|matmul"
  "matmul 16x16 i32, sum in C (II 2)|$t/pipeline.mlir|matmul_in_memory"
  "vadd, sequential|$t/kernels.mlir|vadd"
  "matmul 16x16 i32, sequential|$t/kernels.mlir|matmul"
  "dot, 32 x i32, sequential|$t/kernels.mlir|dot"
  "power, pipelined II 1|$t/pipeline.mlir|power"
  "square_plus, pipelined II 1|$t/pipeline.mlir|square_plus"
  "calls: top|$t/calls.mlir|top"
  "calls: nested|$t/calls.mlir|nested"
  "fib (carried), II 1|$t/anchors.mlir|fib"
  "fib_memory, II 3|$t/anchors.mlir|fib_memory"
  "spmv 20x20 CSR|$t/anchors.mlir|spmv"
  "divide, pipelined II 1 (i32 divsi + remui)|$t/divide.mlir|pipelined"
  "divide, carried i8 (II 10)|$t/divide.mlir|carried"
)
if [ $float = 1 ]; then
  # seed:KERNEL is bench/kernels/KERNEL.mlir in f32 at the seed's size.
  kernels=(
    "blur|seed:blur|top"
    "blur+LB|seed:blur_lb|top"
    "5point|seed:five_point|top"
    "5point+LB+WB|seed:five_point_lb_wb|top"
    "diag3d|seed:diag3d|top"
    "diag3d+xyz|seed:diag3d_xyz|top"
    "gemm|seed:gemm|top"
    "gemm+buffer|seed:gemm_buffer|top"
    "gemm+acc|seed:gemm_acc|top"
    "conv2d|seed:conv2d|top"
    "conv2d+acc|seed:conv2d_acc|top"
    "matmul 16x16 f32, j pipelined (anchor)|$t/float/anchor.mlir|matmul"
  )
fi
count() { # cell-type regex, stat file
  awk -v re="$1" '$1 ~ "^(" re ")$" { n += $2 } END { print n + 0 }' "$2"
}
echo "| kernel | LUT | FF | DSP | BRAM (36K) | URAM | depth |"
echo "|---|---|---|---|---|---|---|"
for k in "${kernels[@]}"; do
  IFS='|' read -r label file entry <<<"$k"
  if [[ $file == seed:* ]]; then
    kernel=${file#seed:}
    file="$work/$kernel.mlir"
    bench/kernels/seed-size.sh "$kernel" f32 >"$file"
  fi
  dir="$work/$entry-$(basename "$file" .mlir)"
  "$hcl" rtl "$file" -o "$dir" --entry "$entry" >/dev/null 2>&1
  # The kernel's module and the float units it instantiates.
  if ! yosys -q -l "$dir/yosys.log" -p "read_verilog -sv $dir/*.sv;
      synth_xilinx -flatten -family xcup -top $entry;
      tee -q -o $dir/stat.txt stat; delete t:FD*; tee -q -o $dir/ltp.txt ltp" \
      >/dev/null 2>&1; then
    echo "| $label | synthesis failed: $(grep -m1 ERROR "$dir/yosys.log") |"
    continue
  fi
  s="$dir/stat.txt"
  lut=$(count 'LUT[1-6]' "$s")
  ff=$(count 'FD[A-Z]*' "$s")
  dsp=$(count 'DSP48E[12]' "$s")
  bram36=$(count 'RAMB36E[12]' "$s")
  bram18=$(count 'RAMB18E[12]' "$s")
  uram=$(count 'URAM288' "$s")
  depth=$(sed -n 's/.*length=\([0-9]*\).*/\1/p' "$dir/ltp.txt" | head -1)
  bram=$(awk -v a="$bram36" -v b="$bram18" 'BEGIN { print a + b / 2 }')
  echo "| $label | $lut | $ff | $dsp | $bram | $uram | $depth |"
done
