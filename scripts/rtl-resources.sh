#!/usr/bin/env bash
# Synthesizes the `hcl rtl` output of each kernel of docs/rtl.md's cycle
# table with yosys's synth_xilinx (UltraScale+, flattened) and prints a
# markdown table: LUT, FF, DSP, BRAM, URAM, and the logic depth, the longest
# path between registers in cells (LUTs, carry chains, muxes; yosys's ltp
# with the flip-flops removed). Memory arguments are ports, so only local
# buffers can become BRAM or URAM.
#   scripts/rtl-resources.sh [BUILD_DIR]     (default: build)
set -euo pipefail
cd "$(dirname "$0")/.."
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
count() { # cell-type regex, stat file
  awk -v re="$1" '$1 ~ "^(" re ")$" { n += $2 } END { print n + 0 }' "$2"
}
echo "| kernel | LUT | FF | DSP | BRAM (36K) | URAM | depth |"
echo "|---|---|---|---|---|---|---|"
for k in "${kernels[@]}"; do
  IFS='|' read -r label file entry <<<"$k"
  dir="$work/$entry-$(basename "$file" .mlir)"
  "$hcl" rtl "$file" -o "$dir" --entry "$entry" >/dev/null 2>&1
  if ! yosys -q -l "$dir/yosys.log" -p "read_verilog -sv $dir/$entry.sv;
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
