// hcl.fuse of three loops whose middle loop starts at 3: normalizing it puts
// index arithmetic between the middle and the innermost loop, which the fused
// loop must still compute from its own index.
//
// RUN: hcl-opt %s --hcl-apply-customizations | FileCheck %s
// RUN: hcl check %s | FileCheck %s --check-prefix=EXEC
// EXEC: hcl check: OK

// Three loops, the middle one offset: j = 3..6.
// CHECK-LABEL: func.func @fuse_middle_offset(
// CHECK-NOT:     hcl.
// CHECK:         affine.for %[[F:arg[0-9]+]] = 0 to 60 {
// CHECK-NEXT:      affine.load %{{.*}}[(%[[F]] floordiv 5) floordiv 4, (%[[F]] floordiv 5) mod 4 + 3, %[[F]] mod 5]
// CHECK:         } {loop_name = "i_j_k_fused", stage_name = "s"}
// CHECK-NOT:     hcl.
// CHECK:         return
func.func @fuse_middle_offset(%A: memref<3x80x5xi32>, %B: memref<3x80x5xi32>) {
  %s = hcl.create_stage_handle "s" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  %lk = hcl.create_loop_handle "k" : !hcl.LoopHandle
  affine.for %i = 0 to 3 {
    affine.for %j = 3 to 7 {
      affine.for %k = 0 to 5 {
        %a = affine.load %A[%i, %j, %k] : memref<3x80x5xi32>
        %b = arith.muli %a, %a : i32
        affine.store %b, %B[%i, %j, %k] : memref<3x80x5xi32>
      } {loop_name = "k"}
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "s"}
  %f = hcl.fuse(%s, %li, %lj, %lk)
  return
}
