#!/usr/bin/env bash
# Installs every Debian package hcl needs to build and test. Idempotent.
set -euo pipefail

packages=(
  build-essential cmake ninja-build ccache git
  llvm-22-dev libmlir-22-dev mlir-22-tools llvm-22-tools
  # LLVM's OpenMP runtime: `parallel` loops run on its threads in the JIT.
  libomp-22-dev
  libgtest-dev googletest
  python3 python3-numpy gnuplot-nox clang-22
  verilator yosys
  libonnx-dev libonnx-testdata libprotobuf-dev python3-onnx
  # The Python package (python/, docs/python.md) and its tests.
  python3-dev pybind11-dev python3-pybind11 python3-pytest python3-matplotlib
  # benchmark only (bench/cpu): the Halide 14 peer and NumPy's OpenBLAS.
  libhalide14-0-dev libopenblas0-pthread
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if [ ${#missing[@]} -gt 0 ]; then
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then
    if ! command -v sudo >/dev/null 2>&1; then
      echo "hcl: installing packages needs root: run this script as root, or install" >&2
      echo "sudo, or install these Debian packages yourself and run it again:" >&2
      echo "  ${missing[*]}" >&2
      exit 1
    fi
    SUDO="sudo"
  fi
  echo "installing: ${missing[*]}"
  $SUDO apt-get update
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y --no-install-recommends "${missing[@]}"
fi
