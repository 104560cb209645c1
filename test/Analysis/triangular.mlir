// Triangular loops (docs/estimate.md, "Triangular loops"): a loop whose
// bounds use an outer loop's variable runs its real trip count in each
// outer iteration, and the outer loop's latency is the sum over them. On
// vitis one iteration of each body below (load 2, multiply 3, store 1)
// takes 6 cycles; a loop not pipelined takes 6 per iteration, one
// pipelined at II 1 takes 6 + (trips - 1), none at 0 trips.
//
// j runs 1, 2, ..., 8 times: 36 iterations, 6 * 36 = 216 cycles; 36
// multiplies, 36 * 8 bytes.
// RUN: hcl estimate %s --entry upto | FileCheck %s --check-prefix=UPTO
// UPTO: S/i 8 - 1 1 - 216
// UPTO-NEXT: S/i/j 1..8 - 1 1 - 6..48
// UPTO: note: S/i/j: trip count set by the loops around it: 1 to 8, 4.5 on average, each run counted
// UPTO: function: latency 216 cycles, 36 arithmetic operations, 288 off-chip bytes
// UPTO-NOT: max_trip_count iterations
//
// The same, pipelined: (6 + 0) + (6 + 1) + ... + (6 + 7) = 48 + 28 = 76.
// RUN: hcl estimate %s --entry upto_pipelined | FileCheck %s --check-prefix=PIPE
// PIPE: S/i 8 - 1 1 - 76
// PIPE-NEXT: S/i/j 1..8 1 1 1 1 6..13
//
// From i + 1 to 8: 7, 6, ..., 1, then 0 trips (a pipeline that never
// fills costs nothing): 6 * 7 + (6 + 5 + ... + 0) = 42 + 21 = 63.
// RUN: hcl estimate %s --entry after | FileCheck %s --check-prefix=AFTER
// AFTER: S/i 8 - 1 1 - 63
// AFTER-NEXT: S/i/j 0..7 1 1 1 1 0..12
// AFTER: 3.5 on average
//
// A min bound: min(i + 1, 4) is 1, 2, 3, 4, 4, 4, 4, 4: 26 iterations,
// 6 * 26 = 156.
// RUN: hcl estimate %s --entry clamped | FileCheck %s --check-prefix=MIN
// MIN: S/i 8 - 1 1 - 156
// MIN-NEXT: S/i/j 1..4 - 1 1 - 6..24
//
// Three levels, k to j + 1 inside j to i + 1: sum over i < 4 of
// (i + 1)(i + 2) / 2 = 1 + 3 + 6 + 10 = 20 iterations, 120 cycles. j's
// runs take 6, 18, 36, 60 cycles (the sums of k's).
// RUN: hcl estimate %s --entry nested | FileCheck %s --check-prefix=NEST
// NEST: S/i 4 - 1 1 - 120
// NEST-NEXT: S/i/j 1..4 - 1 1 - 6..60
// NEST-NEXT: S/i/j/k 1..4 - 1 1 - 6..24
// NEST: note: S/i/j/k: trip count set by the loops around it: 1 to 4, 2.0 on average
// NEST: function: latency 120 cycles, 20 arithmetic operations
//
// A loop between the two (k, 3 trips, over j to i + 1): 3 * 6 * (1 + 2 +
// 3 + 4) = 180; k's runs differ (18 to 72) though its trip count does not.
// RUN: hcl estimate %s --entry between | FileCheck %s --check-prefix=BETWEEN
// BETWEEN: S/i 4 - 3 1 - 180
// BETWEEN-NEXT: S/i/k 3 - 1 1 - 18..72
// BETWEEN-NEXT: S/i/k/j 1..4 - 1 1 - 6..24
//
// Under a pipelined loop the triangular loop cannot be unrolled, and i's
// variable is not fixed: the worst case stays, with its marker. The
// operation count is still exact (36: the sum over i).
// RUN: hcl estimate %s --entry under_pipeline | FileCheck %s --check-prefix=WORST
// WORST: S/i 8 1 1 1 1 <=55
// WORST-NEXT: S/i/j <=8
// WORST: note: S/i/j: unknown trip count (symbolic bounds); worst case max_trip_count = 8
// WORST: function: latency ? cycles (worst case 55, at least 7), 36 arithmetic operations
// WORST-NOT: the operation and byte counts take max_trip_count

