#!/usr/bin/env bash
# Installs what hcl needs, builds it, and runs the whole test suite (lit +
# FileCheck tests, end-to-end runs against NumPy, GoogleTest unit tests).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh
ctest --test-dir build --output-on-failure -j 2
