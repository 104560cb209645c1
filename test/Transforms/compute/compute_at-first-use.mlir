// compute_at of a producer that updates in place (a reduction into its
// output) at a consumer loop its slice does not depend on: the copy runs
// each producer iteration once, at the first iteration of that loop (the
// first time the consumer needs the values), under an affine.if, and
// replaces the producer, also where the output is an argument or read by
// later stages, as long as the copies together run all of it.
// RUN: hcl-opt %s -split-input-file --hcl-apply-customizations | FileCheck %s
// RUN: hcl check %s --top all | FileCheck %s --check-prefix=EXEC
// RUN: hcl check --hls %s --entry gemm_then_gemm | FileCheck %s --check-prefix=HLSEXEC
// EXEC-COUNT-4: hcl check: OK
// HLSEXEC: hcl check --hls: OK

// C += A * B into an argument, then D += A * C. MLIR's slice analysis does
// not slice the first product's loops (they carry its reduction), so the
// part one iteration of loop k1 needs is all of it: it runs once, at the
// first iteration, and the first product's own nest is gone.
// CHECK:       #[[FIRST:.*]] = affine_set<(d0, d1, d2) : (d0 == 0, d1 == 0, d2 == 0)>
// CHECK-LABEL: func.func @gemm_then_gemm
// CHECK:       affine.for %[[I:.*]] = 0 to 8 {
// CHECK-NEXT:    affine.for %[[J:.*]] = 0 to 8 {
// CHECK-NEXT:      affine.for %[[K:.*]] = 0 to 8 {
// CHECK-NEXT:        affine.if #[[FIRST]](%[[K]], %[[J]], %[[I]]) {
// CHECK-NEXT:          affine.for %{{.*}} = 0 to 8 {
// CHECK:               } {loop_name = "s1.i"}
// CHECK-NEXT:        }
// CHECK:             arith.mulf
// CHECK:           } {loop_name = "k1"}
// CHECK-NOT:   stage_name = "s1"
func.func @gemm_then_gemm(%A: memref<8x8xf32>, %B: memref<8x8xf32>,
                          %C: memref<8x8xf32>, %D: memref<8x8xf32>) {
  %s1 = hcl.create_stage_handle "s1" : !hcl.StageHandle
  %s2 = hcl.create_stage_handle "s2" : !hcl.StageHandle
  %k1 = hcl.create_loop_handle %s2, "k1" : !hcl.LoopHandle
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      affine.for %k = 0 to 8 {
        %a = affine.load %A[%i, %k] : memref<8x8xf32>
        %b = affine.load %B[%k, %j] : memref<8x8xf32>
        %c = affine.load %C[%i, %j] : memref<8x8xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %p, %c : f32
        affine.store %s, %C[%i, %j] : memref<8x8xf32>
      } {loop_name = "k"}
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "s1"}
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      affine.for %k = 0 to 8 {
        %a = affine.load %A[%i, %k] : memref<8x8xf32>
        %c = affine.load %C[%k, %j] : memref<8x8xf32>
        %d = affine.load %D[%i, %j] : memref<8x8xf32>
        %p = arith.mulf %a, %c : f32
        %s = arith.addf %p, %d : f32
        affine.store %s, %D[%i, %j] : memref<8x8xf32>
      } {loop_name = "k1"}
    } {loop_name = "j1"}
  } {loop_name = "i1", stage_name = "s2"}
  hcl.compute_at(%s1, %s2, %k1)
  return
}

// -----

// An in-place update of an argument read at the same index: the consumer's
// loop partitions it, so the copy adds 1 once per element and replaces it.
// CHECK-LABEL: func.func @inplace_update
// CHECK:       affine.for %[[I:.*]] = 0 to 4 {
// CHECK-NEXT:    affine.load %{{.*}}[%[[I]]]
// CHECK-NEXT:    arith.addi
// CHECK-NEXT:    affine.store
// CHECK-NOT:     affine.if
// CHECK:       } {loop_name = "i", stage_name = "s1"}
// CHECK-NEXT:  return
func.func @inplace_update(%C: memref<4xi32>, %D: memref<4xi32>) {
  %s0 = hcl.create_stage_handle "s0" : !hcl.StageHandle
  %s1 = hcl.create_stage_handle "s1" : !hcl.StageHandle
  %li = hcl.create_loop_handle %s1, "i" : !hcl.LoopHandle
  %one = arith.constant 1 : i32
  affine.for %i = 0 to 4 {
    %c = affine.load %C[%i] : memref<4xi32>
    %t = arith.addi %c, %one : i32
    affine.store %t, %C[%i] : memref<4xi32>
  } {loop_name = "i", stage_name = "s0"}
  affine.for %i = 0 to 4 {
    %c = affine.load %C[%i] : memref<4xi32>
    affine.store %c, %D[%i] : memref<4xi32>
  } {loop_name = "i", stage_name = "s1"}
  hcl.compute_at(%s0, %s1, %li)
  return
}

