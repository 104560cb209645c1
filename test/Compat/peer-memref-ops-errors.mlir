// hcl.get_global_fixed reads the encodings of a global of signless
// integers of its shape; hcl.print_memref prints numbers, one conversion per
// element. Anything else is refused at the operation.
//
// RUN: hcl-opt %s --split-input-file --verify-diagnostics

func.func @no_global() {
  // expected-error @+1 {{'missing' is not a memref.global}}
  %q = hcl.get_global_fixed @missing : memref<2x!hcl.Fixed<8, 2>>
  return
}

// -----

memref.global "private" @f : memref<2xf32> = dense<1.0>
func.func @float_global() {
  // expected-error @+1 {{reads the fixed-point encodings from a global of signless integers; 'f' holds 'f32'}}
  %q = hcl.get_global_fixed @f : memref<2x!hcl.Fixed<8, 2>>
  return
}

// -----

memref.global "private" @g : memref<2xi64> = dense<1>
func.func @not_fixed() {
  // expected-error @+1 {{gives a memref of fixed-point elements, not 'i64' (memref.get_global reads a global as it is)}}
  %q = hcl.get_global_fixed @g : memref<2xi64>
  return
}

// -----

memref.global "private" @g : memref<2xi64> = dense<1>
func.func @shape() {
  // expected-error @+1 {{result shape differs from 'g' ('memref<2xi64>')}}
  %q = hcl.get_global_fixed @g : memref<3x!hcl.Fixed<8, 2>>
  return
}

// -----

func.func @print_index(%a: memref<2xindex>) {
  // expected-error @+1 {{prints integers of at most 64 bits, floats and fixed-point values, not 'index'}}
  hcl.print_memref(%a) : memref<2xindex>
  return
}

// -----

func.func @print_two(%a: memref<2xf32>) {
  // expected-error @+1 {{format has 2 conversions: it prints one element, so it has one}}
  hcl.print_memref(%a) {format = "%f %f"} : memref<2xf32>
  return
}

// -----

func.func @print_string(%a: memref<2xf32>) {
  // expected-error @+1 {{format has the conversion '%s'}}
  hcl.print_memref(%a) {format = "%s"} : memref<2xf32>
  return
}
