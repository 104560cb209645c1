// Integers of widths other than 8/16/32/64 cross the host boundary in the
// next standard container and come back sign-extended from their width.
// RUN: hcl check %s | FileCheck %s --check-prefix=CHECK
// RUN: hcl run %s --random-inputs 3 | FileCheck %s --check-prefix=PRINT
// RUN: rm -rf %t && hcl run %s --random-inputs 3 --output-dir %t > /dev/null
// RUN: %python -c "import numpy as np; a = np.load('%t/arg0.npy').astype(np.int64); r = np.load('%t/result0.npy'); print('wraps like i12:', bool(((r - ((a * 1000 + 2048) %% 4096 - 2048)) == 0).all()))" | FileCheck %s --check-prefix=NUMPY
// NUMPY: wraps like i12: True
// CHECK: hcl check: OK
// PRINT: result0 4 int16
func.func @top(%A: memref<4xi12>) -> memref<4xi12> {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %B = memref.alloc() {name = "B"} : memref<4xi12>
  %c = arith.constant 1000 : i12
  affine.for %i = 0 to 4 {
    %a = affine.load %A[%i] : memref<4xi12>
    %b = arith.muli %a, %c : i12
    affine.store %b, %B[%i] : memref<4xi12>
  } {loop_name = "i", stage_name = "S"}
  hcl.unroll(%s, %li, 2)
  return %B : memref<4xi12>
}
