// Transformations that would break a dependence must be refused with a
// located error, also when the loops are not the outermost of their stage.
// Applied anyway, both schedules below give wrong results (hcl check
// MISMATCH).
//
// RUN: hcl-opt %s -split-input-file --hcl-apply-customizations -verify-diagnostics

// tile: A[i][j] = A[i-1][j+1] + 1 has the dependence distance (1, -1).
// Iteration (i, j) at the right edge of a tile reads A[i-1][j+1], which
// belongs to the next tile along j and is written after it.
func.func @tile_stencil(%A: memref<10x10xi32>) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  %c1 = arith.constant 1 : i32
  affine.for %i = 1 to 10 {
    affine.for %j = 0 to 9 {
      %a = affine.load %A[%i - 1, %j + 1] : memref<10x10xi32>
      %b = arith.addi %a, %c1 : i32
      affine.store %b, %A[%i, %j] : memref<10x10xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "S"}
  // expected-error @+1 {{tiling loops 'i' and 'j' would violate a dependence}}
  %a, %b, %c, %d = hcl.tile(%s, %li, %lj, 3, 3)
  return
}

// -----

// reorder: the same stencil below an outer loop `t` that carries no
// dependence: distance (0, 1, -1), so swapping i and j is illegal exactly as
// without `t` (errors.mlir).
func.func @reorder_stencil_below_outer_loop(%A: memref<4x10x10xf32>) {
  %s = hcl.create_op_handle "S" : !hcl.OpHandle
  %li = hcl.create_loop_handle %s, "i" : !hcl.LoopHandle
  %lj = hcl.create_loop_handle %s, "j" : !hcl.LoopHandle
  affine.for %t = 0 to 4 {
    affine.for %i = 1 to 10 {
      affine.for %j = 0 to 9 {
        %a = affine.load %A[%t, %i - 1, %j + 1] : memref<4x10x10xf32>
        %b = arith.addf %a, %a : f32
        affine.store %b, %A[%t, %i, %j] : memref<4x10x10xf32>
      } {loop_name = "j"}
    } {loop_name = "i"}
  } {loop_name = "t", stage_name = "S"}
  // expected-error @+1 {{this reorder would violate a dependence between iterations of the nest}}
  hcl.reorder(%s, %lj, %li)
  return
}
