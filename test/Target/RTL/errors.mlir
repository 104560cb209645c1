// What has no hardware form yet is refused at the operation or argument at
// fault (docs/rtl.md, "Refused").
// RUN: hcl-translate --emit-rtl %s -split-input-file -verify-diagnostics

// The float units are f32 and f64 (docs/rtl-float.md).
// expected-error @+1 {{rtl: argument 0: the float type f16 has no hardware form (the float units are f32 and f64)}}
func.func @half_argument(%A: memref<4xf16>) {
  return
}

// -----

// Float operations without a unit: remf, math functions, conversions of
// integer widths the units do not take.
func.func @remf(%A: memref<4xf32>) {
  %a = affine.load %A[0] : memref<4xf32>
  %b = affine.load %A[1] : memref<4xf32>
  // expected-error @+1 {{rtl: 'arith.remf' of f32, f32 to f32 has no float unit (the units compute f32 and f64, with i32 and i64 integers; docs/rtl-float.md)}}
  %r = arith.remf %a, %b : f32
  affine.store %r, %A[0] : memref<4xf32>
  return
}

// -----

func.func @exp(%A: memref<4xf64>) {
  %a = affine.load %A[0] : memref<4xf64>
  // expected-error @+1 {{rtl: 'math.exp' has no float unit (docs/rtl-float.md lists what the units compute)}}
  %e = math.exp %a : f64
  affine.store %e, %A[0] : memref<4xf64>
  return
}

// -----

func.func @tanh(%A: memref<4xf32>) {
  %a = affine.load %A[0] : memref<4xf32>
  // expected-error @+1 {{rtl: 'math.tanh' has no float unit (docs/rtl-float.md lists what the units compute)}}
  %e = math.tanh %a : f32
  affine.store %e, %A[0] : memref<4xf32>
  return
}

// -----

func.func @log(%A: memref<4xf32>) {
  %a = affine.load %A[0] : memref<4xf32>
  // expected-error @+1 {{rtl: 'math.log' has no float unit (docs/rtl-float.md lists what the units compute)}}
  %e = math.log %a : f32
  affine.store %e, %A[0] : memref<4xf32>
  return
}

// -----

func.func @narrow_conversion(%A: memref<4xi8>, %B: memref<4xf32>) {
  %a = affine.load %A[0] : memref<4xi8>
  // expected-error @+1 {{rtl: 'arith.uitofp' of i8 to f32 has no float unit (the units compute f32 and f64, with i32 and i64 integers; docs/rtl-float.md)}}
  %f = arith.uitofp %a : i8 to f32
  affine.store %f, %B[0] : memref<4xf32>
  return
}

// -----

func.func @rounding_mode(%A: memref<4xf64>, %B: memref<4xf32>) {
  %a = affine.load %A[0] : memref<4xf64>
  // expected-error @+1 {{rtl: 'arith.truncf' of f64 to f32 has no float unit}}
  %f = arith.truncf %a to_nearest_away : f64 to f32
  affine.store %f, %B[0] : memref<4xf32>
  return
}

// -----

func.func @math(%A: memref<4xi32>) {
  affine.for %i = 0 to 4 {
    %a = affine.load %A[%i] : memref<4xi32>
    // expected-error @+1 {{rtl: math functions have no hardware form yet}}
    %b = math.absi %a : i32
    affine.store %b, %A[%i] : memref<4xi32>
  }
  return
}

// -----

func.func private @helper(i32) -> i32

func.func @call(%A: memref<4xi32>) {
  %a = affine.load %A[0] : memref<4xi32>
  // expected-error @+1 {{rtl: a call to a function without a body has no hardware form}}
  %b = func.call @helper(%a) : (i32) -> i32
  affine.store %b, %A[0] : memref<4xi32>
  return
}

// -----

// expected-error @+1 {{rtl: argument 0: dynamic shapes have no hardware form yet}}
func.func @dynamic(%A: memref<?xi32>) {
  return
}

// -----

func.func @copy(%A: memref<4xi32>, %B: memref<4xi32>) {
  // expected-error @+1 {{rtl: 'memref.copy' has no hardware form yet}}
  memref.copy %A, %B : memref<4xi32> to memref<4xi32>
  return
}

// -----

func.func @passed_through(%A: memref<4xi32>) -> memref<4xi32> {
  // expected-error @+1 {{rtl: a returned memref must be an allocation of the function}}
  return %A : memref<4xi32>
}

// -----

func.func @unroll_unknown_trips(%A: memref<16xi32>, %n: index) {
  // expected-error @+1 {{rtl: a full unroll needs a constant trip count}}
  affine.for %i = 0 to %n {
    %a = affine.load %A[%i] : memref<16xi32>
    affine.store %a, %A[%i] : memref<16xi32>
  } {loop_name = "i", unroll = 0 : i32}
  return
}

// -----

func.func @countdown(%A: memref<4xi32>, %n: i32) {
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %more = arith.cmpi sgt, %n, %zero : i32
  scf.if %more {
    %m = arith.subi %n, %one : i32
    // expected-error @+1 {{rtl: recursion has no hardware form}}
    func.call @countdown(%A, %m) : (memref<4xi32>, i32) -> ()
  }
  return
}

// -----

func.func @swap(%A: memref<4xi32>, %B: memref<4xi32>) {
  %a = affine.load %A[0] : memref<4xi32>
  %b = affine.load %B[0] : memref<4xi32>
  affine.store %a, %B[0] : memref<4xi32>
  affine.store %b, %A[0] : memref<4xi32>
  return
}

func.func @twice(%A: memref<4xi32>) {
  // expected-error @+1 {{rtl: a memory passed twice to one call has no hardware form yet (it has one port)}}
  func.call @swap(%A, %A) : (memref<4xi32>, memref<4xi32>) -> ()
  return
}

// -----

// Fixed point is lowered to integers; its conversion to float converts
// the 16-bit integer, a width the units do not take.
func.func @fixed_to_float(%A: memref<4x!hcl.Fixed<16, 8>>, %B: memref<4xi32>) {
  affine.for %i = 0 to 4 {
    %a = affine.load %A[%i] : memref<4x!hcl.Fixed<16, 8>>
    // expected-error @+1 {{rtl: 'arith.sitofp' of i16 to f32 has no float unit}}
    %f = hcl.fixed_to_float %a : !hcl.Fixed<16, 8> to f32
    %n = arith.fptosi %f : f32 to i32
    affine.store %n, %B[%i] : memref<4xi32>
  }
  return
}

// -----

// A constant global is a ROM (constant-globals.mlir); a global the kernel
// may write is state that outlives it, which has no hardware form.
memref.global "private" @counts : memref<4xi32> = dense<0>
func.func @mutable_global(%A: memref<4xi32>) {
  // expected-error @+1 {{rtl: 'memref.get_global' of @counts, which is not constant, has no hardware form yet (a constant global is a ROM)}}
  %g = memref.get_global @counts : memref<4xi32>
  %a = affine.load %g[0] : memref<4xi32>
  affine.store %a, %A[0] : memref<4xi32>
  return
}

// -----

// A returned memref is a port of the kernel, not a ROM in it.
memref.global "private" constant @table : memref<4xi32> = dense<[1, 2, 3, 4]>
func.func @returned_global() -> memref<4xi32> {
  // expected-error @+1 {{rtl: 'memref.get_global' of @table has no hardware form here (a constant global with an initial value of integers or floats is a ROM, unless the function returns it)}}
  %g = memref.get_global @table : memref<4xi32>
  return %g : memref<4xi32>
}
