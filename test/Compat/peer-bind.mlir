// HeteroCL-MLIR's hcl.bind(%l, "BlockIdxX") maps a loop to the blocks or
// threads of an NDRange dimension, which run at once. hcl has no GPU
// backend: a bound loop is a parallel loop (OpenMP threads on the CPU) and
// keeps its axis as `thread_axis`. The check runs it on threads against the
// unscheduled program.
//
// RUN: hcl-opt %s | hcl-opt | FileCheck %s --check-prefix=IR
// RUN: hcl-opt %s --hcl-apply-customizations | FileCheck %s --check-prefix=APPLIED
// RUN: hcl check %s --threads 2 | FileCheck %s --check-prefix=CHECK

// IR: hcl.bind(%{{.*}}, "BlockIdxX")
// IR: hcl.bind(%{{.*}}, %{{.*}}, "ThreadIdxX")

// APPLIED-LABEL: func.func @vector_add
// APPLIED:       affine.for %{{.*}} = 0 to 4 {
// APPLIED:         affine.for %{{.*}} = 0 to 64 {
// APPLIED:         } {loop_name = "i.inner", parallel, thread_axis = "ThreadIdxX"}
// APPLIED:       } {loop_name = "i.outer", parallel, stage_name = "s", thread_axis = "BlockIdxX"}
// APPLIED-NOT:   hcl.bind

// CHECK: hcl check: OK: @vector_add matches the unscheduled program
func.func @vector_add(%A: memref<256xf32>, %B: memref<256xf32>, %C: memref<256xf32>) {
  %s = hcl.create_op_handle "s"
  %li = hcl.create_loop_handle %s, "i"
  affine.for %i = 0 to 256 {
    %a = affine.load %A[%i] : memref<256xf32>
    %b = affine.load %B[%i] : memref<256xf32>
    %sum = arith.addf %a, %b : f32
    affine.store %sum, %C[%i] : memref<256xf32>
  } {loop_name = "i", op_name = "s"}
  %lo, %lin = hcl.split (%li, 64)
  hcl.bind (%lo, "BlockIdxX")
  hcl.bind (%s, %lin, "ThreadIdxX")
  return
}
