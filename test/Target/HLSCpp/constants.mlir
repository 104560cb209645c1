// Float constants are written exactly, as hexadecimal literals, so the C++
// value is bit-identical to the IR's; NaN (with its payload and sign),
// infinities, -0.0 and denormals included. Integer extremes too. The same
// program runs through `hcl check --hls`, which compares the C simulation
// with the JIT bit for bit (NaN equals NaN).
// RUN: hcl-translate --emit-hls-cpp %s | FileCheck %s
// RUN: rm -rf %t.jit %t.hls
// RUN: hcl check --hls %s --keep %t.hls | FileCheck %s --check-prefix=EXEC
// EXEC: hcl check --hls: OK
// Bit for bit (NaN payloads, -0.0): the files are identical.
// RUN: hcl run %s --random-inputs 0 --output-dir %t.jit
// RUN: cmp %t.jit/result0.npy %t.hls/seed0/result0.npy
// RUN: cmp %t.jit/result1.npy %t.hls/seed0/result1.npy
// RUN: cmp %t.jit/result2.npy %t.hls/seed0/result2.npy

// CHECK-DAG: result0[0] = 0x1.99999ap-4f;
// CHECK-DAG: result0[1] = hcl_f32_bits(0x7FC00000u);
// CHECK-DAG: result0[2] = hcl_f32_bits(0xFFC00001u);
// CHECK-DAG: result0[3] = hcl_f32_bits(0x7F800000u);
// CHECK-DAG: result0[4] = hcl_f32_bits(0xFF800000u);
// CHECK-DAG: result0[5] = -0x0p0f;
// CHECK-DAG: result0[6] = 0x0.000002p-126f;
// CHECK-DAG: result0[7] = 0x1.fffffep127f;
// CHECK-DAG: result1[0] = 0x1.999999999999ap-4;
// CHECK-DAG: result1[1] = 0x0.0000000000001p-1022;
// CHECK-DAG: result1[2] = hcl_f64_bits(0x7FF8000000000000ull);
// CHECK-DAG: result2[0] = (-9223372036854775807LL - 1);
// CHECK-DAG: result2[1] = 9223372036854775807LL;
// CHECK-DAG: result2[2] = (-1LL);
func.func @top() -> (memref<8xf32>, memref<3xf64>, memref<3xi64>) {
  %f = memref.alloc() : memref<8xf32>
  %d = memref.alloc() : memref<3xf64>
  %i = memref.alloc() : memref<3xi64>
  %f0 = arith.constant 0.1 : f32
  %f1 = arith.constant 0x7FC00000 : f32
  %f2 = arith.constant 0xFFC00001 : f32
  %f3 = arith.constant 0x7F800000 : f32
  %f4 = arith.constant 0xFF800000 : f32
  %f5 = arith.constant -0.0 : f32
  %f6 = arith.constant 1.40129846e-45 : f32
  %f7 = arith.constant 3.40282347e+38 : f32
  %d0 = arith.constant 0.1 : f64
  %d1 = arith.constant 4.9406564584124654e-324 : f64
  %d2 = arith.constant 0x7FF8000000000000 : f64
  %i0 = arith.constant -9223372036854775808 : i64
  %i1 = arith.constant 9223372036854775807 : i64
  %i2 = arith.constant -1 : i64
  affine.store %f0, %f[0] : memref<8xf32>
  affine.store %f1, %f[1] : memref<8xf32>
  affine.store %f2, %f[2] : memref<8xf32>
  affine.store %f3, %f[3] : memref<8xf32>
  affine.store %f4, %f[4] : memref<8xf32>
  affine.store %f5, %f[5] : memref<8xf32>
  affine.store %f6, %f[6] : memref<8xf32>
  affine.store %f7, %f[7] : memref<8xf32>
  affine.store %d0, %d[0] : memref<3xf64>
  affine.store %d1, %d[1] : memref<3xf64>
  affine.store %d2, %d[2] : memref<3xf64>
  affine.store %i0, %i[0] : memref<3xi64>
  affine.store %i1, %i[1] : memref<3xi64>
  affine.store %i2, %i[2] : memref<3xi64>
  return %f, %d, %i : memref<8xf32>, memref<3xf64>, memref<3xi64>
}
