// HeteroCL-MLIR operations hcl has no meaning for are refused where they
// stand, saying what to write instead (not MLIR's "custom op is unknown").
//
// hcl.clone and hcl.unfold are hcl primitives (peer-clone.mlir,
// peer-unfold.mlir).
//
// RUN: hcl-opt %s --split-input-file --verify-diagnostics

func.func @reform(%B: memref<4x8xf32>) {
  // expected-error @+1 {{HeteroCL-MLIR's hcl.reform (an array stored in another layout) is not an hcl operation: write hcl.reshape for another shape in the same row-major order, or transpose the array in the program}}
  %r = hcl.reform(%B : memref<4x8xf32>) {layout = affine_map<(d0, d1) -> (d1, d0)>} -> memref<8x4xf32>
  return
}