#upto = affine_map<(d0) -> (d0 + 1)>
#after = affine_map<(d0) -> (d0 + 1)>
#min4 = affine_map<(d0) -> (d0 + 1, 4)>

func.func @upto(%A: memref<8x8xf32>) {
  %c = arith.constant 2.0 : f32
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to #upto(%i) {
      %a = affine.load %A[%i, %j] : memref<8x8xf32>
      %v = arith.mulf %a, %c : f32
      affine.store %v, %A[%i, %j] : memref<8x8xf32>
    } {loop_name = "j", max_trip_count = 8 : i64}
  } {loop_name = "i", stage_name = "S"}
  return
}

func.func @upto_pipelined(%A: memref<8x8xf32>) {
  %c = arith.constant 2.0 : f32
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to #upto(%i) {
      %a = affine.load %A[%i, %j] : memref<8x8xf32>
      %v = arith.mulf %a, %c : f32
      affine.store %v, %A[%i, %j] : memref<8x8xf32>
    } {loop_name = "j", max_trip_count = 8 : i64, pipeline_ii = 1 : i32}
  } {loop_name = "i", stage_name = "S"}
  return
}

func.func @after(%A: memref<8x8xf32>) {
  %c = arith.constant 2.0 : f32
  affine.for %i = 0 to 8 {
    affine.for %j = #after(%i) to 8 {
      %a = affine.load %A[%i, %j] : memref<8x8xf32>
      %v = arith.mulf %a, %c : f32
      affine.store %v, %A[%i, %j] : memref<8x8xf32>
    } {loop_name = "j", max_trip_count = 7 : i64, pipeline_ii = 1 : i32}
  } {loop_name = "i", stage_name = "S"}
  return
}

func.func @clamped(%A: memref<8x8xf32>) {
  %c = arith.constant 2.0 : f32
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to min #min4(%i) {
      %a = affine.load %A[%i, %j] : memref<8x8xf32>
      %v = arith.mulf %a, %c : f32
      affine.store %v, %A[%i, %j] : memref<8x8xf32>
    } {loop_name = "j", max_trip_count = 4 : i64}
  } {loop_name = "i", stage_name = "S"}
  return
}

func.func @nested(%A: memref<4x4x4xf32>) {
  %c = arith.constant 2.0 : f32
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to #upto(%i) {
      affine.for %k = 0 to #upto(%j) {
        %a = affine.load %A[%i, %j, %k] : memref<4x4x4xf32>
        %v = arith.mulf %a, %c : f32
        affine.store %v, %A[%i, %j, %k] : memref<4x4x4xf32>
      } {loop_name = "k", max_trip_count = 4 : i64}
    } {loop_name = "j", max_trip_count = 4 : i64}
  } {loop_name = "i", stage_name = "S"}
  return
}

func.func @between(%A: memref<4x3x4xf32>) {
  %c = arith.constant 2.0 : f32
  affine.for %i = 0 to 4 {
    affine.for %k = 0 to 3 {
      affine.for %j = 0 to #upto(%i) {
        %a = affine.load %A[%i, %k, %j] : memref<4x3x4xf32>
        %v = arith.mulf %a, %c : f32
        affine.store %v, %A[%i, %k, %j] : memref<4x3x4xf32>
      } {loop_name = "j", max_trip_count = 4 : i64}
    } {loop_name = "k"}
  } {loop_name = "i", stage_name = "S"}
  return
}

func.func @under_pipeline(%A: memref<8x8xf32>) {
  %c = arith.constant 2.0 : f32
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to #upto(%i) {
      %a = affine.load %A[%i, %j] : memref<8x8xf32>
      %v = arith.mulf %a, %c : f32
      affine.store %v, %A[%i, %j] : memref<8x8xf32>
    } {loop_name = "j", max_trip_count = 8 : i64}
  } {loop_name = "i", stage_name = "S", pipeline_ii = 1 : i32}
  return
}
