#!/usr/bin/env bash
# Configures (once) and builds hcl into build/. Assumes install-deps.sh ran.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -f build/build.ninja ]; then
  cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release
fi
export CCACHE_BASEDIR="$PWD"   # fresh clones elsewhere hit the same cache
cmake --build build
