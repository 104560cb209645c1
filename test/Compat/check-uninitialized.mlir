// A program that accumulates into a memref.alloc it never initialized
// (HeteroCL-MLIR's cascade and customization tests do) has undefined
// results: hcl check warns at the allocation, since a mismatch would then
// say nothing about the schedule. (This one multiplies what it reads by zero,
// so its result is defined and the check itself passes.)
// RUN: hcl check %s 2>&1 | FileCheck %s

// CHECK: check-uninitialized.mlir:[[@LINE+6]]:8: warning: this allocation is read before it is written: its contents are undefined

func.func @top(%A: memref<4x4xi32>) -> memref<4xi32> {
  %s = hcl.create_op_handle "s"
  %li = hcl.create_loop_handle %s, "i"
  %z = arith.constant 0 : i32
  %C = memref.alloc() : memref<4xi32>
  affine.for %i = 0 to 4 {
    affine.for %k = 0 to 4 {
      %a = affine.load %A[%i, %k] : memref<4x4xi32>
      %c = affine.load %C[%i] : memref<4xi32>
      %e = arith.muli %c, %z : i32
      %f = arith.addi %a, %e : i32
      affine.store %f, %C[%i] : memref<4xi32>
    } {loop_name = "k"}
  } {loop_name = "i", op_name = "s"}
  hcl.pipeline (%li)
  return %C : memref<4xi32>
}
