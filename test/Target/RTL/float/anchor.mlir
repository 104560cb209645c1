// The anchor in float: matmul 16x16 in f32 (the AMC+Calyx study's
// matmul16x16, where Vitis HLS takes 5,409 cycles and AMC+Calyx 15,016),
// on hcl's float units, simulated with Verilator against the JIT bit for bit,
// next to the estimate. docs/rtl-float.md, "Seed 000's table, reproduced".
// REQUIRES: verilator
// RUN: rm -rf %t && mkdir -p %t
// RUN: hcl check --rtl %s --entry matmul --seeds 2 | FileCheck %s --check-prefix=MATMUL
// RUN: hcl estimate --target rtl %s --entry matmul | FileCheck %s --check-prefix=EST-MATMUL
// RUN: hcl check --rtl %s --entry matmul_acc --seeds 1 | FileCheck %s --check-prefix=ACC
// RUN: hcl estimate --target rtl %s --entry matmul_acc | FileCheck %s --check-prefix=EST-ACC
// RUN: hcl rtl %s -o %t --entry matmul
// RUN: cd %t && verilator --lint-only -Wall -Wno-DECLFILENAME matmul.sv hcl_fp_*.sv
// RUN: hcl check --rtl %s --entry matmul_plain --seeds 1 | FileCheck %s --check-prefix=PLAIN
// j pipelined at II 1, k unrolled under it: 16 mulf and a chain of 16 addf
// (each sum waits for the previous one: the JIT's order, the same bits), A's
// rows and B's columns a port per bank; i and j one pipeline of 256
// iterations (a perfect nest, flattened), the chain drained once.
// MATMUL: hcl check --rtl: OK: @matmul{{.*}}cycles 327, 327)
// EST-MATMUL: C/i/j{{ +}}16{{ +}}1{{ +}}1{{ +}}1{{ +}}1
// EST-MATMUL: function: latency 328 cycles
// Seed 000's gemm+acc schedule at this size: k and j one pipeline of 256
// iterations per row of C (flattened; 7,267 cycles when each k row of 16
// filled and drained the pipeline), below Vitis too.
// ACC: hcl check --rtl: OK: @matmul_acc{{.*}}cycles 4835)
// EST-ACC: function: latency 4835 cycles
// Without a schedule: one multiply-add after another.
// PLAIN: hcl check --rtl: OK: @matmul_plain{{.*}}cycles 37667)

// C = A B, 16x16 f32, the dot product in a one-element buffer (a register):
// j pipelined, so k unrolls under it; A's rows and B's columns partitioned
// completely, a port per bank, so that an iteration reads its 16 + 16
// operands in one cycle.
func.func @matmul(%A: memref<16x16xf32>, %B: memref<16x16xf32>) -> memref<16x16xf32> {
  %s = hcl.create_stage_handle "C" : !hcl.StageHandle
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  %C = memref.alloc() {name = "C"} : memref<16x16xf32>
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 16 {
      %sum = memref.alloca() {name = "sum"} : memref<1xf32>
      affine.store %zero, %sum[0] : memref<1xf32>
      affine.for %k = 0 to 16 {
        %a = affine.load %A[%i, %k] : memref<16x16xf32>
        %b = affine.load %B[%k, %j] : memref<16x16xf32>
        %p = arith.mulf %a, %b : f32
        %old = affine.load %sum[0] : memref<1xf32>
        %new = arith.addf %old, %p : f32
        affine.store %new, %sum[0] : memref<1xf32>
      } {loop_name = "k", reduction = 1 : i32}
      %r = affine.load %sum[0] : memref<1xf32>
      affine.store %r, %C[%i, %j] : memref<16x16xf32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "C"}
  hcl.partition(%A : memref<16x16xf32>, Complete, 2)
  hcl.partition(%B : memref<16x16xf32>, Complete, 1)
  hcl.pipeline(%s, %lj, 1)
  return %C : memref<16x16xf32>
}

// The same product without a schedule.
func.func @matmul_plain(%A: memref<16x16xf32>, %B: memref<16x16xf32>) -> memref<16x16xf32> {
  %C = memref.alloc() {name = "C"} : memref<16x16xf32>
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 16 {
      %sum = memref.alloca() {name = "sum"} : memref<1xf32>
      affine.store %zero, %sum[0] : memref<1xf32>
      affine.for %k = 0 to 16 {
        %a = affine.load %A[%i, %k] : memref<16x16xf32>
        %b = affine.load %B[%k, %j] : memref<16x16xf32>
        %p = arith.mulf %a, %b : f32
        %old = affine.load %sum[0] : memref<1xf32>
        %new = arith.addf %old, %p : f32
        affine.store %new, %sum[0] : memref<1xf32>
      } {loop_name = "k", reduction = 1 : i32}
      %r = affine.load %sum[0] : memref<1xf32>
      affine.store %r, %C[%i, %j] : memref<16x16xf32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "C"}
  return %C : memref<16x16xf32>
}

// Seed 000's interleaved accumulation (gemm+acc) at 16x16x16: k outside j,
// a row of C in a write buffer, j pipelined.
func.func @matmul_acc(%A: memref<16x16xf32>, %B: memref<16x16xf32>, %C: memref<16x16xf32>) {
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  %lk = hcl.create_loop_handle "k" : !hcl.LoopHandle
  %s = hcl.create_stage_handle "s" : !hcl.StageHandle
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 16 {
      affine.for %k = 0 to 16 {
        %a = affine.load %A[%i, %k] : memref<16x16xf32>
        %b = affine.load %B[%k, %j] : memref<16x16xf32>
        %c = affine.load %C[%i, %j] : memref<16x16xf32>
        %prod = arith.mulf %a, %b : f32
        %sum = arith.addf %prod, %c : f32
        affine.store %sum, %C[%i, %j] : memref<16x16xf32>
      } {loop_name = "k", reduction = 1 : i32}
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "s"}
  hcl.reorder(%s, %lk, %lj)
  %buf = hcl.buffer_at(%s, %C: memref<16x16xf32>, %li) -> memref<16xf32>
  hcl.pipeline(%s, %lj, 1)
  return
}
