// Integers wider than 64 bits at the host boundary: an i200 array, an
// unsigned i100 array and an i512 scalar, in .npy files of little-endian bytes
// (one more dimension of ceil(N / 8) bytes), checked with Python's integers.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %inputs/wide_io.py make %t
// RUN: hcl run %s --input %t/a.npy --input %t/b.npy --input %t/s.npy --input %t/r.npy --input %t/u.npy --output-dir %t/out | FileCheck %s --check-prefix=PRINT
// PRINT: arg0 4x25 uint8
// PRINT: arg4 4x13 uint8
// RUN: %python %inputs/wide_io.py check %t | FileCheck %s --check-prefix=VALUES
// VALUES: i200: True
// VALUES: unsigned i100: True
// RUN: hcl check %s | FileCheck %s --check-prefix=CHECK
// CHECK: hcl check: nothing to check: {{.*}} has no schedule (no hcl.* customization), so it is its own reference; it ran on seed 0
// RUN: not hcl run %s --input %t/b.npy --input %t/b.npy --input %t/s.npy --input %t/r.npy --input %t/u.npy 2>&1 | FileCheck %s --check-prefix=LAYOUT
// LAYOUT: argument 0 of @top (memref<4xi200>) in {{.*}}b.npy holds i200 integers: expected uint8 bytes of shape (4, 25), little-endian, got uint8 of shape 4x13
func.func @top(%a: memref<4xi200>, %b: memref<4xi100> {hcl.unsigned}, %s: i512,
               %r: memref<4xi200>, %u: memref<4xi100> {hcl.unsigned}) {
  affine.for %i = 0 to 4 {
    %x = affine.load %a[%i] : memref<4xi200>
    %y = affine.load %b[%i] : memref<4xi100>
    %ye = arith.extui %y : i100 to i200
    %m = arith.muli %x, %ye : i200
    %st = arith.trunci %s : i512 to i200
    %z = arith.addi %m, %st : i200
    affine.store %z, %r[%i] : memref<4xi200>
    %q = arith.muli %y, %y : i100
    affine.store %q, %u[%i] : memref<4xi100>
  }
  return
}
