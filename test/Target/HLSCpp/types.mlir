// Element types: standard integers, bool, ap_int<N> for other widths, float
// and double; scalar arguments, a scalar result through a pointer, and a
// returned allocation that is the output argument itself. Unsigned
// operations cast to the unsigned type of the same width. Checked by
// structure, and by execution against the JIT (hcl's ap_int.h under g++).
// RUN: hcl-translate --emit-hls-cpp %s | FileCheck %s
// RUN: hcl check --hls %s | FileCheck %s --check-prefix=EXEC
// EXEC: hcl check --hls: OK

// CHECK: #include <ap_int.h>
// CHECK-LABEL: void top(ap_int<12> arg0[4], bool arg1[4], int8_t arg2, double arg3[2][2], int64_t result0[4], int16_t *result1) {
// CHECK: #pragma HLS interface s_axilite port=arg2
// CHECK: #pragma HLS interface s_axilite port=result1
// CHECK: int32_t v = (int32_t)arg2;
// CHECK: ap_int<12> v_1 = arg0[i];
// CHECK-NEXT: int64_t v_2 = (int64_t)v_1;
// CHECK-NEXT: int64_t v_3 = (int64_t)(ap_uint<12>)v_1;
// CHECK-NEXT: bool v_4 = (ap_uint<12>)v_1 < (ap_uint<12>)5;
// CHECK-NEXT: int64_t v_5 = (int64_t)(uint32_t)v;
// CHECK-NEXT: int64_t v_6 = (v_4 ? v_2 : v_3);
// CHECK: result0[i] = v_7;
// CHECK: *result1 = 7;
func.func @top(%a: memref<4xi12>, %b: memref<4xi1>, %c: i8, %d: memref<2x2xf64>) -> (memref<4xi64>, i16) {
  %r = memref.alloc() {name = "R"} : memref<4xi64>
  %five = arith.constant 5 : i12
  %seven = arith.constant 7 : i16
  %ci = arith.extsi %c : i8 to i32
  affine.for %i = 0 to 4 {
    %x = affine.load %a[%i] : memref<4xi12>
    %s = arith.extsi %x : i12 to i64
    %u = arith.extui %x : i12 to i64
    %lt = arith.cmpi ult, %x, %five : i12
    %w = arith.extui %ci : i32 to i64
    %t = arith.select %lt, %s, %u : i64
    %sum = arith.addi %t, %w : i64
    affine.store %sum, %r[%i] : memref<4xi64>
  } {loop_name = "i"}
  return %r, %seven : memref<4xi64>, i16
}
