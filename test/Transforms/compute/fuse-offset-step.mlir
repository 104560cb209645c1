// hcl.fuse of loops whose lower bound is not 0 or whose step is not 1: the
// loops are normalized first, and every index must be recovered from the
// fused loop (i = (f floordiv 8) * 3 + 1 below). The arrays are larger than
// the loops need so that a wrong index shows as a mismatch rather than an
// out-of-bounds write. Three loops with an offset middle loop are in
// fuse-offset-middle.mlir.
//
// RUN: hcl-opt %s --hcl-apply-customizations | FileCheck %s
// RUN: hcl check %s --entry fuse_outer_offset_step | FileCheck %s --check-prefix=EXEC
// RUN: hcl check %s --entry fuse_inner_offset | FileCheck %s --check-prefix=EXEC
// EXEC: hcl check: OK

// i = 1, 4, ..., 19 (7 iterations), j = 2, 4, ..., 16 (8 iterations).
// CHECK-LABEL: func.func @fuse_outer_offset_step(
// CHECK-NOT:     hcl.
// CHECK:         affine.for %[[F:arg[0-9]+]] = 0 to 56 {
// CHECK-NEXT:      affine.load %{{.*}}[(%[[F]] floordiv 8) * 3 + 1, %[[F]] * 2 - (%[[F]] floordiv 8) * 16 + 2]
// CHECK-NEXT:      arith.addi
// CHECK-NEXT:      affine.store %{{.*}}, %{{.*}}[(%[[F]] floordiv 8) * 3 + 1, %[[F]] * 2 - (%[[F]] floordiv 8) * 16 + 2]
// CHECK-NEXT:    } {loop_name = "i_j_fused", stage_name = "s"}
// CHECK-NOT:     hcl.
// CHECK:         return
func.func @fuse_outer_offset_step(%A: memref<170x20xi32>) {
  %s = hcl.create_op_handle "s" : !hcl.OpHandle
  %li = hcl.create_loop_handle %s, "i" : !hcl.LoopHandle
  %lj = hcl.create_loop_handle %s, "j" : !hcl.LoopHandle
  affine.for %i = 1 to 20 step 3 {
    affine.for %j = 2 to 17 step 2 {
      %a = affine.load %A[%i, %j] : memref<170x20xi32>
      %b = arith.addi %a, %a : i32
      affine.store %b, %A[%i, %j] : memref<170x20xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "s"}
  %f = hcl.fuse(%s, %li, %lj)
  return
}

// Only the inner loop is offset: j = 1..9.
// CHECK-LABEL: func.func @fuse_inner_offset(
// CHECK-NOT:     hcl.
// CHECK:         affine.for %[[F:arg[0-9]+]] = 0 to 48 {
// CHECK-NEXT:      affine.load %{{.*}}[%[[F]] floordiv 8, %[[F]] mod 8 + 1]
// CHECK:         } {loop_name = "i_j_fused", stage_name = "s"}
// CHECK-NOT:     hcl.
// CHECK:         return
func.func @fuse_inner_offset(%A: memref<6x10xf32>, %B: memref<6x10xf32>) {
  %s = hcl.create_stage_handle "s" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  affine.for %i = 0 to 6 {
    affine.for %j = 1 to 9 {
      %a = affine.load %A[%i, %j] : memref<6x10xf32>
      %b = arith.mulf %a, %a : f32
      affine.store %b, %B[%i, %j] : memref<6x10xf32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "s"}
  %f = hcl.fuse(%s, %li, %lj)
  return
}
