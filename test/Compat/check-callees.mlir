// A file of several kernels, as HeteroCL-MLIR writes them: `hcl check`
// checks the public functions no other function calls; a callee (here a
// stage outlined with an `index` argument, which has no host type) is
// checked inside its caller.
// RUN: hcl check %s | FileCheck %s
// CHECK-NOT: @add_one
// CHECK: hcl check: OK: @add_all
// CHECK: hcl check: OK: @scaled
// CHECK: hcl check: 2 of 2 functions pass
// RUN: not hcl check %s --entry add_one 2>&1 | FileCheck %s --check-prefix=CALLEE
// CALLEE: argument 2 of @add_one has type 'index'

func.func @add_one(%A: memref<8xi32>, %B: memref<8xi32>, %i: index) {
  %a = affine.load %A[%i] : memref<8xi32>
  %one = arith.constant 1 : i32
  %b = arith.addi %a, %one : i32
  affine.store %b, %B[%i] : memref<8xi32>
  return
}

func.func @add_all(%A: memref<8xi32>, %B: memref<8xi32>) {
  %s = hcl.create_op_handle "S"
  %li = hcl.create_loop_handle %s, "i"
  affine.for %i = 0 to 8 {
    func.call @add_one(%A, %B, %i) : (memref<8xi32>, memref<8xi32>, index) -> ()
  } {loop_name = "i", op_name = "S"}
  hcl.unroll(%li, 2)
  return
}

func.func @scaled(%A: memref<8xi32>) -> memref<8xi32> {
  %s = hcl.create_op_handle "T"
  %li = hcl.create_loop_handle %s, "i"
  %B = memref.alloc() : memref<8xi32>
  affine.for %i = 0 to 8 {
    %a = affine.load %A[%i] : memref<8xi32>
    %b = arith.muli %a, %a : i32
    affine.store %b, %B[%i] : memref<8xi32>
  } {loop_name = "i", op_name = "T"}
  %lo, %lin = hcl.split(%li, 4)
  return %B : memref<8xi32>
}
