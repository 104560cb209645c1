// A(12, j) on a 10-row tensor is a located error when hcl applies the
// program's (empty) schedule, before anything runs (issue 15).
// RUN: not hcl run %s --random-inputs 1 2>&1 | FileCheck %s
// RUN: not hcl check %s 2>&1 | FileCheck %s
// RUN: not hcl estimate %s 2>&1 | FileCheck %s
// RUN: not hcl hls %s -o %t 2>&1 | FileCheck %s
// CHECK: bounds-static.mlir:[[@LINE+5]]:10: error: index out of bounds: dimension 0 of 'A' (argument 0 of @top, memref<10x4xf32>, valid 0..9) is indexed over 12..12 in stage 'C'
// CHECK-NOT: error
func.func @top(%A: memref<10x4xf32>) -> memref<4xf32> {
  %C = memref.alloc() {name = "C"} : memref<4xf32>
  affine.for %j = 0 to 4 {
    %a = affine.load %A[12, %j] : memref<10x4xf32>
    affine.store %a, %C[%j] : memref<4xf32>
  } {loop_name = "j", stage_name = "C"}
  return %C : memref<4xf32>
}
