// Found by the random data-type tester (reproducer kept as a regression test).
// RUN: hcl check --hls %s | FileCheck %s
// CHECK: hcl check --hls: OK
// The HLS C++ writes an arith.constant wider than 64 bits as its low 64 bits:
// 2^90 + 12345 : i100 becomes `12345`, so its bits 64..99 (here 2^26) are lost.
func.func @top(%o: memref<2xi64>) {
  %c = arith.constant 1237940039285380274899136569 : i100
  %s = arith.constant 64 : i100
  %h = arith.shrui %c, %s : i100
  %lo = arith.trunci %c : i100 to i64
  %hi = arith.trunci %h : i100 to i64
  affine.store %lo, %o[0] : memref<2xi64>
  affine.store %hi, %o[1] : memref<2xi64>
  return
}
