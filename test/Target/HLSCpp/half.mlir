// f16 is Vitis's `half`: declarations, constants, a constant table, f16
// arithmetic, math in float rounded back, and conversions to and from f32,
// f64 and integers. The g++ C simulation uses share/hls/hls_half.h, which
// rounds every result to nearest, ties to even, as the JIT does.
// RUN: hcl-translate --emit-hls-cpp %s | FileCheck %s
// RUN: hcl check --hls %s | FileCheck %s --check-prefix=EXEC
// EXEC: hcl check --hls: OK: {{.*}} largest relative error 0)
// CHECK: #include <hls_half.h>
// CHECK: static const half table[4] = {((half)0x1.8p0f), ((half)-0x1p-14f), ((half)0x1.ffcp15f), ((half)0x1p-24f)};
// CHECK: void top(half arg0[16], float arg1[16], half arg2[16][6]) {
// CHECK: half v_2 = (half)v_1;
// CHECK: half v_4 = v * ((half)0x1.8p1f);
// CHECK: half v_7 = (half)std::exp(v);
// CHECK: half v_10 = (half)v_9;
memref.global "private" constant @table : memref<4xf16> = dense<[1.5, -6.103515625e-05, 65504.0, 5.9604644775390625e-08]>
func.func @top(%x: memref<16xf16>, %y: memref<16xf32>, %r: memref<16x6xf16>) {
  %table = memref.get_global @table : memref<4xf16>
  %three = arith.constant 3.0 : f16
  affine.for %i = 0 to 16 {
    %a = affine.load %x[%i] : memref<16xf16>
    %b32 = affine.load %y[%i] : memref<16xf32>
    %b = arith.truncf %b32 : f32 to f16
    %t = affine.load %table[%i mod 4] : memref<4xf16>
    %m = arith.mulf %a, %three : f16
    %s = arith.addf %m, %b : f16
    %d = arith.divf %s, %t : f16
    affine.store %d, %r[%i, 0] : memref<16x6xf16>
    %e = math.exp %a : f16
    affine.store %e, %r[%i, 1] : memref<16x6xf16>
    %w = arith.extf %a : f16 to f64
    %w2 = arith.mulf %w, %w : f64
    %n = arith.truncf %w2 : f64 to f16
    affine.store %n, %r[%i, 2] : memref<16x6xf16>
    %k = arith.fptosi %m : f16 to i32
    %kf = arith.sitofp %k : i32 to f16
    affine.store %kf, %r[%i, 3] : memref<16x6xf16>
    %c = arith.cmpf olt, %a, %b : f16
    %mx = arith.select %c, %b, %a : f16
    affine.store %mx, %r[%i, 4] : memref<16x6xf16>
    %ng = arith.negf %s : f16
    affine.store %ng, %r[%i, 5] : memref<16x6xf16>
  }
  return
}
