// The printed checksum of an integer output is the exact sum of its elements,
// also when that sum does not fit in 64 bits (UBSan found the 64-bit running
// sum overflowing, which is undefined behaviour, in fixed-point-run.test).
// 3 * 2^62 = 13835058055282163712, printed with %.10g.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %inputs/write_npy.py %t/a.npy '<i8' 3 4611686018427387904,4611686018427387904,4611686018427387904
// RUN: hcl run %s --input %t/a.npy --output-dir %t | FileCheck %s
// CHECK: result0 {{.*}} int64 sum=1.383505806e+19
func.func @top(%A: memref<3xi64>) -> memref<3xi64> {
  %B = memref.alloc() : memref<3xi64>
  affine.for %i = 0 to 3 {
    %v = affine.load %A[%i] : memref<3xi64>
    affine.store %v, %B[%i] : memref<3xi64>
  }
  return %B : memref<3xi64>
}
