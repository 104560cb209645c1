// A store whose index comes from the input and lands far out of bounds
// crashes the JIT-compiled program: hcl reports it in one line and exits 1
// instead of hanging in LLVM's crash handler; --check-bounds names the
// access (issue 15).
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %inputs/write_npy.py %t/a.npy '<f4' 4 0,0,0,0
// RUN: %python %inputs/write_npy.py %t/far.npy '<i8' 1 1099511627776
// RUN: %python %inputs/write_npy.py %t/one.npy '<i8' 1 1
// RUN: not hcl run %s --input %t/a.npy --input %t/far.npy 2>&1 | FileCheck %s --check-prefix=CRASH
// CRASH: hcl: error: the program crashed (SIGSEGV: an invalid memory access) while running @top; an out-of-bounds access? Run again with --check-bounds to find it
// RUN: not hcl run %s --input %t/a.npy --input %t/far.npy --check-bounds 2>&1 | FileCheck %s --check-prefix=CHECKED
// CHECKED: hcl: error: out-of-bounds access: index [1099511627776] into 'A' (argument 0 of @top, memref<4xf32>) in stage 'A'
// RUN: hcl run %s --input %t/a.npy --input %t/one.npy --check-bounds | FileCheck %s --check-prefix=FINE
// FINE: arg0      4            float32  sum=4
func.func @top(%A: memref<4xf32>, %n: memref<1xi64>) {
  %one = arith.constant 1.0 : f32
  %c0 = arith.constant 0 : index
  %stride = memref.load %n[%c0] : memref<1xi64>
  affine.for %i = 0 to 4 {
    %ii = arith.index_cast %i : index to i64
    %k = arith.muli %ii, %stride : i64
    %ki = arith.index_cast %k : i64 to index
    memref.store %one, %A[%ki] : memref<4xf32>
  } {loop_name = "i", stage_name = "A"}
  return
}
