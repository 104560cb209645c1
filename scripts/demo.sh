#!/usr/bin/env bash
# Installs what hcl needs, builds it, and runs the demo: HeteroCL-MLIR's
# five-point stencil written with the C++ front end, with a line buffer and a
# window buffer. It prints the lowered MLIR, the check against a plain C++
# reference and the time per call.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh
echo
echo "== build/bin/five_point   (examples/cpp/five_point.cpp)"
build/bin/five_point
