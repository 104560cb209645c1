// HeteroCL-MLIR's parenthesized spelling of the bit operations and
// conversions (`hcl.get_bit(%x : i8, %i) -> i1`, `hcl.float_to_fixed(%f) :
// f32 -> T`) reads as hcl's operations of the same meaning, printed in hcl's
// spelling; each function computes in both spellings and prints both
// results, which the run shows equal and right.
//
// RUN: hcl-opt %s | FileCheck %s --check-prefix=IR
// RUN: hcl-opt %s | hcl-opt | FileCheck %s --check-prefix=IR
// RUN: hcl check %s --entry bits | FileCheck %s --check-prefix=BITS
// RUN: hcl check %s --entry conversions | FileCheck %s --check-prefix=CONV
// RUN: hcl check --hls %s --entry bits | FileCheck %s --check-prefix=HLS
// RUN: hcl check %s --entry to_int | FileCheck %s --check-prefix=INT
// RUN: hcl check --hls %s --entry to_int | FileCheck %s --check-prefix=INT
// HLS: OK

// IR-LABEL: func.func @bits
// IR:      hcl.get_bit %{{.*}}[%{{.*}}] : i8
// IR:      hcl.get_bit %{{.*}}[%{{.*}}] : i8
// IR:      hcl.set_bit %{{.*}}[%{{.*}}], %{{.*}} : i32
// IR:      hcl.get_slice %{{.*}}[%{{.*}} : %{{.*}}] : i32 -> i3
// IR:      hcl.set_slice %{{.*}}[%{{.*}} : %{{.*}}], %{{.*}} : i32, i3
// IR:      hcl.bit_reverse %{{.*}} {unsigned} : i8
// IR-LABEL: func.func @conversions
// IR:      hcl.float_to_fixed %{{.*}} {rounding = "zero"} : f32 to !hcl.Fixed<32, 2>
// IR:      hcl.float_to_fixed %{{.*}} {rounding = "nearest"} : f32 to !hcl.Fixed<32, 2>
// IR:      hcl.int_to_fixed %{{.*}} : i32 to !hcl.Fixed<32, 2>
// IR:      hcl.fixed_to_fixed %{{.*}} : !hcl.Fixed<32, 2> to !hcl.Fixed<16, 1>
// IR:      hcl.fixed_to_float %{{.*}} : !hcl.Fixed<16, 1> to f32
// IR-LABEL: func.func @to_int
// IR:      hcl.fixed_to_int %{{.*}} {rounding = "floor"} : !hcl.Fixed<32, 2> to i32
// IR:      hcl.fixed_to_int %{{.*}} : !hcl.Fixed<32, 2> to i32

// x = 0b00000110: bit 2 is 1, reversed 0b01100000 = 96.
// BITS: get_bit 1 1
// BITS: set_bit 4 4
// BITS: get_slice 5 5
// BITS: set_slice 24 24
// BITS: bit_reverse 96 96
func.func @bits() {
  %x = arith.constant 6 : i8
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %true = arith.constant true
  %zero = arith.constant 0 : i32
  %eleven = arith.constant 45 : i32
  %three = arith.constant 3 : i3
  %b0 = hcl.get_bit(%x : i8, %c2) -> i1
  %b1 = hcl.get_bit %x[%c2] : i8
  %s0 = hcl.set_bit(%zero : i32, %c2, %true : i1) -> i32
  %s1 = hcl.set_bit %zero[%c2], %true : i32
  %g0 = hcl.get_slice(%eleven : i32, %c2, %c0) -> i3
  %g1 = hcl.get_slice %eleven[%c2 : %c0] : i32 -> i3
  %t0 = hcl.set_slice(%zero : i32, %c4, %c3, %three : i3) -> i32
  %t1 = hcl.set_slice %zero[%c4 : %c3], %three : i32, i3
  %r0 = hcl.bit_reverse(%x : i8) {unsigned}
  %r1 = hcl.bit_reverse %x : i8
  %b0e = arith.extui %b0 : i1 to i64
  %b1e = arith.extui %b1 : i1 to i64
  hcl.print "get_bit %lld %lld\n" %b0e, %b1e : i64, i64
  %s0e = arith.extsi %s0 : i32 to i64
  %s1e = arith.extsi %s1 : i32 to i64
  hcl.print "set_bit %lld %lld\n" %s0e, %s1e : i64, i64
  %g0e = arith.extui %g0 : i3 to i64
  %g1e = arith.extui %g1 : i3 to i64
  hcl.print "get_slice %lld %lld\n" %g0e, %g1e : i64, i64
  %t0e = arith.extsi %t0 : i32 to i64
  %t1e = arith.extsi %t1 : i32 to i64
  hcl.print "set_slice %lld %lld\n" %t0e, %t1e : i64, i64
  %r0e = arith.extsi %r0 : i8 to i64
  %r1e = arith.extsi %r1 : i8 to i64
  hcl.print "bit_reverse %lld %lld\n" %r0e, %r1e : i64, i64
  return
}

