// fuse refuses a loop that runs no iterations (empty or reversed bounds):
// coalescing divides by the inner trip counts and multiplies them into the
// fused bound, which gave `mod 0` (a division by zero in the HLS C++) or a
// negative bound that crashed the lowering. Split and tile refuse such loops
// too.
// RUN: hcl-opt %s --hcl-apply-customizations -split-input-file -verify-diagnostics
// RUN: not hcl check %s --entry reversed_inner 2>&1 | FileCheck %s

// CHECK: error: fuse cannot fuse loop 'j': it runs no iterations (5 to 3)

func.func @reversed_inner(%A: memref<8x8xf32>) {
  %s = hcl.create_stage_handle "s" : !hcl.StageHandle
  %li = hcl.create_loop_handle %s, "i" : !hcl.LoopHandle
  %lj = hcl.create_loop_handle %s, "j" : !hcl.LoopHandle
  affine.for %i = 0 to 8 {
    // expected-note @+1 {{the empty loop}}
    affine.for %j = 5 to 3 {
      %c = arith.constant 1.0 : f32
      affine.store %c, %A[%i, %j] : memref<8x8xf32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "s"}
  // expected-error @+1 {{fuse cannot fuse loop 'j': it runs no iterations (5 to 3); fusing divides by its trip count}}
  %f = hcl.fuse(%s, %li, %lj)
  return
}

// -----

func.func @empty_outer(%A: memref<8x8xf32>) {
  %s = hcl.create_stage_handle "s" : !hcl.StageHandle
  %li = hcl.create_loop_handle %s, "i" : !hcl.LoopHandle
  %lj = hcl.create_loop_handle %s, "j" : !hcl.LoopHandle
  // expected-note @+1 {{the empty loop}}
  affine.for %i = 0 to 0 {
    affine.for %j = 0 to 8 {
      %c = arith.constant 1.0 : f32
      affine.store %c, %A[%i, %j] : memref<8x8xf32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "s"}
  // expected-error @+1 {{fuse cannot fuse loop 'i': it runs no iterations (0 to 0)}}
  %f = hcl.fuse(%s, %li, %lj)
  return
}

// -----

// Three loops, the middle one empty (HeteroCL-MLIR's stage-less spelling).
func.func @empty_middle(%A: memref<8x8x8xf32>) {
  %s = hcl.create_op_handle "s"
  %li = hcl.create_loop_handle %s, "i"
  %lj = hcl.create_loop_handle %s, "j"
  %lk = hcl.create_loop_handle %s, "k"
  affine.for %i = 0 to 8 {
    // expected-note @+1 {{the empty loop}}
    affine.for %j = 7 to 1 {
      affine.for %k = 0 to 8 {
        %c = arith.constant 1.0 : f32
        affine.store %c, %A[%i, %j, %k] : memref<8x8x8xf32>
      } {loop_name = "k"}
    } {loop_name = "j"}
  } {loop_name = "i", op_name = "s"}
  // expected-error @+1 {{fuse cannot fuse loop 'j': it runs no iterations (7 to 1)}}
  %f = hcl.fuse(%li, %lj, %lk)
  return
}
