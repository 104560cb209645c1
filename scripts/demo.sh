#!/usr/bin/env bash
# Installs what hcl needs, builds it, and runs the demo: seed 000's
# five-point stencil with a line buffer and a window buffer, JIT-compiled and
# run on the CPU, printing each output's checksum and the time.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh
echo
echo "== hcl run examples/mlir/five_point_lb_wb.mlir --random-inputs 1 --repeat 1000"
build/bin/hcl run examples/mlir/five_point_lb_wb.mlir --random-inputs 1 --repeat 1000
