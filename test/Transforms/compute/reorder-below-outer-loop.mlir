// hcl.reorder of loops below an outer loop: legality depends on the
// dependences of the reordered loops given the loops outside them. Here
// A[t][i][j] = 2 * A[t-1][i+1][j] has the distance (1, -1, 0): `t` carries
// it, so any order of i and j inside `t` is legal. (The illegal counterpart
// is in errors-dependence.mlir.)
//
// RUN: hcl-opt %s --hcl-apply-customizations | FileCheck %s
// RUN: hcl check %s | FileCheck %s --check-prefix=EXEC
// EXEC: hcl check: OK

// CHECK-LABEL: func.func @reorder_below_outer_loop(
// CHECK-NOT:     hcl.
// CHECK:         affine.for %[[T:arg[0-9]+]] = 1 to 4 {
// CHECK-NEXT:      affine.for %[[J:arg[0-9]+]] = 0 to 10 {
// CHECK-NEXT:        affine.for %[[I:arg[0-9]+]] = 0 to 9 {
// CHECK-NEXT:          affine.load %{{.*}}[%[[T]] - 1, %[[I]] + 1, %[[J]]]
// CHECK:             } {loop_name = "i"}
// CHECK-NEXT:      } {loop_name = "j"}
// CHECK-NEXT:    } {loop_name = "t", stage_name = "S"}
// CHECK-NOT:     hcl.
// CHECK:         return
func.func @reorder_below_outer_loop(%A: memref<4x10x10xi32>) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  affine.for %t = 1 to 4 {
    affine.for %i = 0 to 9 {
      affine.for %j = 0 to 10 {
        %a = affine.load %A[%t - 1, %i + 1, %j] : memref<4x10x10xi32>
        %b = arith.addi %a, %a : i32
        affine.store %b, %A[%t, %i, %j] : memref<4x10x10xi32>
      } {loop_name = "j"}
    } {loop_name = "i"}
  } {loop_name = "t", stage_name = "S"}
  hcl.reorder(%s, %lj, %li)
  return
}