// -----

// A row sum computed at the column loop of its consumer: the row is summed
// at j == 0 and read by every column.
// CHECK-LABEL: func.func @row_sum_at_column
// CHECK:       affine.for %[[I:.*]] = 0 to 4 {
// CHECK-NEXT:    affine.for %[[J:.*]] = 0 to 8 {
// CHECK-NEXT:      affine.if #{{.*}}(%[[J]]) {
// CHECK-NEXT:        affine.store
// CHECK-NEXT:        affine.for
// CHECK:             } {loop_name = "S.k", reduction = 1 : i32}
// CHECK-NEXT:      }
// CHECK:           arith.subi
func.func @row_sum_at_column(%A: memref<4x8xi32>) -> memref<4x8xi32> {
  %sS = hcl.create_stage_handle "S" : !hcl.StageHandle
  %sO = hcl.create_stage_handle "O" : !hcl.StageHandle
  %lj = hcl.create_loop_handle %sO, "j" : !hcl.LoopHandle
  %zero = arith.constant 0 : i32
  %S = memref.alloc() {name = "S"} : memref<4xi32>
  %O = memref.alloc() {name = "O"} : memref<4x8xi32>
  affine.for %i = 0 to 4 {
    affine.store %zero, %S[%i] : memref<4xi32>
    affine.for %k = 0 to 8 {
      %a = affine.load %A[%i, %k] : memref<4x8xi32>
      %s = affine.load %S[%i] : memref<4xi32>
      %t = arith.addi %s, %a : i32
      affine.store %t, %S[%i] : memref<4xi32>
    } {loop_name = "k", reduction = 1 : i32}
  } {loop_name = "i", stage_name = "S"}
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 8 {
      %a = affine.load %A[%i, %j] : memref<4x8xi32>
      %s = affine.load %S[%i] : memref<4xi32>
      %o = arith.subi %s, %a : i32
      affine.store %o, %O[%i, %j] : memref<4x8xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "O"}
  hcl.compute_at(%sS, %sO, %lj)
  return %O : memref<4x8xi32>
}

// -----

// The max is also read by a later stage: every row is computed inside the
// divide, so the copies replace the producer and the later stage reads them.
// CHECK-LABEL: func.func @max_read_later
// CHECK-NOT:   stage_name = "M"
// CHECK:       } {loop_name = "M.k", reduction = 1 : i32}
// CHECK:       } {loop_name = "i", stage_name = "O"}
// CHECK:       } {loop_name = "i", stage_name = "L"}
func.func @max_read_later(%A: memref<4x8xi32>) -> memref<4xi32> {
  %sM = hcl.create_stage_handle "M" : !hcl.StageHandle
  %sO = hcl.create_stage_handle "O" : !hcl.StageHandle
  %li = hcl.create_loop_handle %sO, "i" : !hcl.LoopHandle
  %zero = arith.constant 0 : i32
  %M = memref.alloc() {name = "M"} : memref<4xi32>
  %O = memref.alloc() {name = "O"} : memref<4x8xi32>
  %L = memref.alloc() {name = "L"} : memref<4xi32>
  affine.for %i = 0 to 4 {
    affine.store %zero, %M[%i] : memref<4xi32>
    affine.for %k = 0 to 8 {
      %a = affine.load %A[%i, %k] : memref<4x8xi32>
      %m = affine.load %M[%i] : memref<4xi32>
      %x = arith.maxsi %m, %a : i32
      affine.store %x, %M[%i] : memref<4xi32>
    } {loop_name = "k", reduction = 1 : i32}
  } {loop_name = "i", stage_name = "M"}
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 8 {
      %m = affine.load %M[%i] : memref<4xi32>
      %a = affine.load %A[%i, %j] : memref<4x8xi32>
      %o = arith.subi %m, %a : i32
      affine.store %o, %O[%i, %j] : memref<4x8xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "O"}
  affine.for %i = 0 to 4 {
    %m = affine.load %M[%i] : memref<4xi32>
    %o = affine.load %O[%i, 0] : memref<4x8xi32>
    %l = arith.addi %m, %o : i32
    affine.store %l, %L[%i] : memref<4xi32>
  } {loop_name = "i", stage_name = "L"}
  hcl.compute_at(%sM, %sO, %li)
  return %L : memref<4xi32>
}
