// Found by the random data-type tester on the JIT (reproducer kept as a test).
// RUN: rm -rf %t && hcl run %s --random-inputs 1 --output-dir %t > /dev/null
// RUN: %python -c "import numpy as np; r = np.load('%t/arg1.npy'); print('clear above bit 84:', bool((r[:, 10] <= 15).all() and (r[:, 11:] == 0).all()))" | FileCheck %s
// CHECK: clear above bit 84: True
// extui of an i84 argument to i128 must clear bits 84..127, so byte 10 of
// each result is at most 0x0F and bytes 11..15 are 0. The random inputs are
// in [-16, 16), and for the negative ones the JIT gives 0xFF in byte 10: the
// runtime writes the i84 into LLVM's memory sign-extended to whole bytes,
// and the compiled `load i84; zext` keeps those padding bits (LLVM leaves a
// load of iN undefined unless the padding is what its own store writes).
// Also from a hand-written .npy: 11 bytes of 0xFF (-1) give 2^88 - 1, not
// 2^84 - 1. Values computed inside a program and passed in i64 pieces are right.
func.func @top(%x: memref<4xi84>, %o: memref<4xi128>) {
  affine.for %i = 0 to 4 {
    %v = affine.load %x[%i] : memref<4xi84>
    %e = arith.extui %v : i84 to i128
    affine.store %e, %o[%i] : memref<4xi128>
  }
  return
}
