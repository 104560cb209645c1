// HeteroCL-MLIR's hcl.print spellings that do not print are refused at the
// operation: several memrefs (the peer's print of one memref is
// hcl.print_memref), more conversions than values, a conversion printf
// would misread.
//
// RUN: hcl-opt %s --split-input-file --verify-diagnostics

func.func @two_memrefs(%a: memref<4x4xf32>) {
  // expected-error @+1 {{hcl.print of a memref prints that one memref (write an hcl.print_memref for each)}}
  hcl.print(%a, %a) : memref<4x4xf32>, memref<4x4xf32>
  return
}

// -----

func.func @memref_format(%a: memref<4xf32>) {
  // expected-error @+1 {{'hcl.print_memref' op format has 2 conversions: it prints one element, so it has one}}
  hcl.print(%a) {format = "%f %f"} : memref<4xf32>
  return
}

// -----

func.func @too_few(%x: i32) {
  // expected-error @+1 {{format has 2 conversions for 1 values}}
  hcl.print(%x) {format = "%d %d\n"} : i32
  return
}

// -----

func.func @string(%x: i32) {
  // expected-error @+1 {{format has the conversion '%s'}}
  hcl.print(%x) {format = "%s\n"} : i32
  return
}

// -----

func.func @format_type(%x: i32) {
  // expected-error @+1 {{the format is a string}}
  hcl.print(%x) {format = 3 : i32} : i32
  return
}

// -----

func.func @index(%x: index) {
  // expected-error @+1 {{value 0 ('index'): hcl.print prints integers, floats and fixed-point values}}
  hcl.print(%x) {format = "%d\n"} : index
  return
}
