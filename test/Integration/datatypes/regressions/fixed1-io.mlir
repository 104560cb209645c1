// Found by the random data-type tester (reproducer kept as a regression test).
// RUN: hcl check --hls %s | FileCheck %s
// CHECK: hcl check --hls: OK
// A 1-bit Fixed / UFixed argument is a `bool` .npy array for `hcl run` but an
// int8 / uint8 one for the HLS testbench (docs/datatypes.md, Host I/O, says
// int8 ... int64), so the two disagree on every such program:
//   hcl check --hls: MISMATCH: @top arg0 ... type or shape differs (bool 2 vs int8 2)
func.func @top(%a: memref<2x!hcl.Fixed<1, 0>>, %o: memref<2x!hcl.Fixed<1, 0>>) {
  affine.for %i = 0 to 2 {
    %v = affine.load %a[%i] : memref<2x!hcl.Fixed<1, 0>>
    affine.store %v, %o[%i] : memref<2x!hcl.Fixed<1, 0>>
  }
  return
}
