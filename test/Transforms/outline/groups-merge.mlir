// Several stages in one function (s.outline([B, C], [D])), and seed 001's
// merge listing: C outlined with merge = "Stage_B" (spelled unify here)
// calls @Stage_B, so two functions serve three calls.
// RUN: hcl-opt %s --hcl-apply-customizations -split-input-file | FileCheck %s
// RUN: hcl check %s --entry grouped | FileCheck %s --check-prefix=EXEC
// RUN: hcl check %s --entry merged | FileCheck %s --check-prefix=EXEC
// EXEC: hcl check: OK

// CHECK-LABEL: func.func private @Stage_B_C(%arg0: memref<8x8xi32>, %arg1: memref<8x8xi32>, %arg2: memref<8x8xi32>) {
// CHECK: stage_name = "B"
// CHECK: stage_name = "C"
// CHECK-LABEL: func.func private @Stage_D(
// CHECK-LABEL: func.func @grouped(
// CHECK: %[[B:.*]] = memref.alloc() {name = "B"}
// CHECK-NEXT: %[[C:.*]] = memref.alloc() {name = "C"}
// CHECK-NEXT: call @Stage_B_C(%arg0, %[[B]], %[[C]])
// CHECK-NEXT: %[[D:.*]] = memref.alloc() {name = "D"}
// CHECK-NEXT: call @Stage_D(%[[B]], %[[C]], %[[D]])
func.func @grouped(%A: memref<8x8xi32>) -> memref<8x8xi32> {
  %sB = hcl.create_stage_handle "B" : !hcl.StageHandle
  %sC = hcl.create_stage_handle "C" : !hcl.StageHandle
  %sD = hcl.create_stage_handle "D" : !hcl.StageHandle
  %one = arith.constant 1 : i32
  %B = memref.alloc() {name = "B"} : memref<8x8xi32>
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %a = affine.load %A[%i, %j] : memref<8x8xi32>
      %b = arith.addi %a, %one : i32
      affine.store %b, %B[%i, %j] : memref<8x8xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "B"}
  %C = memref.alloc() {name = "C"} : memref<8x8xi32>
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %a = affine.load %A[%i, %j] : memref<8x8xi32>
      %c = arith.muli %a, %a : i32
      affine.store %c, %C[%i, %j] : memref<8x8xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "C"}
  %D = memref.alloc() {name = "D"} : memref<8x8xi32>
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %b = affine.load %B[%i, %j] : memref<8x8xi32>
      %c = affine.load %C[%i, %j] : memref<8x8xi32>
      %d = arith.subi %b, %c : i32
      affine.store %d, %D[%i, %j] : memref<8x8xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "D"}
  hcl.outline (%sB, %sC)
  hcl.outline (%sD)
  return %D : memref<8x8xi32>
}

// -----

// CHECK-LABEL: func.func private @Stage_B(
// CHECK-NOT: func.func private @Stage_C
// CHECK-LABEL: func.func private @Stage_D(
// CHECK-LABEL: func.func @merged(
// CHECK: call @Stage_B(%arg0, %{{.*}}) {outlined_stage = "B"}
// CHECK: call @Stage_B(%arg0, %{{.*}}) {outlined_stage = "C"}
// CHECK: call @Stage_D(
func.func @merged(%A: memref<8x8xi32>) -> memref<8x8xi32> {
  %sB = hcl.create_stage_handle "B" : !hcl.StageHandle
  %sC = hcl.create_stage_handle "C" : !hcl.StageHandle
  %sD = hcl.create_stage_handle "D" : !hcl.StageHandle
  %lj = hcl.create_loop_handle %sB, "j" : !hcl.LoopHandle
  %one = arith.constant 1 : i32
  %B = memref.alloc() {name = "B"} : memref<8x8xi32>
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %a = affine.load %A[%i, %j] : memref<8x8xi32>
      %b = arith.addi %a, %one : i32
      affine.store %b, %B[%i, %j] : memref<8x8xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "B"}
  %C = memref.alloc() {name = "C"} : memref<8x8xi32>
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %a = affine.load %A[%i, %j] : memref<8x8xi32>
      %c = arith.addi %a, %one : i32
      affine.store %c, %C[%i, %j] : memref<8x8xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "C"}
  %D = memref.alloc() {name = "D"} : memref<8x8xi32>
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %b = affine.load %B[%i, %j] : memref<8x8xi32>
      %c = affine.load %C[%i, %j] : memref<8x8xi32>
      %d = arith.addi %b, %c : i32
      affine.store %d, %D[%i, %j] : memref<8x8xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "D"}
  // Only B is pipelined: customizations do not stop a merge (the shared
  // function keeps B's), only a different computation does.
  hcl.pipeline(%sB, %lj, 1)
  hcl.outline (%sB)
  hcl.outline (%sC) {unify = "Stage_B"}
  hcl.outline (%sD)
  return %D : memref<8x8xi32>
}
