// Triangular loops on the rtl target against Verilator (docs/estimate.md,
// "Triangular loops"): the estimate counts each run of a loop bounded by an
// outer loop's variable, and equals the cycles the simulation counts.
// REQUIRES: verilator
//
// syrk's shape: j to i + 1, pipelined, over k unrolled: runs of 1 to 6.
// RUN: hcl estimate --target rtl %s --entry syrk | FileCheck %s --check-prefix=EST-SYRK
// RUN: hcl check --rtl %s --entry syrk --seeds 1 | FileCheck %s --check-prefix=SIM-SYRK
// EST-SYRK: S/i/j 1..6 1 1 1 1 25..30
// EST-SYRK: function: latency 174 cycles
// SIM-SYRK: hcl check --rtl: OK: {{.*}}cycles 174)
//
// trmm's shape: k from i + 1 (5 runs down to one of no iteration, which
// costs the loop's entry state only), pipelined over j unrolled. Every
// copy of j reads A[k][i]: one load. B[k][j] and B[i][j] are never the
// same element, but the RTL keeps one distance per memory: II 9, not 6
// (load 1, multiply 3, add 4, store 1). A run of t >= 1 iterations takes
// its entry, a depth of 9 and 9 (t - 1): 1 + 9t; the runs of 5..1 trips
// and the empty one 140 + 1, i's 6 latch states and entry 7, the
// function's return and ap_done 2: 150.
// RUN: hcl estimate --target rtl %s --entry trmm | FileCheck %s --check-prefix=EST-TRMM
// RUN: hcl check --rtl %s --entry trmm --seeds 1 2>&1 | FileCheck %s --check-prefix=SIM-TRMM
// EST-TRMM: S/i/k 0..5 1 2 9 9 1..46
// EST-TRMM: function: latency 150 cycles
// SIM-TRMM: hcl check --rtl: OK: {{.*}}cycles 150)

#upto = affine_map<(d0) -> (d0 + 1)>
#after = affine_map<(d0) -> (d0 + 1)>

func.func @syrk(%C: memref<6x6xf32>, %A: memref<6x4xf32>) {
  %alpha = arith.constant 1.5 : f32
  affine.for %i = 0 to 6 {
    affine.for %j = 0 to #upto(%i) {
      affine.for %k = 0 to 4 {
        %a = affine.load %A[%i, %k] : memref<6x4xf32>
        %aa = arith.mulf %alpha, %a : f32
        %b = affine.load %A[%j, %k] : memref<6x4xf32>
        %p = arith.mulf %aa, %b : f32
        %c = affine.load %C[%i, %j] : memref<6x6xf32>
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<6x6xf32>
      } {loop_name = "k", reduction = 1 : i32}
    } {loop_name = "j", max_trip_count = 6 : i64}
  } {loop_name = "i", stage_name = "S"}
  hcl.partition(%A : memref<6x4xf32>, Complete, 2)
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  %j = hcl.create_loop_handle %s, "j" : !hcl.LoopHandle
  %k = hcl.create_loop_handle %s, "k" : !hcl.LoopHandle
  hcl.unroll(%s, %k)
  hcl.pipeline(%s, %j)
  return
}

func.func @trmm(%A: memref<6x6xf32>, %B: memref<6x4xf32>) {
  affine.for %i = 0 to 6 {
    affine.for %k = #after(%i) to 6 {
      affine.for %j = 0 to 4 {
        %a = affine.load %A[%k, %i] : memref<6x6xf32>
        %bk = affine.load %B[%k, %j] : memref<6x4xf32>
        %p = arith.mulf %a, %bk : f32
        %bi = affine.load %B[%i, %j] : memref<6x4xf32>
        %s = arith.addf %bi, %p : f32
        affine.store %s, %B[%i, %j] : memref<6x4xf32>
      } {loop_name = "j"}
    } {loop_name = "k", reduction = 1 : i32, max_trip_count = 5 : i64}
  } {loop_name = "i", stage_name = "S"}
  hcl.partition(%B : memref<6x4xf32>, Complete, 2)
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  %k = hcl.create_loop_handle %s, "k" : !hcl.LoopHandle
  %j = hcl.create_loop_handle %s, "j" : !hcl.LoopHandle
  hcl.unroll(%s, %j)
  hcl.pipeline(%s, %k)
  return
}
