// compute_at of reductions into their outputs (issue 15): a softmax's row
// max and row sum are computed at the row loop of the stage that divides by
// them. Each producer row runs once per consumer row, so the in-place
// updates are not repeated. The sum goes first: while it reads the max,
// the max is not private to the divide.
// RUN: hcl-opt %s --hcl-apply-customizations | FileCheck %s
// RUN: hcl check %s | FileCheck %s --check-prefix=EXEC
// RUN: hcl check %s --entry split_outer | FileCheck %s --check-prefix=EXEC
// RUN: hcl check %s --entry split_inner | FileCheck %s --check-prefix=EXEC
// RUN: hcl check --hls %s | FileCheck %s --check-prefix=HLSEXEC
// EXEC: hcl check: OK
// HLSEXEC: hcl check --hls: OK

// One row loop: the row's max, its sum, then the divide (the producers'
// one-iteration row loops are promoted away).
// CHECK-LABEL: func.func @top
// CHECK:       affine.for %[[I:.*]] = 0 to 4 {
// CHECK-NEXT:    affine.store %{{.*}}, %[[M:.*]][%[[I]]]
// CHECK-NEXT:    affine.for
// CHECK:           arith.maximumf
// CHECK:         } {loop_name = "M.k", reduction = 1 : i32}
// CHECK-NEXT:    affine.store %{{.*}}, %[[S:.*]][%[[I]]]
// CHECK-NEXT:    affine.for
// CHECK:           math.exp
// CHECK:           arith.addf
// CHECK:         } {loop_name = "S.k", reduction = 1 : i32}
// CHECK-NEXT:    affine.for
// CHECK:           arith.divf
// CHECK:         } {loop_name = "j"}
// CHECK-NEXT:  } {loop_name = "i", stage_name = "O"}
// CHECK-NOT:   stage_name
// CHECK-NOT:   hcl.
func.func @top(%A: memref<4x8xf32>) -> memref<4x8xf32> {
  %sM = hcl.create_stage_handle "M" : !hcl.StageHandle
  %sS = hcl.create_stage_handle "S" : !hcl.StageHandle
  %sO = hcl.create_stage_handle "O" : !hcl.StageHandle
  %li = hcl.create_loop_handle %sO, "i" : !hcl.LoopHandle
  %lowest = arith.constant -3.40282347E+38 : f32
  %zero = arith.constant 0.0 : f32
  %M = memref.alloc() {name = "M"} : memref<4xf32>
  %S = memref.alloc() {name = "S"} : memref<4xf32>
  %O = memref.alloc() {name = "O"} : memref<4x8xf32>
  affine.for %i = 0 to 4 {
    affine.store %lowest, %M[%i] : memref<4xf32>
    affine.for %k = 0 to 8 {
      %a = affine.load %A[%i, %k] : memref<4x8xf32>
      %m = affine.load %M[%i] : memref<4xf32>
      %x = arith.maximumf %m, %a : f32
      affine.store %x, %M[%i] : memref<4xf32>
    } {loop_name = "k", reduction = 1 : i32}
  } {loop_name = "i", stage_name = "M"}
  affine.for %i = 0 to 4 {
    affine.store %zero, %S[%i] : memref<4xf32>
    affine.for %k = 0 to 8 {
      %a = affine.load %A[%i, %k] : memref<4x8xf32>
      %m = affine.load %M[%i] : memref<4xf32>
      %d = arith.subf %a, %m : f32
      %e = math.exp %d : f32
      %s = affine.load %S[%i] : memref<4xf32>
      %t = arith.addf %s, %e : f32
      affine.store %t, %S[%i] : memref<4xf32>
    } {loop_name = "k", reduction = 1 : i32}
  } {loop_name = "i", stage_name = "S"}
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 8 {
      %a = affine.load %A[%i, %j] : memref<4x8xf32>
      %m = affine.load %M[%i] : memref<4xf32>
      %d = arith.subf %a, %m : f32
      %e = math.exp %d : f32
      %s = affine.load %S[%i] : memref<4xf32>
      %o = arith.divf %e, %s : f32
      affine.store %o, %O[%i, %j] : memref<4x8xf32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "O"}
  hcl.compute_at(%sS, %sO, %li)
  hcl.compute_at(%sM, %sO, %li)
  return %O : memref<4x8xf32>
}