// float_to_fixed in HeteroCL-MLIR's spelling truncates toward zero, as its
// fptosi(x * 4) does: -1.3 -> -1.25 (floor would give -1.5).
// CONV: float_to_fixed -1.25 -1.25
// CONV: nearest -1.25
// CONV: int_to_fixed 7
// CONV: fixed_to_fixed -1.5
func.func @conversions() {
  %f = arith.constant -1.3 : f32
  %seven = arith.constant 7 : i32
  %a0 = hcl.float_to_fixed(%f) : f32 -> !hcl.Fixed<32, 2>
  %a1 = hcl.float_to_fixed %f {rounding = "zero"} : f32 to !hcl.Fixed<32, 2>
  %n = hcl.float_to_fixed(%f) {rounding = "nearest"} : f32 -> !hcl.Fixed<32, 2>
  %i = hcl.int_to_fixed(%seven) : i32 -> !hcl.Fixed<32, 2>
  %q = hcl.fixed_to_fixed(%a0) : !hcl.Fixed<32, 2> -> !hcl.Fixed<16, 1>
  %q2 = hcl.fixed_to_float(%q) : !hcl.Fixed<16, 1> -> f32
  %a0f = hcl.fixed_to_float %a0 : !hcl.Fixed<32, 2> to f64
  %a1f = hcl.fixed_to_float %a1 : !hcl.Fixed<32, 2> to f64
  %nf = hcl.fixed_to_float %n : !hcl.Fixed<32, 2> to f64
  %if = hcl.fixed_to_float %i : !hcl.Fixed<32, 2> to f64
  %qf = arith.extf %q2 : f32 to f64
  hcl.print "float_to_fixed %g %g\n" %a0f, %a1f : f64, f64
  hcl.print "nearest %g\n" %nf : f64
  hcl.print "int_to_fixed %g\n" %if : f64
  hcl.print "fixed_to_fixed %g\n" %qf : f64
  return
}

// fixed_to_int in HeteroCL-MLIR's spelling shifts the fraction out: toward
// minus infinity, where hcl's truncates toward zero. -1.25 gives -2 and -1,
// 1.75 gives 1 both ways; the floor of -0.25 in Fixed<4, 3> (no integer
// bits) is -1; a UFixed floors as it truncates.
// INT: to_int -2 -1 1 1
// INT: to_int -1 0 3
func.func @to_int() {
  %f = arith.constant -1.25 : f32
  %g = arith.constant 1.75 : f32
  %h = arith.constant -0.25 : f32
  %u = arith.constant 3.5 : f32
  %a = hcl.float_to_fixed %f : f32 to !hcl.Fixed<32, 2>
  %b = hcl.float_to_fixed %g : f32 to !hcl.Fixed<32, 2>
  %c = hcl.float_to_fixed %h : f32 to !hcl.Fixed<4, 3>
  %d = hcl.float_to_fixed %u : f32 to !hcl.UFixed<8, 2>
  %a0 = hcl.fixed_to_int(%a) : !hcl.Fixed<32, 2> -> i32
  %a1 = hcl.fixed_to_int %a : !hcl.Fixed<32, 2> to i32
  %b0 = hcl.fixed_to_int(%b) : !hcl.Fixed<32, 2> -> i32
  %b1 = hcl.fixed_to_int %b : !hcl.Fixed<32, 2> to i32
  %c0 = hcl.fixed_to_int(%c) : !hcl.Fixed<4, 3> -> i8
  %c1 = hcl.fixed_to_int %c : !hcl.Fixed<4, 3> to i8
  %d0 = hcl.fixed_to_int(%d) : !hcl.UFixed<8, 2> -> i8
  hcl.print "to_int %lld %lld %lld %lld\n" %a0, %a1, %b0, %b1 : i32, i32, i32, i32
  hcl.print "to_int %lld %lld %lld\n" %c0, %c1, %d0 : i8, i8, i8
  return
}
