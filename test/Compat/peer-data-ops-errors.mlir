// Malformed HeteroCL-MLIR spellings of the data operations are located
// errors.
//
// RUN: hcl-opt %s --split-input-file --verify-diagnostics

func.func @fixed_to_int_rounding(%x: !hcl.Fixed<8, 2>) -> i8 {
  // expected-error @+1 {{'hcl.fixed_to_int' op rounding is "zero" (the default) or "floor", not "nearest"}}
  %y = hcl.fixed_to_int(%x) {rounding = "nearest"} : !hcl.Fixed<8, 2> -> i8
  return %y : i8
}

// -----

func.func @get_bit_type(%x: i8, %i: index) -> i8 {
  // expected-error @+1 {{hcl.get_bit gives an i1, not 'i8'}}
  %y = hcl.get_bit(%x : i8, %i) -> i8
  return %y : i8
}

// -----

func.func @set_slice_type(%x: i8, %i: index, %v: i2) -> i16 {
  // expected-error @+1 {{hcl.set_slice gives its input's type 'i8', not 'i16'}}
  %y = hcl.set_slice(%x : i8, %i, %i, %v : i2) -> i16
  return %y : i16
}
