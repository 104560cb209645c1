// A float sum unrolled under a pipelined loop (conv2d-nchw's shape: the
// reduction loops inside the pipelined w loop). Each of the 8 copies adds
// to what the previous one summed, so an iteration is a chain of 8 addf of
// 4 cycles, not 8 adds side by side: the estimate counts the chain (it
// counted one add, and was 26% under the simulation of f32 conv2d-nchw).
// REQUIRES: verilator
// RUN: hcl check --rtl %s --entry wsum --seeds 2 2>&1 | FileCheck %s --check-prefix=SIM
// RUN: hcl estimate --target rtl %s --entry wsum | FileCheck %s --check-prefix=EST
// RUN: sed -f %S/Inputs/f32.sed %bench/conv2d_nchw.mlir | hcl estimate --target rtl - | FileCheck %s --check-prefix=NCHW

// SIM: remark: rtl: loop 'i' pipelined at II 4 instead of 1
// SIM: hcl check --rtl: OK: @wsum{{.*}}cycles 68, 68)
// The chain: c's 4 copies 4 cycles apart (9 for one: a load, mulf, addf,
// the store; 21 for four), r's 2 copies 16 apart (37); then 7 more
// iterations at II 4 (A's 8 reads on its two ports): 68 cycles.
// EST: S/i 8 1 4 1 4 67
// EST: S/i/r 2 - 2 6 - 37
// EST: S/i/r/c 4 - 1 6 - 21
// EST: function: latency 69 cycles
// f32 conv2d-nchw (its sum over rc, rh, rw: 72 addf in a chain; the nest
// around w flattened into one pipeline); docs/rtl-float.md has its
// simulation.
// NCHW: B/n/c/h/w 16 1 36 1 36 835
// NCHW: function: latency 73989 cycles
func.func @wsum(%A: memref<8x8xf32>, %W: memref<2x4xf32>, %B: memref<8xf32>) {
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 8 {
    %sum = memref.alloca() {name = "sum"} : memref<1xf32>
    affine.store %zero, %sum[0] : memref<1xf32>
    affine.for %r = 0 to 2 {
      affine.for %c = 0 to 4 {
        %a = affine.load %A[%i, %r * 4 + %c] : memref<8x8xf32>
        %w = affine.load %W[%r, %c] : memref<2x4xf32>
        %p = arith.mulf %a, %w : f32
        %old = affine.load %sum[0] : memref<1xf32>
        %new = arith.addf %old, %p : f32
        affine.store %new, %sum[0] : memref<1xf32>
      } {loop_name = "c", reduction = 1 : i32}
    } {loop_name = "r", reduction = 1 : i32}
    %s = affine.load %sum[0] : memref<1xf32>
    affine.store %s, %B[%i] : memref<8xf32>
  } {loop_name = "i", stage_name = "S", pipeline_ii = 1 : i32}
  return
}
