#!/usr/bin/env bash
# Installs every Debian 12 package hcl needs to build and test. Idempotent:
# a second run installs nothing. As root it runs apt-get directly; otherwise
# through sudo, without waiting for a password nobody can type.
#
#   scripts/install-deps.sh           install what is missing
#   scripts/install-deps.sh --check   only list what is missing (status 1)
#
# The benchmark peers (Halide 14, which brings a second LLVM, and OpenBLAS)
# are not needed to build, test or run hcl: scripts/install-bench-deps.sh.
set -euo pipefail
source "$(dirname "$0")/apt-packages.sh"

packages=(
  build-essential cmake ninja-build ccache git
  # From bookworm-security on Debian 12 (the script says so if apt lacks it).
  llvm-22-dev libmlir-22-dev mlir-22-tools llvm-22-tools
  # LLVM's OpenMP runtime: `parallel` loops run on its threads in the JIT.
  libomp-22-dev
  libgtest-dev googletest
  python3 python3-numpy gnuplot-nox clang-22
  # LLVM style for hcl's C++: scripts/format.sh, and the suite's `format` check.
  clang-format-22
  verilator yosys
  libonnx-dev libonnx-testdata libprotobuf-dev python3-onnx
  # The Python package (python/, docs/python.md) and its tests.
  python3-dev pybind11-dev python3-pybind11 python3-pytest python3-matplotlib
  # --slurm (docs/slurm.md): the suite runs a one-node cluster of its own
  # (scripts/slurm-local.sh). Installing starts no Slurm daemon: slurmctld
  # and slurmd start only with an /etc/slurm/slurm.conf, which nothing
  # writes; munge's postinst makes /etc/munge/munge.key and starts the
  # system's munged where services may start (not in containers whose
  # policy-rc.d forbids it), which the suite's cluster does not use.
  slurm-wlm munge
)

hcl_install_packages "$@" "${packages[@]}"
