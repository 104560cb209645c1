// Found by the random data-type tester (reproducer kept as a regression test).
// RUN: hcl check --hls %s | FileCheck %s
// CHECK: hcl check --hls: OK
// Read as signed, i1's 1 is -1, so `0 slt 1` is false (the JIT); the HLS C++
// compares two bools (1 > 0) and says true. Same for sle, sgt, sge.
func.func @top(%a: memref<8xi1>, %b: memref<8xi1>, %o: memref<8xi1>) {
  affine.for %i = 0 to 8 {
    %x = affine.load %a[%i] : memref<8xi1>
    %y = affine.load %b[%i] : memref<8xi1>
    %c = arith.cmpi slt, %x, %y : i1
    affine.store %c, %o[%i] : memref<8xi1>
  }
  return
}
