// Every error of the packed struct type and its operations, one per split.
//
// RUN: hcl-opt %s -split-input-file -verify-diagnostics

// A field needs a width in bits that does not depend on the target.
// expected-error @+1 {{a struct field needs a width in bits (an integer, float, fixed-point or struct type), not 'index'}}
func.func @index_field(%m: memref<4x!hcl.struct<i8, index>>) {
  return
}

// -----

// expected-error @+1 {{a struct needs at least one field}}
func.func @no_fields(%m: memref<4x!hcl.struct<>>) {
  return
}

// -----

// The widest integer hcl's CPU path, host boundary and C simulation take.
// expected-error @+1 {{a struct holds at most 512 bits; these fields take 520}}
func.func @too_wide(%m: memref<4x!hcl.struct<i512, i8>>) {
  return
}

// -----

func.func @too_few_values(%a: i8) {
  // expected-error @+1 {{'hcl.struct_construct' op gives 1 values for the 2 fields of '!hcl.struct<i8, i8>'}}
  %s = hcl.struct_construct(%a) : i8 -> !hcl.struct<i8, i8>
  return
}

// -----

func.func @wrong_field_type(%a: i8, %b: i16) {
  // expected-error @+1 {{'hcl.struct_construct' op gives a value of type 'i16' for field 1 of type 'i8'}}
  %s = hcl.struct_construct(%a, %b) : i8, i16 -> !hcl.struct<i8, i8>
  return
}

// -----

func.func @field_out_of_range(%s: !hcl.struct<i8, f32>) {
  // expected-error @+1 {{'hcl.struct_get' op reads field 2 of '!hcl.struct<i8, f32>', which has 2 (fields count from 0)}}
  %f = hcl.struct_get %s[2] : !hcl.struct<i8, f32> -> f32
  return
}

// -----

func.func @wrong_result_type(%s: !hcl.struct<i8, f32>) {
  // expected-error @+1 {{'hcl.struct_get' op gives type 'i32' for field 1 of type 'f32'}}
  %f = hcl.struct_get %s[1] : !hcl.struct<i8, f32> -> i32
  return
}

// -----

func.func @not_a_struct(%s: i32) {
  // expected-error @+1 {{expected a struct type: !hcl.struct<T, ...>, or <T, ...> where only a struct fits}}
  %f = hcl.struct_get %s[0] : i32 -> i8
  return
}
