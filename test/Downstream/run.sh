#!/bin/sh
# Installs hcl from BUILD_DIR into a fresh prefix, then configures, builds and
# runs the downstream project against it with find_package(hcl). The
# installed `hcl` tool estimates the program the project wrote, and must
# give the figures hcl::estimate gave; the C simulation of one of the HLS
# projects build_hls wrote runs with g++.
set -eu
BUILD_DIR=$1 SOURCE_DIR=$2 WORK=$3
rm -rf "$WORK"
cmake --install "$BUILD_DIR" --prefix "$WORK/prefix" >/dev/null
cmake -S "$SOURCE_DIR" -B "$WORK/build" -G Ninja \
  -DCMAKE_PREFIX_PATH="$WORK/prefix" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$WORK/build" >/dev/null
"$WORK/build/downstream" "$WORK/blur.mlir" "$WORK/hls" | tee "$WORK/out.txt"

figure() { # NAME: the number after "NAME" in hcl estimate --json
  sed -n "s/^ *\"$1\": \([0-9-]*\),*$/\1/p" "$WORK/tool.json" | head -1
}
HCL_TOOL=$(cat "$WORK/build/hcl-tool.txt") # hcl::driver
case "$HCL_TOOL" in "$WORK/prefix/bin/hcl") ;; *) echo "hcl::driver is $HCL_TOOL" ;; esac
"$HCL_TOOL" estimate --json "$WORK/blur.mlir" >"$WORK/tool.json"
tool="latency $(figure latency), flops $(figure flops), offchip_bytes $(figure offchip_bytes)"
if grep -q "^library estimate: $tool\$" "$WORK/out.txt"; then
  echo "installed hcl estimate agrees: $tool"
else
  echo "installed hcl estimate differs: $tool"
fi
make -C "$WORK/hls/Stage_B" csim >"$WORK/csim.log" 2>&1 &&
  echo "downstream csim of Stage_B: ok"
# The installed hcl-opt and hcl-translate start (their libraries resolve
# from the prefix) and are hcl's: hcl-opt parses the program with hcl ops.
"$WORK/prefix/bin/hcl-opt" "$WORK/blur.mlir" >/dev/null &&
  "$WORK/prefix/bin/hcl-translate" --help | grep -q -- --emit-hls-cpp &&
  echo "installed hcl-opt and hcl-translate: ok"
