// A function that takes no arrays and returns nothing (HeteroCL-MLIR's
// mm.mlir: @top multiplies memref.global constants in place) leaves hcl
// check nothing to compare; it says so instead of reporting a match. The
// kernel itself is checked through --entry.
// RUN: not hcl check %s 2>&1 | FileCheck %s
// RUN: hcl check %s --entry kernel | FileCheck %s --check-prefix=KERNEL

// CHECK: error: @top has nothing to compare: no memref arguments and no results
// KERNEL: hcl check: OK: @kernel matches the unscheduled program on 3 seeds (3 outputs

memref.global "private" @gv : memref<4x4xf32> = dense<1.0>

func.func @kernel(%A: memref<4x4xf32>, %B: memref<4x4xf32>, %C: memref<4x4xf32>) {
  %s = hcl.create_op_handle "s"
  %li = hcl.create_loop_handle %s, "i"
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 4 {
      %a = affine.load %A[%i, %j] : memref<4x4xf32>
      %b = affine.load %B[%i, %j] : memref<4x4xf32>
      %c = arith.addf %a, %b : f32
      affine.store %c, %C[%i, %j] : memref<4x4xf32>
    } {loop_name = "j"}
  } {loop_name = "i", op_name = "s"}
  %o, %n = hcl.split (%li, 2)
  return
}

func.func @top() {
  %g = memref.get_global @gv : memref<4x4xf32>
  call @kernel(%g, %g, %g) : (memref<4x4xf32>, memref<4x4xf32>, memref<4x4xf32>) -> ()
  return
}
