// `hcl run` on a program whose split cannot apply (factor 12 > trip count
// 10) exits non-zero with the error located at the split; `hcl check` too.
//
// RUN: not hcl run %s --random-inputs 1 2>&1 | FileCheck %s
// RUN: not hcl check %s 2>&1 | FileCheck %s
// CHECK-NOT: arguments,
// CHECK-NOT: hcl check: OK
func.func @kernel(%A: memref<10xf32>, %B: memref<10xf32>) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  affine.for %i = 0 to 10 {
    %a = affine.load %A[%i] : memref<10xf32>
    %b = arith.mulf %a, %a : f32
    affine.store %b, %B[%i] : memref<10xf32>
  } {loop_name = "i", stage_name = "S"}
  // CHECK: errors-run-split.mlir:[[# @LINE + 1]]:12: error: split factor 12 is larger than the trip count 10 of loop 'i'
  %o, %n = hcl.split(%s, %li, 12)
  // CHECK-NOT: arguments,
  // CHECK-NOT: hcl check: OK
  return
}
