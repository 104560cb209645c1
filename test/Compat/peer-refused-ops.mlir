// HeteroCL-MLIR operations hcl has no meaning for are refused where they
// stand, saying what to write instead (not MLIR's "custom op is unknown").
//
// RUN: hcl-opt %s --split-input-file --verify-diagnostics

func.func @sub() {
  return
}
func.func @clone() {
  call @sub() : () -> ()
  %s = hcl.create_op_handle "sub"
  // expected-error @+1 {{HeteroCL-MLIR's hcl.clone (a copy of a function per caller) is not an hcl operation: write the copy as a func.func of its own and call it where the copy is wanted}}
  hcl.clone(@sub, %s)
  return
}

// -----

func.func @unfold(%A: memref<3xf32>) {
  %s = hcl.create_op_handle "s"
  %lj = hcl.create_loop_handle %s, "j"
  affine.for %j = 0 to 3 {
    %a = affine.load %A[%j] : memref<3xf32>
    affine.store %a, %A[%j] : memref<3xf32>
  } {loop_name = "j", op_name = "s"}
  // expected-error @+1 {{HeteroCL-MLIR's hcl.unfold (a loop as an array of processing elements) is not an hcl operation: write hcl.unroll(%loop, N) to replicate the loop body in hardware}}
  %pe = hcl.unfold(%lj, 3)
  return
}

// -----

func.func @reform(%B: memref<4x8xf32>) {
  // expected-error @+1 {{HeteroCL-MLIR's hcl.reform (an array stored in another layout) is not an hcl operation: write hcl.reshape for another shape in the same row-major order, or transpose the array in the program}}
  %r = hcl.reform(%B : memref<4x8xf32>) {layout = affine_map<(d0, d1) -> (d1, d0)>} -> memref<8x4xf32>
  return
}

// -----

func.func @struct_construct(%a: i32, %b: i32) {
  // expected-error @+1 {{HeteroCL-MLIR's hcl.struct_construct (a value of a struct type) is not an hcl operation: keep each field in an array of its own, or pack the fields into one integer with hcl.set_slice and read them with hcl.get_slice}}
  %s = hcl.struct_construct(%a, %b) : i32, i32 -> !hcl.struct<i32, i32>
  return
}

// -----

func.func @struct_get(%m: memref<4xi64>) {
  %c0 = arith.constant 0 : index
  %v = memref.load %m[%c0] : memref<4xi64>
  // expected-error @+1 {{HeteroCL-MLIR's hcl.struct_get (a field of a struct) is not an hcl operation: read the field's own array, or its bits with hcl.get_slice}}
  %f = hcl.struct_get %v[0] : <i32, i32> -> i32
  return
}
