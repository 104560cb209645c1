// `hcl run` and `hcl check` apply the program's schedule first; when a
// primitive cannot apply, they stop with the located error and a non-zero
// exit status, and run nothing.
//
// RUN: not hcl run %s --random-inputs 1 2>&1 | FileCheck %s
// RUN: not hcl check %s 2>&1 | FileCheck %s
// CHECK-NOT: arguments,
// CHECK-NOT: hcl check: OK
func.func @kernel(%A: memref<10x10xi32>) {
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
  // The pipeline applies; the reorder that follows cannot: the stencil's
  // (1, -1) dependence forbids swapping i and j.
  hcl.pipeline(%s, %lj)
  // CHECK: errors-run.mlir:[[# @LINE + 1]]:3: error: this reorder would violate a dependence between iterations of the nest
  hcl.reorder(%s, %lj, %li)
  // CHECK-NOT: arguments,
  // CHECK-NOT: hcl check: OK
  return
}
