// A primitive may erase an unused constant next to the nest it rewrites
// (hcl.fuse does): the engine's record of the nest's neighbours must not
// point at it afterwards. This crashed hcl check (found by
// random_schedules.py --seed 4801).
//
// RUN: hcl-opt %s --hcl-apply-customizations | FileCheck %s
// RUN: hcl check %s --entry fuse_after_unused_constant | FileCheck %s --check-prefix=EXEC
// EXEC: hcl check: OK

// CHECK-LABEL: func.func @fuse_after_unused_constant(
// CHECK-NOT:     hcl.
// CHECK:         affine.for %{{.*}} = 0 to 12 {
// CHECK:         } {loop_name = "i_j_fused", stage_name = "s"}
// CHECK-LABEL: func.func @fuse_before_unused_constant(
// CHECK:         } {loop_name = "i_j_fused", stage_name = "s"}
func.func @fuse_after_unused_constant(%A: memref<3x4xi16>, %B: memref<3x4xi16>) {
  %s = hcl.create_stage_handle "s" : !hcl.StageHandle
  %unused = arith.constant 0 : i16
  affine.for %i = 0 to 3 {
    affine.for %j = 0 to 4 {
      %a = affine.load %A[%i, %j] : memref<3x4xi16>
      %b = affine.load %B[%i, %j] : memref<3x4xi16>
      %c = arith.addi %a, %b : i16
      affine.store %c, %B[%i, %j] : memref<3x4xi16>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "s"}
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  %f = hcl.fuse(%s, %li, %lj)
  return
}

func.func @fuse_before_unused_constant(%A: memref<3x4xi16>, %B: memref<3x4xi16>) {
  %s = hcl.create_stage_handle "s" : !hcl.StageHandle
  affine.for %i = 0 to 3 {
    affine.for %j = 0 to 4 {
      %a = affine.load %A[%i, %j] : memref<3x4xi16>
      affine.store %a, %B[%i, %j] : memref<3x4xi16>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "s"}
  %unused = arith.constant 0 : i16
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  %f = hcl.fuse(%s, %li, %lj)
  return
}
