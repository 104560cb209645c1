// What has no hardware form yet is refused at the operation or argument at
// fault (docs/rtl.md, "Refused").
// RUN: hcl-translate --emit-rtl %s -split-input-file -verify-diagnostics

// expected-error @+1 {{rtl: argument 0: floating point in hardware comes with issue 30}}
func.func @float_argument(%A: memref<4xf32>) {
  return
}

// -----

func.func @float_op(%A: memref<4xi32>) {
  %a = affine.load %A[0] : memref<4xi32>
  // expected-error @+1 {{rtl: floating point in hardware comes with issue 30}}
  %x = arith.sitofp %a : i32 to f32
  %y = arith.addf %x, %x : f32
  %i = arith.fptosi %y : f32 to i32
  affine.store %i, %A[0] : memref<4xi32>
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

// Fixed point is lowered to integers; its conversions to float are floats.
func.func @fixed_to_float(%A: memref<4x!hcl.Fixed<16, 8>>, %B: memref<4xi32>) {
  affine.for %i = 0 to 4 {
    %a = affine.load %A[%i] : memref<4x!hcl.Fixed<16, 8>>
    // expected-error @+1 {{rtl: floating point in hardware comes with issue 30}}
    %f = hcl.fixed_to_float %a : !hcl.Fixed<16, 8> to f32
    %n = arith.fptosi %f : f32 to i32
    affine.store %n, %B[%i] : memref<4xi32>
  }
  return
}
