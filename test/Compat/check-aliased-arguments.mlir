// One array passed as three arguments (HeteroCL-MLIR's mm.mlir passes one
// memref.global as A, B and C): unrolling the row loop, which the CPU jams
// because distinct arguments are taken to be distinct arrays, reads
// elements the unscheduled program has already updated. hcl check reports
// the mismatch and names the aliasing call as its cause.
// RUN: not hcl check %s | FileCheck %s

// CHECK: hcl check: @top takes and returns no arrays: comparing what it leaves in @gv
// CHECK: hcl check: MISMATCH: @top @gv differs from the unscheduled program on seed 0 at [0, 0]
// CHECK: hcl check: @top passes memref.global @gv as arguments 0, 1, 2 of @mm: the schedule's transformations take distinct arguments to be distinct arrays (as C's restrict does), so they may read what the unscheduled program has not written yet; pass each argument its own array

memref.global "private" @gv : memref<4x4xf32> = dense<[[1.0, 2.0, 3.0, 4.0], [1.0, 2.0, 3.0, 4.0], [1.0, 2.0, 3.0, 4.0], [1.0, 2.0, 3.0, 4.0]]>

func.func @mm(%A: memref<4x4xf32>, %B: memref<4x4xf32>, %C: memref<4x4xf32>) {
  %s = hcl.create_op_handle "s"
  %lj = hcl.create_loop_handle %s, "j"
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 4 {
      affine.for %k = 0 to 4 {
        %a = affine.load %A[%i, %k] : memref<4x4xf32>
        %b = affine.load %B[%k, %j] : memref<4x4xf32>
        %c = affine.load %C[%i, %j] : memref<4x4xf32>
        %p = arith.mulf %a, %b : f32
        %q = arith.addf %p, %c : f32
        affine.store %q, %C[%i, %j] : memref<4x4xf32>
      } {loop_name = "k"}
    } {loop_name = "j"}
  } {loop_name = "i", op_name = "s"}
  hcl.unroll (%lj, 2)
  return
}

func.func @top() {
  %g = memref.get_global @gv : memref<4x4xf32>
  call @mm(%g, %g, %g) : (memref<4x4xf32>, memref<4x4xf32>, memref<4x4xf32>) -> ()
  return
}
