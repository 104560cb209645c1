// Every error of the data-type IR (lib/Dialect/HCL/DataTypeOps.cpp):
// fixed-point formats, predicates, modes, bit indices, bitcast widths,
// quantize / downsize / pack / unpack, and hcl.unsigned.
//
// RUN: hcl-opt %s -split-input-file -verify-diagnostics

// expected-error @+1 {{fixed-point width must be 1 to 512, got 0}}
func.func private @zero_width(!hcl.Fixed<0, 0>)

// -----

// expected-error @+1 {{fixed-point width must be 1 to 512, got 513}}
func.func private @too_wide(memref<4x!hcl.UFixed<513, 8>>)

// -----

// expected-error @+1 {{fixed-point fraction bits must be 0 to the width (8), got 9}}
func.func private @frac_above_width(!hcl.Fixed<8, 9>)

// -----

// expected-error @+1 {{fixed-point fraction bits must be 0 to the width (8), got -1}}
func.func private @negative_frac(!hcl.Fixed<8, -1>)

// -----

func.func @bad_rounding(%a: f32) -> !hcl.Fixed<8, 4> {
  // expected-error @+1 {{'hcl.float_to_fixed' op rounding must be "truncate" (the default), "zero" or "nearest", got "up"}}
  %q = hcl.float_to_fixed %a {rounding = "up"} : f32 to !hcl.Fixed<8, 4>
  return %q : !hcl.Fixed<8, 4>
}

// -----

func.func @bad_overflow(%a: !hcl.Fixed<16, 8>) -> !hcl.Fixed<8, 4> {
  // expected-error @+1 {{'hcl.fixed_to_fixed' op overflow must be "wrap" (the default) or "saturate", got "clip"}}
  %q = hcl.fixed_to_fixed %a {overflow = "clip"} : !hcl.Fixed<16, 8> to !hcl.Fixed<8, 4>
  return %q : !hcl.Fixed<8, 4>
}

// -----

// expected-note @+1 {{prior use here}}
func.func @fixed_add_mixed_types(%a: !hcl.Fixed<8, 4>, %b: !hcl.Fixed<8, 3>) {
  // expected-error @+1 {{use of value '%b' expects different type than prior uses}}
  %c = hcl.add_fixed %a, %b : !hcl.Fixed<8, 4>
  return
}

// -----

func.func @get_bit_out_of_range(%x: i8) -> i1 {
  %c8 = arith.constant 8 : index
  // expected-error @+1 {{'hcl.get_bit' op bit index 8 is out of range for a 8-bit integer (0 to 7)}}
  %b = hcl.get_bit %x[%c8] : i8
  return %b : i1
}

// -----

func.func @set_bit_negative(%x: i8, %b: i1) -> i8 {
  %c = arith.constant -1 : index
  // expected-error @+1 {{'hcl.set_bit' op bit index -1 is out of range for a 8-bit integer (0 to 7)}}
  %y = hcl.set_bit %x[%c], %b : i8
  return %y : i8
}

// -----

func.func @slice_hi_below_lo(%x: i32) -> i8 {
  %hi = arith.constant 3 : index
  %lo = arith.constant 5 : index
  // expected-error @+1 {{'hcl.get_slice' op slice [3 : 5] has hi < lo}}
  %s = hcl.get_slice %x[%hi : %lo] : i32 -> i8
  return %s : i8
}

// -----

func.func @slice_out_of_range(%x: i32, %v: i8) -> i32 {
  %hi = arith.constant 32 : index
  %lo = arith.constant 25 : index
  // expected-error @+1 {{'hcl.set_slice' op bit index hi 32 is out of range for a 32-bit integer (0 to 31)}}
  %y = hcl.set_slice %x[%hi : %lo], %v : i32, i8
  return %y : i32
}

// -----

func.func @bitcast_widths(%x: !hcl.Fixed<8, 4>) -> i16 {
  // expected-error @+1 {{'hcl.bitcast' op needs types of the same width: '!hcl.Fixed<8, 4>' has 8 bits, 'i16' has 16}}
  %y = hcl.bitcast %x : !hcl.Fixed<8, 4> to i16
  return %y : i16
}

// -----

func.func @bitcast_index(%x: index) -> i64 {
  // expected-error @+1 {{'hcl.bitcast' op converts integers, floats and fixed-point values, not 'index'}}
  %y = hcl.bitcast %x : index to i64
  return %y : i64
}

// -----

func.func @quantize_to_float(%B: memref<10xf32>) {
  // expected-error @+1 {{'hcl.quantize' op quantizes to a fixed-point or integer type, not 'f16'}}
  hcl.quantize(%B : memref<10xf32>, f16)
  return
}

// -----

func.func @quantize_float_to_int(%B: memref<10xf32>) {
  // expected-error @+1 {{'hcl.quantize' op quantizes 'f32' to a fixed-point type; integers are narrowed with hcl.downsize}}
  hcl.quantize(%B : memref<10xf32>, i8)
  return
}

// -----

func.func @downsize_wider(%B: memref<10xi8>) {
  // expected-error @+1 {{'hcl.downsize' op target 'i16' is not narrower than 'i8'}}
  hcl.downsize(%B : memref<10xi8>, i16)
  return
}

// -----

func.func @downsize_float(%B: memref<10xf32>) {
  // expected-error @+1 {{'hcl.downsize' op narrows an integer tensor to an integer type; use hcl.quantize for fixed point}}
  hcl.downsize(%B : memref<10xf32>, i8)
  return
}

// -----

func.func @pack_not_divisible(%B: memref<10x15xi8>) {
  // expected-error @+1 {{'hcl.pack' op axis 1 has 15 elements, not divisible by 4}}
  %P = hcl.pack(%B : memref<10x15xi8>, 1, 4) -> memref<10x3xi32>
  return
}

// -----

func.func @pack_widths(%B: memref<10x16xi8>) {
  // expected-error @+1 {{'hcl.pack' op 4 elements of 'i8' do not make one 'i16' (need i32)}}
  %P = hcl.pack(%B : memref<10x16xi8>, 1, 4) -> memref<10x4xi16>
  return
}

// -----

func.func @pack_axis(%B: memref<10x16xi8>) {
  // expected-error @+1 {{'hcl.pack' op axis 2 is out of range for a rank-2 tensor (0 to 1)}}
  %P = hcl.pack(%B : memref<10x16xi8>, 2, 4) -> memref<10x4xi32>
  return
}

// -----

func.func @unpack_shape(%B: memref<10x4xi32>) {
  // expected-error @+1 {{'hcl.unpack' op result shape does not match: dimension 1 must be 16}}
  %U = hcl.unpack(%B : memref<10x4xi32>, 1, 4) -> memref<10x8xi8>
  return
}

// -----

// expected-error @+1 {{'hcl.unsigned' on argument 0 of type 'memref<4xf32>': only integers (and memrefs of integers) have a signedness to choose; fixed-point types carry theirs in the type}}
func.func private @unsigned_float(memref<4xf32> {hcl.unsigned})

// -----

// expected-error @+1 {{'hcl.unsigned' on result 0 of type '!hcl.Fixed<8, 4>'}}
func.func private @unsigned_fixed_result() -> (!hcl.Fixed<8, 4> {hcl.unsigned})

// -----

// expected-error @+1 {{'hcl.unsigned' is a unit attribute (write it without a value)}}
func.func private @unsigned_value(i8 {hcl.unsigned = 1 : i32})
