// A function declared without a body that this process defines (libm's
// cosf) is called as any other: hcl check runs it (check-external-callee.mlir
// is a declaration nothing defines).
// RUN: hcl check %s | FileCheck %s --check-prefix=LIBM

// LIBM: hcl check: OK: @cosine
func.func private @cosf(f32) -> f32

func.func @cosine(%A: memref<4xf32>, %B: memref<4xf32>) {
  %s = hcl.create_op_handle "s"
  %li = hcl.create_loop_handle %s, "i"
  affine.for %i = 0 to 4 {
    %a = affine.load %A[%i] : memref<4xf32>
    %c = func.call @cosf(%a) : (f32) -> f32
    affine.store %c, %B[%i] : memref<4xf32>
  } {loop_name = "i", op_name = "s"}
  hcl.unroll (%li, 2)
  return
}
