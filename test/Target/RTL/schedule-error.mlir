// A schedule the compiler refuses stops `hcl rtl` with its located error
// and exit status 1 (it crashed while freeing the program's copy).
// RUN: not hcl rtl %s -o %t --entry kernel 2>&1 | FileCheck %s
// CHECK: schedule-error.mlir:[[# @LINE + 9]]:12: error: split factor 7 is larger than the trip count 3 of loop 'i'
// CHECK-NOT: Stack dump
func.func @kernel(%A: memref<3xi32>) {
  %s = hcl.create_stage_handle "s" : !hcl.StageHandle
  affine.for %i = 0 to 3 {
    %a = affine.load %A[%i] : memref<3xi32>
    affine.store %a, %A[%i] : memref<3xi32>
  } {loop_name = "i", stage_name = "s"}
  %h = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %o, %n = hcl.split(%s, %h, 7)
  return
}
