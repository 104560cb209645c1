#!/usr/bin/env bash
# Installs what hcl needs, builds it, and runs the whole test suite (lit +
# FileCheck tests, end-to-end runs against NumPy, GoogleTest unit tests),
# then prints how many tests each lit entry ran.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh
status=0
ctest --test-dir build --output-on-failure -j 2 || status=$?
scripts/lit-counts.sh build || true   # only a report; ctest decides
exit $status
