// Found by the random data-type tester (reproducer kept as a regression test).
// RUN: hcl check --hls %s | FileCheck %s
// CHECK: hcl check --hls: OK
// get_slice to i1 should keep the slice's low bit (zero-extended or
// truncated, docs/datatypes.md); the HLS C++ casts the slice to bool, so any
// nonzero slice reads 1: bits 8..3 of -16 (0b11_1111_0000) are 0b111110, low
// bit 0, but the C simulation gives 1.
func.func @top(%x: memref<8xi10>, %o: memref<8xi1>) {
  %hi = arith.constant 8 : index
  %lo = arith.constant 3 : index
  affine.for %i = 0 to 8 {
    %v = affine.load %x[%i] : memref<8xi10>
    %s = hcl.get_slice %v[%hi : %lo] : i10 -> i1
    affine.store %s, %o[%i] : memref<8xi1>
  }
  return
}
