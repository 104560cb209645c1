#!/usr/bin/env bash
# Configures (once) and builds hcl into build/. Assumes install-deps.sh ran.
#
# HCL_WERROR=ON (.ci/run sets it) configures with -DHCL_WERROR=ON: a warning
# in hcl's own code fails the build. ccache leaves -Werror out of its hash,
# so such a build reuses the objects ordinary builds cached; a reused
# object's warnings are only replayed, so the output is scanned as well.
set -euo pipefail
cd "$(dirname "$0")/.."
options=()
if [ -n "${HCL_WERROR:-}" ]; then
  options+=("-DHCL_WERROR=$HCL_WERROR")
fi
if [ ! -f build/build.ninja ] || [ ${#options[@]} -gt 0 ]; then
  cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release "${options[@]}"
fi
export CCACHE_BASEDIR="$PWD"   # fresh clones elsewhere hit the same cache
export CCACHE_IGNOREOPTIONS="-Werror"
if ! grep -Eiq '^HCL_WERROR:BOOL=(ON|1|TRUE|YES)$' build/CMakeCache.txt; then
  exec cmake --build build
fi
cmake --build build 2>&1 | tee build/last-build-output.txt
if grep -q ': warning:' build/last-build-output.txt; then
  echo "hcl: the build has warnings, and HCL_WERROR is ON:" >&2
  grep ': warning:' build/last-build-output.txt | sort -u >&2
  exit 1
fi
