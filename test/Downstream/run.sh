#!/bin/sh
# Installs hcl from BUILD_DIR into a fresh prefix, then configures, builds and
# runs the downstream project against it with find_package(hcl).
set -eu
BUILD_DIR=$1 SOURCE_DIR=$2 WORK=$3
rm -rf "$WORK"
cmake --install "$BUILD_DIR" --prefix "$WORK/prefix" >/dev/null
cmake -S "$SOURCE_DIR" -B "$WORK/build" -G Ninja \
  -DCMAKE_PREFIX_PATH="$WORK/prefix" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$WORK/build" >/dev/null
"$WORK/build/downstream"
