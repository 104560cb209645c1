// A function that takes no arrays and returns nothing works on its module's
// memref.globals (HeteroCL-MLIR's mm.mlir multiplies globals in place):
// hcl check compares what it leaves in them, each run starting from the
// globals' initial contents. With no writable global there is nothing to
// compare, and it says so instead of reporting a match.
// RUN: hcl check %s | FileCheck %s
// RUN: hcl check %s --entry kernel | FileCheck %s --check-prefix=KERNEL
// RUN: not hcl check %s --entry reads_constant 2>&1 | FileCheck %s --check-prefix=NOTHING

// CHECK: hcl check: @top takes and returns no arrays: comparing what it leaves in @gv (each run starts from the initial contents)
// CHECK: hcl check: OK: @top matches the unscheduled program on 3 seeds (compared @gv; largest relative error 0)
// KERNEL: hcl check: OK: @kernel matches the unscheduled program on 3 seeds (compared C (written in place), A, B (inputs, unchanged);
// NOTHING: error: @reads_constant has nothing to compare: no memref arguments, no results and no initialized memref.global it could write

memref.global "private" @gv : memref<4x4xf32> = dense<[[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0], [1.5, 2.5, 3.5, 4.5], [0.5, 0.25, 8.0, 9.0]]>
memref.global "private" constant @table : memref<4xf32> = dense<[1.0, 2.0, 3.0, 4.0]>

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

// Doubles @gv on every run: without restoring its contents first, the
// reference (run more often than the scheduled program) would differ.
func.func @top() {
  %g = memref.get_global @gv : memref<4x4xf32>
  call @kernel(%g, %g, %g) : (memref<4x4xf32>, memref<4x4xf32>, memref<4x4xf32>) -> ()
  return
}

func.func @reads_constant() {
  %t = memref.get_global @table : memref<4xf32>
  %s = hcl.create_op_handle "r"
  %li = hcl.create_loop_handle %s, "i"
  affine.for %i = 0 to 4 {
    %v = affine.load %t[%i] : memref<4xf32>
    %w = arith.addf %v, %v : f32
  } {loop_name = "i", op_name = "r"}
  hcl.unroll (%li, 2)
  return
}
