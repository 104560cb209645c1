#!/usr/bin/env bash
# Installs the benchmark peers of bench/cpu: Halide 14 (libhalide14-0-dev,
# which pulls in LLVM 14: 0.6 GB installed) and OpenBLAS for NumPy; and of
# bench/onnx: ONNX Runtime's CPU library from npm (onnxruntime-node, with
# --ignore-scripts: the package ships it, nothing is downloaded at install)
# into bench/onnx/node_modules. Nothing else in hcl needs them, so
# scripts/install-deps.sh leaves them out. Idempotent; `--check` only lists
# what is missing.
#
# After installing, configure again (cmake -S . -B build) so that CMake finds
# Halide; with -DHCL_BENCH_HALIDE=ON the benchmark test fails without it.
set -euo pipefail
source "$(dirname "$0")/apt-packages.sh"

packages=(
  # bench/cpu/CMakeLists.txt asks only for Halide's core component, so
  # Halide's optional PNG/JPEG image I/O (libpng-dev, libjpeg-dev) is not
  # needed.
  libhalide14-0-dev
  # NumPy's fast BLAS: without it NumPy falls back to the reference BLAS
  # and its column in bench/cpu is not a fair peer (run.py says so).
  libopenblas0-pthread
  # bench/onnx runs ONNX Runtime through node.
  nodejs
  npm
)

hcl_install_packages "$@" "${packages[@]}"

# ONNX Runtime for bench/onnx, pinned so that its column is reproducible.
ORT_VERSION=1.30.0
ORT_DIR="$(cd "$(dirname "$0")/.." && pwd)/bench/onnx"
if [ "${1:-}" = --check ]; then
  [ -d "$ORT_DIR/node_modules/onnxruntime-node" ] ||
    { echo "missing: onnxruntime-node $ORT_VERSION in $ORT_DIR/node_modules"; exit 1; }
elif [ ! -d "$ORT_DIR/node_modules/onnxruntime-node" ]; then
  npm install --ignore-scripts --no-save --no-package-lock --prefix "$ORT_DIR" \
    "onnxruntime-node@$ORT_VERSION"
fi