// A row sum computed at the loops of a split row loop: at i.outer each
// iteration computes its four rows ([4 * io, 4 * io + 4)); at i.inner its
// one row (4 * io + ii), which is one row per (io, ii) because ii stays
// below 4.
// CHECK-LABEL: func.func @split_outer
// CHECK:       affine.for %[[IO:.*]] = 0 to 2 {
// CHECK-NEXT:    affine.for %{{.*}} = #{{.*}}(%[[IO]]) to #{{.*}}(%[[IO]]) {
// CHECK:         } {loop_name = "S.i"}
// CHECK:       } {loop_name = "i.outer", stage_name = "O"}
// CHECK-LABEL: func.func @split_inner
// CHECK:       affine.for %{{.*}} = 0 to 2 {
// CHECK-NEXT:    affine.for %{{.*}} = 0 to 4 {
// CHECK-NEXT:      affine.store
// CHECK-NEXT:      affine.for
// CHECK:           } {loop_name = "S.k", reduction = 1 : i32}
// CHECK:         } {loop_name = "i.inner"}
// CHECK-NEXT:  } {loop_name = "i.outer", stage_name = "O"}
func.func @split_outer(%A: memref<8x8xi32>) -> memref<8x8xi32> {
  %sS = hcl.create_stage_handle "S" : !hcl.StageHandle
  %sO = hcl.create_stage_handle "O" : !hcl.StageHandle
  %li = hcl.create_loop_handle %sO, "i" : !hcl.LoopHandle
  %zero = arith.constant 0 : i32
  %S = memref.alloc() {name = "S"} : memref<8xi32>
  %O = memref.alloc() {name = "O"} : memref<8x8xi32>
  affine.for %i = 0 to 8 {
    affine.store %zero, %S[%i] : memref<8xi32>
    affine.for %k = 0 to 8 {
      %a = affine.load %A[%i, %k] : memref<8x8xi32>
      %s = affine.load %S[%i] : memref<8xi32>
      %t = arith.addi %s, %a : i32
      affine.store %t, %S[%i] : memref<8xi32>
    } {loop_name = "k", reduction = 1 : i32}
  } {loop_name = "i", stage_name = "S"}
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %a = affine.load %A[%i, %j] : memref<8x8xi32>
      %s = affine.load %S[%i] : memref<8xi32>
      %o = arith.subi %s, %a : i32
      affine.store %o, %O[%i, %j] : memref<8x8xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "O"}
  %lo, %ln = hcl.split(%sO, %li, 4)
  hcl.compute_at(%sS, %sO, %lo)
  return %O : memref<8x8xi32>
}
func.func @split_inner(%A: memref<8x8xi32>) -> memref<8x8xi32> {
  %sS = hcl.create_stage_handle "S" : !hcl.StageHandle
  %sO = hcl.create_stage_handle "O" : !hcl.StageHandle
  %li = hcl.create_loop_handle %sO, "i" : !hcl.LoopHandle
  %zero = arith.constant 0 : i32
  %S = memref.alloc() {name = "S"} : memref<8xi32>
  %O = memref.alloc() {name = "O"} : memref<8x8xi32>
  affine.for %i = 0 to 8 {
    affine.store %zero, %S[%i] : memref<8xi32>
    affine.for %k = 0 to 8 {
      %a = affine.load %A[%i, %k] : memref<8x8xi32>
      %s = affine.load %S[%i] : memref<8xi32>
      %t = arith.addi %s, %a : i32
      affine.store %t, %S[%i] : memref<8xi32>
    } {loop_name = "k", reduction = 1 : i32}
  } {loop_name = "i", stage_name = "S"}
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %a = affine.load %A[%i, %j] : memref<8x8xi32>
      %s = affine.load %S[%i] : memref<8xi32>
      %o = arith.subi %s, %a : i32
      affine.store %o, %O[%i, %j] : memref<8x8xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "O"}
  %lo, %ln = hcl.split(%sO, %li, 4)
  hcl.compute_at(%sS, %sO, %ln)
  return %O : memref<8x8xi32>
}
