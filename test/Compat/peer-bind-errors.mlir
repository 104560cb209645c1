// hcl.bind's errors: an axis that is not an NDRange dimension, and a loop
// whose iterations depend on each other (they would run at once).
//
// RUN: hcl-opt %s --split-input-file --hcl-apply-customizations --verify-diagnostics

func.func @axis(%A: memref<8xf32>) {
  %s = hcl.create_op_handle "s"
  %li = hcl.create_loop_handle %s, "i"
  affine.for %i = 0 to 8 {
    %a = affine.load %A[%i] : memref<8xf32>
    affine.store %a, %A[%i] : memref<8xf32>
  } {loop_name = "i", op_name = "s"}
  // expected-error @+1 {{axis is one of BlockIdxX, BlockIdxY, BlockIdxZ, ThreadIdxX, ThreadIdxY, ThreadIdxZ, not 'WarpIdx'}}
  hcl.bind (%li, "WarpIdx")
  return
}

// -----

func.func @no_axis(%A: memref<8xf32>) {
  %s = hcl.create_op_handle "s"
  %li = hcl.create_loop_handle %s, "i"
  affine.for %i = 0 to 8 {
    %a = affine.load %A[%i] : memref<8xf32>
    affine.store %a, %A[%i] : memref<8xf32>
  } {loop_name = "i", op_name = "s"}
  // expected-error @+1 {{expected string}}
  hcl.bind (%li, 3)
  return
}

// -----

func.func @carried(%A: memref<8xf32>) {
  %s = hcl.create_op_handle "s"
  %li = hcl.create_loop_handle %s, "i"
  affine.for %i = 1 to 8 {
    %a = affine.load %A[%i - 1] : memref<8xf32>
    affine.store %a, %A[%i] : memref<8xf32>
  } {loop_name = "i", op_name = "s"}
  // expected-error @+1 {{loop 'i' carries a dependence between iterations and cannot be bound to ThreadIdxX, whose iterations run at once}}
  hcl.bind (%li, "ThreadIdxX")
  return
}
