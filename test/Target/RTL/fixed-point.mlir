// Fixed-point kernels (docs/rtl.md, "Fixed point"): the preparation lowers
// !hcl.Fixed / !hcl.UFixed to their integer bits with the JIT's own
// lowering (hcl-lower-fixed-point, then hcl-lower-bit-ops), so the
// Verilator simulation matches the JIT bit for bit, at odd widths too
// (an i12 element travels in a 2-byte container, sign-extended when
// signed).
// REQUIRES: verilator
// RUN: rm -rf %t && mkdir -p %t
// RUN: hcl check --rtl %s --entry mac --seeds 2 | FileCheck %s --check-prefix=MAC
// RUN: hcl check --rtl %s --entry odd --seeds 3 | FileCheck %s --check-prefix=ODD
// RUN: hcl check --rtl %s --entry ops --seeds 3 --input-range arg1=1,100 | FileCheck %s --check-prefix=OPS
// RUN: hcl check --rtl %s --entry dot --seeds 2 | FileCheck %s --check-prefix=DOT
// RUN: hcl check --rtl %s --entry rows --seeds 2 | FileCheck %s --check-prefix=ROWS
// MAC: hcl check --rtl: OK: @mac{{.*}}cycles 27, 27)
// ODD: hcl check --rtl: OK: @odd{{.*}}(compared arg0, arg1, arg2, arg3;
// OPS: hcl check --rtl: OK: @ops{{.*}}(compared arg0, arg1, arg2, arg3, arg4, arg5;
// A 40-bit fixed-point dot product pipelined at II 1, the 48-bit sum
// carried in a register and returned.
// DOT: hcl check --rtl: OK: @dot{{.*}}(compared arg0, arg1, result0; cycles 39, 39)
// ROWS: hcl check --rtl: OK: @rows
// RUN: hcl rtl %s -o %t --entry ops
// RUN: verilator --lint-only -Wall %t/ops.sv
// RUN: hcl rtl %s -o %t --entry dot
// RUN: verilator --lint-only -Wall %t/dot.sv
// RUN: hcl-translate --emit-rtl %s | FileCheck %s

// The product of two Fixed<16, 8> is computed at 32 bits, registered (the
// multiplier's cycle), shifted right arithmetically by the 8 fraction bits
// and truncated to 16.
// CHECK-LABEL: module mac (
// CHECK:       assign [[B:w[0-9]+]] = {{[{][{]}}16{[[LB:w[0-9]+]][15]}}, [[LB]]};
// CHECK:       assign [[A:w[0-9]+]] = {{[{][{]}}16{[[LA:w[0-9]+]][15]}}, [[LA]]};
// CHECK:       assign [[P:w[0-9]+]] = [[A]] * [[B]];
// CHECK:       assign [[S:w[0-9]+]] = $signed({{w[0-9]+}}) >>> {{w[0-9]+}};
// CHECK:       assign {{w[0-9]+}} = [[S]][15:0];
func.func @mac(%A: memref<8x!hcl.Fixed<16, 8>>, %B: memref<8x!hcl.Fixed<16, 8>>, %C: memref<8x!hcl.Fixed<16, 8>>) {
  affine.for %i = 0 to 8 {
    %a = affine.load %A[%i] : memref<8x!hcl.Fixed<16, 8>>
    %b = affine.load %B[%i] : memref<8x!hcl.Fixed<16, 8>>
    %m = hcl.mul_fixed %a, %b : !hcl.Fixed<16, 8>
    %s = hcl.add_fixed %m, %a : !hcl.Fixed<16, 8>
    affine.store %s, %C[%i] : memref<8x!hcl.Fixed<16, 8>>
  } {loop_name = "i"}
  return
}

// Odd widths, unsigned fixed point, a constant, min and a comparison.
// CHECK-LABEL: module odd (
// CHECK:       output logic [11:0] arg2_wdata,
// CHECK:       output logic [0:0] arg3_wdata,
func.func @odd(%A: memref<8x!hcl.Fixed<12, 4>>, %B: memref<8x!hcl.UFixed<10, 3>>, %C: memref<8x!hcl.Fixed<12, 4>>, %D: memref<8xi1>) {
  affine.for %i = 0 to 8 {
    %a = affine.load %A[%i] : memref<8x!hcl.Fixed<12, 4>>
    %b = affine.load %B[%i] : memref<8x!hcl.UFixed<10, 3>>
    %bc = hcl.fixed_to_fixed %b : !hcl.UFixed<10, 3> to !hcl.Fixed<12, 4>
    %m = hcl.mul_fixed %a, %bc : !hcl.Fixed<12, 4>
    %k = hcl.fixed_constant 1.25 : !hcl.Fixed<12, 4>
    %s = hcl.sub_fixed %m, %k : !hcl.Fixed<12, 4>
    %lo = hcl.min_fixed %s, %a : !hcl.Fixed<12, 4>
    affine.store %lo, %C[%i] : memref<8x!hcl.Fixed<12, 4>>
    %p = hcl.cmp_fixed slt, %a, %k : !hcl.Fixed<12, 4>
    affine.store %p, %D[%i] : memref<8xi1>
  } {loop_name = "i"}
  return
}

