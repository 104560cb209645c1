// The HLS C++ of the data-type IR: ap_fixed / ap_ufixed / ap_uint types,
// fixed-point operators (the declared type quantizes), AP_RND / AP_SAT /
// AP_TRN_ZERO temporaries for the optional modes, NaN/inf guards, exact constant bits,
// guarded bit helpers, and hcl.unsigned in the signature.
// RUN: hcl-translate --emit-hls-cpp %s | FileCheck %s

// CHECK: #include <ap_fixed.h>
// CHECK: hcl_fixed_from_bits
// CHECK: void top(ap_fixed<8, 4> arg0[4], ap_fixed<8, 4> arg1[4], float arg2[4], float arg3[4], ap_uint<200> arg4[4]) {
// CHECK: ap_fixed<8, 4> [[M:.*]] = {{.*}} * {{.*}};
// CHECK: ap_fixed<8, 4> {{.*}} = {{.*}} / {{.*}};
// CHECK: (std::isfinite([[F:.*]]) ? ap_fixed<8, 4>(ap_fixed<8, 4, AP_RND, AP_SAT>([[F]])) : ap_fixed<8, 4>(0))
// CHECK: (std::isfinite([[F]]) ? ap_fixed<8, 4>(ap_fixed<8, 4, AP_TRN_ZERO, AP_WRAP>([[F]])) : ap_fixed<8, 4>(0))
// CHECK: hcl_fixed_from_bits<ap_fixed<8, 4>>(ap_uint<8>(0x14ull))
// CHECK: ap_fixed<300, 200> [[W:.*]] = {{.*}};
// CHECK: float {{.*}} = [[W]].to_float();
// CHECK: int32_t {{.*}} = (int32_t)ap_int<32>(
// CHECK: bool {{.*}} = hcl_get_bit<200>(
// CHECK: int64_t {{.*}} = hcl_get_slice<200, int64_t>({{.*}}, 150, i);
// CHECK: hcl_set_slice<200>({{.*}}, 150, i, (uint64_t)
// CHECK: hcl_bit_reverse<200>(
// CHECK: hcl_set_bit<200>(
func.func @top(%a: memref<4x!hcl.Fixed<8, 4>>, %b: memref<4x!hcl.Fixed<8, 4>>, %x: memref<4xf32>, %o: memref<4xf32>, %w: memref<4xi200> {hcl.unsigned}) {
  affine.for %i = 0 to 4 {
    %va = affine.load %a[%i] : memref<4x!hcl.Fixed<8, 4>>
    %vb = affine.load %b[%i] : memref<4x!hcl.Fixed<8, 4>>
    %m = hcl.mul_fixed %va, %vb : !hcl.Fixed<8, 4>
    %d = hcl.div_fixed %va, %vb : !hcl.Fixed<8, 4>
    %s = hcl.add_fixed %m, %d : !hcl.Fixed<8, 4>
    %xf = affine.load %x[%i] : memref<4xf32>
    %q = hcl.float_to_fixed %xf {rounding = "nearest", overflow = "saturate"} : f32 to !hcl.Fixed<8, 4>
    %qz = hcl.float_to_fixed %xf {rounding = "zero"} : f32 to !hcl.Fixed<8, 4>
    %q2 = hcl.add_fixed %q, %qz : !hcl.Fixed<8, 4>
    %r = hcl.add_fixed %s, %q2 : !hcl.Fixed<8, 4>
    %c = hcl.fixed_constant 1.25 : !hcl.Fixed<8, 4>
    %r2 = hcl.sub_fixed %r, %c : !hcl.Fixed<8, 4>
    %p = hcl.cmp_fixed slt, %r2, %c : !hcl.Fixed<8, 4>
    %wide = hcl.fixed_to_fixed %r2 : !hcl.Fixed<8, 4> to !hcl.Fixed<300, 100>
    %f = hcl.fixed_to_float %wide : !hcl.Fixed<300, 100> to f32
    %n = hcl.fixed_to_int %r2 : !hcl.Fixed<8, 4> to i32
    %nf = arith.sitofp %n : i32 to f32
    %g = arith.select %p, %f, %nf : f32
    affine.store %g, %o[%i] : memref<4xf32>
    %wv = affine.load %w[%i] : memref<4xi200>
    %k = arith.index_cast %i : index to i200
    %bit = hcl.get_bit %wv[%i] : i200
    %hi = arith.constant 150 : index
    %sl = hcl.get_slice %wv[%hi : %i] : i200 -> i64
    %sl2 = hcl.set_slice %wv[%hi : %i], %sl : i200, i64
    %rv = hcl.bit_reverse %sl2 : i200
    %sb = hcl.set_bit %rv[%i], %bit : i200
    affine.store %sb, %w[%i] : memref<4xi200>
  }
  return
}

// i1 arithmetic keeps the low bit (bool would make 1 + 1 true); found by the
// random data-type tester.
// CHECK: void add_bits(bool arg0, bool arg1, bool *result0) {
// CHECK: bool {{.*}} = (bool)(({{.*}} + {{.*}}) & 1);
func.func @add_bits(%a: i1, %b: i1) -> i1 {
  %s = arith.addi %a, %b : i1
  return %s : i1
}
