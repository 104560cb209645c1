// HeteroCL-MLIR operations hcl has no meaning for are refused where they
// stand, saying what to write instead (not MLIR's "custom op is unknown").
//
// hcl.clone is an hcl primitive (peer-clone.mlir).
//
// RUN: hcl-opt %s --split-input-file --verify-diagnostics

func.func @unfold(%A: memref<3xf32>) {
  %s = hcl.create_op_handle "s"
  %lj = hcl.create_loop_handle %s, "j"
  affine.for %j = 0 to 3 {
    %a = affine.load %A[%j] : memref<3xf32>
    affine.store %a, %A[%j] : memref<3xf32>
  } {loop_name = "j", op_name = "s"}
  // expected-error @+1 {{HeteroCL-MLIR's hcl.unfold (a loop as an array of processing elements) is not an hcl operation: write hcl.unroll(%loop, N) to replicate the loop body in hardware}}
  %pe = hcl.unfold(%lj, 3)
  return
}

// -----

func.func @reform(%B: memref<4x8xf32>) {
  // expected-error @+1 {{HeteroCL-MLIR's hcl.reform (an array stored in another layout) is not an hcl operation: write hcl.reshape for another shape in the same row-major order, or transpose the array in the program}}
  %r = hcl.reform(%B : memref<4x8xf32>) {layout = affine_map<(d0, d1) -> (d1, d0)>} -> memref<8x4xf32>
  return
}
