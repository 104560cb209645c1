// Loops whose bounds depend on an enclosing loop (a triangular nest, j < i):
// moving `j` outside `i`, or fusing them into one affine loop, cannot be
// expressed by permuting or coalescing the loops. Each must be a located
// error on the primitive, not invalid IR that the verifier rejects after the
// pass ("operand #0 does not dominate this use").
//
// RUN: hcl-opt %s -split-input-file --hcl-apply-customizations -verify-diagnostics

func.func @reorder_triangular(%A: memref<20x20xi32>) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  affine.for %i = 0 to 20 {
    affine.for %j = 0 to affine_map<(d0) -> (d0)>(%i) {
      %a = affine.load %A[%i, %j] : memref<20x20xi32>
      %b = arith.addi %a, %a : i32
      affine.store %b, %A[%i, %j] : memref<20x20xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "S"}
  // expected-error-re @+1 {{{{.+}}}}
  hcl.reorder(%s, %lj, %li)
  return
}

// -----

func.func @fuse_triangular(%A: memref<20x20xf32>) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  affine.for %i = 0 to 20 {
    affine.for %j = 0 to affine_map<(d0) -> (d0)>(%i) {
      %a = affine.load %A[%i, %j] : memref<20x20xf32>
      %b = arith.addf %a, %a : f32
      affine.store %b, %A[%i, %j] : memref<20x20xf32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "S"}
  // expected-error @+1 {{fuse needs loop bounds that do not depend on other loops, but the bounds of 'j' use loop 'i'}}
  %f = hcl.fuse(%s, %li, %lj)
  return
}

// -----

// The tail of a split by a factor that does not divide the trip count has a
// bound that uses the outer loop (found by the random schedule test).
func.func @fuse_after_split_tail(%A: memref<5x2xi32>) {
  %s = hcl.create_stage_handle "s" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  %one = arith.constant 1 : i32
  affine.for %i = 0 to 5 {
    affine.for %j = 0 to 2 {
      %a = affine.load %A[%i, %j] : memref<5x2xi32>
      %b = arith.addi %a, %one : i32
      affine.store %b, %A[%i, %j] : memref<5x2xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "s"}
  %io, %ii = hcl.split(%s, %li, 2)
  // expected-error @+1 {{fuse needs loop bounds that do not depend on other loops, but the bounds of 'i.inner' use loop 'i.outer'}}
  %f = hcl.fuse(%s, %ii, %lj)
  return
}