// Division, rounding to nearest and saturation, conversions from and to
// integers, and the bit operations (hcl.bit_reverse is a wiring).
// CHECK-LABEL: module ops (
// CHECK:       assign {{w[0-9]+}} = {[[R:w[0-9]+]][0], [[R]][1], [[R]][2], [[R]][3], [[R]][4], [[R]][5], [[R]][6], [[R]][7], [[R]][8], [[R]][9], [[R]][10], [[R]][11], [[R]][12], [[R]][13], [[R]][14], [[R]][15]};
func.func @ops(%A: memref<8x!hcl.Fixed<16, 6>>, %B: memref<8x!hcl.Fixed<16, 6>>, %N: memref<8xi32>, %C: memref<8x!hcl.Fixed<20, 10>>, %D: memref<8x!hcl.UFixed<8, 2>>, %E: memref<8xi32>) {
  affine.for %i = 0 to 8 {
    %a = affine.load %A[%i] : memref<8x!hcl.Fixed<16, 6>>
    %b = affine.load %B[%i] : memref<8x!hcl.Fixed<16, 6>>
    %n = affine.load %N[%i] : memref<8xi32>
    %d = hcl.div_fixed %a, %b : !hcl.Fixed<16, 6>
    %w = hcl.fixed_to_fixed %d {rounding = "nearest", overflow = "saturate"} : !hcl.Fixed<16, 6> to !hcl.Fixed<20, 10>
    %x = hcl.int_to_fixed %n : i32 to !hcl.Fixed<20, 10>
    %s = hcl.add_fixed %w, %x : !hcl.Fixed<20, 10>
    %hi = hcl.max_fixed %s, %x : !hcl.Fixed<20, 10>
    affine.store %hi, %C[%i] : memref<8x!hcl.Fixed<20, 10>>
    %u = hcl.fixed_to_fixed %a {overflow = "saturate"} : !hcl.Fixed<16, 6> to !hcl.UFixed<8, 2>
    affine.store %u, %D[%i] : memref<8x!hcl.UFixed<8, 2>>
    %k = hcl.fixed_to_int %s : !hcl.Fixed<20, 10> to i32
    %bits = hcl.bitcast %a : !hcl.Fixed<16, 6> to i16
    %r = hcl.bit_reverse %bits : i16
    %g = hcl.get_bit %n[%i] : i32
    %c3 = arith.constant 3 : index
    %hi3 = arith.addi %i, %c3 : index
    %sl = hcl.get_slice %n[%hi3 : %i] : i32 -> i8
    %r32 = arith.extsi %r : i16 to i32
    %s32 = arith.extui %sl : i8 to i32
    %t = arith.addi %k, %r32 : i32
    %t2 = arith.xori %t, %s32 : i32
    %t3 = hcl.set_bit %t2[%i], %g : i32
    affine.store %t3, %E[%i] : memref<8xi32>
  } {loop_name = "i"}
  return
}

// CHECK-LABEL: module dot (
// CHECK:       output logic [47:0] result0
func.func @dot(%A: memref<32x!hcl.Fixed<40, 20>>, %B: memref<32x!hcl.Fixed<40, 20>>) -> !hcl.Fixed<48, 20> {
  %z = hcl.fixed_constant 0.0 : !hcl.Fixed<48, 20>
  %r = affine.for %i = 0 to 32 iter_args(%acc = %z) -> !hcl.Fixed<48, 20> {
    %a = affine.load %A[%i] : memref<32x!hcl.Fixed<40, 20>>
    %b = affine.load %B[%i] : memref<32x!hcl.Fixed<40, 20>>
    %m = hcl.mul_fixed %a, %b : !hcl.Fixed<40, 20>
    %mw = hcl.fixed_to_fixed %m : !hcl.Fixed<40, 20> to !hcl.Fixed<48, 20>
    %n = hcl.add_fixed %acc, %mw : !hcl.Fixed<48, 20>
    affine.yield %n : !hcl.Fixed<48, 20>
  } {loop_name = "i", pipeline_ii = 1 : i32}
  return %r : !hcl.Fixed<48, 20>
}

// A matrix-vector product of 8-bit unsigned fixed point into a local
// buffer of Fixed<24, 8>, the row loop pipelined with the inner loop
// unrolled, then requantized with saturation.
func.func @rows(%M: memref<4x6x!hcl.UFixed<8, 4>>, %V: memref<6x!hcl.Fixed<8, 4>>, %Y: memref<4x!hcl.Fixed<10, 2>>) {
  %buf = memref.alloc() : memref<4x!hcl.Fixed<24, 8>>
  %z = hcl.fixed_constant 0.0 : !hcl.Fixed<24, 8>
  affine.for %i = 0 to 4 {
    %s = affine.for %k = 0 to 6 iter_args(%acc = %z) -> !hcl.Fixed<24, 8> {
      %m = affine.load %M[%i, %k] : memref<4x6x!hcl.UFixed<8, 4>>
      %v = affine.load %V[%k] : memref<6x!hcl.Fixed<8, 4>>
      %mw = hcl.fixed_to_fixed %m : !hcl.UFixed<8, 4> to !hcl.Fixed<24, 8>
      %vw = hcl.fixed_to_fixed %v : !hcl.Fixed<8, 4> to !hcl.Fixed<24, 8>
      %p = hcl.mul_fixed %mw, %vw : !hcl.Fixed<24, 8>
      %n = hcl.add_fixed %acc, %p : !hcl.Fixed<24, 8>
      affine.yield %n : !hcl.Fixed<24, 8>
    } {loop_name = "k", unroll = 0 : i32}
    affine.store %s, %buf[%i] : memref<4x!hcl.Fixed<24, 8>>
  } {loop_name = "i", pipeline_ii = 1 : i32}
  affine.for %i = 0 to 4 {
    %s = affine.load %buf[%i] : memref<4x!hcl.Fixed<24, 8>>
    %y = hcl.fixed_to_fixed %s {overflow = "saturate"} : !hcl.Fixed<24, 8> to !hcl.Fixed<10, 2>
    affine.store %y, %Y[%i] : memref<4x!hcl.Fixed<10, 2>>
  } {loop_name = "o"}
  return
}
