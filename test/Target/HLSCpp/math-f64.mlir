// Every math op the ONNX importer produces, in f64, as <cmath> calls (and a
// helper for roundeven, halves to even); the C simulation matches the JIT,
// which calls the same libm.
// RUN: hcl-translate --emit-hls-cpp %s | FileCheck %s
// RUN: hcl check --hls %s | FileCheck %s --check-prefix=EXEC
// EXEC: hcl check --hls: OK
// CHECK: template <typename T> static inline T hcl_roundeven(T x) {
// CHECK: static const double halves_f64[16] = {-0x1.4p1, -0x1.8p0, -0x1p-1, 0x1p-1,
// CHECK: double [[A:v_[0-9]+]] = v * 0x1p2;
// CHECK: std::tanh([[A]]);
// CHECK: std::erf([[A]]);
// CHECK: std::erfc([[A]]);
// CHECK: std::floor([[A]]);
// CHECK: std::ceil([[A]]);
// CHECK: hcl_roundeven([[A]]);
// CHECK: std::round([[A]]);
// CHECK: std::trunc([[A]]);
// CHECK: std::acosh([[A]]);
// CHECK: = (double)1 / std::sqrt([[A]]);
// CHECK: std::pow([[A]], [[B:v_[0-9]+]]);
// CHECK: std::atan2([[A]], [[B]]);
// CHECK: std::fma([[A]], [[B]], v);
// CHECK: std::fmod([[A]], [[B]]);
memref.global "private" constant @halves_f64 : memref<16xf64> = dense<[-2.5, -1.5, -0.5, 0.5, 1.5, 2.5, 3.5, -3.5, 0.49999997, -0.49999997, 1.0e8, -0.0, 4.5, 5.5, -4.5, 2.0]>
func.func @top(%x: memref<16xf64>, %y: memref<16xf64>) -> memref<35x16xf64> {
  %r = memref.alloc() : memref<35x16xf64>
  %halves = memref.get_global @halves_f64 : memref<16xf64>
  %four = arith.constant 4.0 : f64
  affine.for %i = 0 to 16 {
    %x0 = affine.load %x[%i] : memref<16xf64>
    %a = arith.mulf %x0, %four : f64
    %b = affine.load %y[%i] : memref<16xf64>
    %h = affine.load %halves[%i] : memref<16xf64>
    %u0 = math.tanh %a : f64
    affine.store %u0, %r[0, %i] : memref<35x16xf64>
    %u1 = math.erf %a : f64
    affine.store %u1, %r[1, %i] : memref<35x16xf64>
    %u2 = math.erfc %a : f64
    affine.store %u2, %r[2, %i] : memref<35x16xf64>
    %u3 = math.floor %a : f64
    affine.store %u3, %r[3, %i] : memref<35x16xf64>
    %u4 = math.ceil %a : f64
    affine.store %u4, %r[4, %i] : memref<35x16xf64>
    %u5 = math.roundeven %a : f64
    affine.store %u5, %r[5, %i] : memref<35x16xf64>
    %u6 = math.round %a : f64
    affine.store %u6, %r[6, %i] : memref<35x16xf64>
    %u7 = math.trunc %a : f64
    affine.store %u7, %r[7, %i] : memref<35x16xf64>
    %u8 = math.sin %a : f64
    affine.store %u8, %r[8, %i] : memref<35x16xf64>
    %u9 = math.cos %a : f64
    affine.store %u9, %r[9, %i] : memref<35x16xf64>
    %u10 = math.tan %a : f64
    affine.store %u10, %r[10, %i] : memref<35x16xf64>
    %u11 = math.asin %a : f64
    affine.store %u11, %r[11, %i] : memref<35x16xf64>
    %u12 = math.acos %a : f64
    affine.store %u12, %r[12, %i] : memref<35x16xf64>
    %u13 = math.atan %a : f64
    affine.store %u13, %r[13, %i] : memref<35x16xf64>
    %u14 = math.sinh %a : f64
    affine.store %u14, %r[14, %i] : memref<35x16xf64>
    %u15 = math.cosh %a : f64
    affine.store %u15, %r[15, %i] : memref<35x16xf64>
    %u16 = math.asinh %a : f64
    affine.store %u16, %r[16, %i] : memref<35x16xf64>
    %u17 = math.acosh %a : f64
    affine.store %u17, %r[17, %i] : memref<35x16xf64>
    %u18 = math.atanh %a : f64
    affine.store %u18, %r[18, %i] : memref<35x16xf64>
    %u19 = math.exp %a : f64
    affine.store %u19, %r[19, %i] : memref<35x16xf64>
    %u20 = math.exp2 %a : f64
    affine.store %u20, %r[20, %i] : memref<35x16xf64>
    %u21 = math.log %a : f64
    affine.store %u21, %r[21, %i] : memref<35x16xf64>
    %u22 = math.log2 %a : f64
    affine.store %u22, %r[22, %i] : memref<35x16xf64>
    %u23 = math.log10 %a : f64
    affine.store %u23, %r[23, %i] : memref<35x16xf64>
    %u24 = math.sqrt %a : f64
    affine.store %u24, %r[24, %i] : memref<35x16xf64>
    %u25 = math.rsqrt %a : f64
    affine.store %u25, %r[25, %i] : memref<35x16xf64>
    %u26 = math.cbrt %a : f64
    affine.store %u26, %r[26, %i] : memref<35x16xf64>
    %u27 = math.absf %a : f64
    affine.store %u27, %r[27, %i] : memref<35x16xf64>
    %u28 = math.powf %a, %b : f64
    affine.store %u28, %r[28, %i] : memref<35x16xf64>
    %u29 = math.atan2 %a, %b : f64
    affine.store %u29, %r[29, %i] : memref<35x16xf64>
    %u30 = math.copysign %a, %b : f64
    affine.store %u30, %r[30, %i] : memref<35x16xf64>
    %u31 = math.fma %a, %b, %x0 : f64
    affine.store %u31, %r[31, %i] : memref<35x16xf64>
    %u32 = math.roundeven %h : f64
    affine.store %u32, %r[32, %i] : memref<35x16xf64>
    %u33 = math.round %h : f64
    affine.store %u33, %r[33, %i] : memref<35x16xf64>
    %u34 = arith.remf %a, %b : f64
    affine.store %u34, %r[34, %i] : memref<35x16xf64>
  }
  return %r : memref<35x16xf64>
}
