// Seed 001's first listing: B, C and D each outlined; B's pipeline and
// partition travel with it (the partition in Stage_B's and Stage_D's
// signatures), the calls replace the stages in @top.
// RUN: hcl-opt %s --hcl-apply-customizations | FileCheck %s
// RUN: hcl check %s | FileCheck %s --check-prefix=EXEC
// RUN: hcl check --hls %s | FileCheck %s --check-prefix=HLS
// EXEC: hcl check: OK
// HLS: hcl check --hls: OK

// CHECK: #[[MAP:.*]] = affine_map<(d0, d1) -> (0, d1, d0, 0)>
// CHECK: func.func private @Stage_B(%arg0: memref<32x32xi32>, %arg1: memref<32x32xi32, #[[MAP]]>) {
// CHECK: } {loop_name = "j", pipeline_ii = 1 : i32}
// CHECK-NEXT: } {loop_name = "i", stage_name = "B"}
// CHECK: func.func private @Stage_C(%arg0: memref<32x32xi32>, %arg1: memref<32x32xi32>) {
// CHECK: func.func private @Stage_D(%arg0: memref<32x32xi32, #[[MAP]]>, %arg1: memref<32x32xi32>, %arg2: memref<32x32xi32>) {
// CHECK: func.func @top(%arg0: memref<32x32xi32>) -> memref<32x32xi32> {
// CHECK-NEXT: %[[B:.*]] = memref.alloc() {name = "B"} : memref<32x32xi32, #[[MAP]]>
// CHECK-NEXT: call @Stage_B(%arg0, %[[B]]) {outlined_stage = "B"}
// CHECK-NEXT: %[[C:.*]] = memref.alloc() {name = "C"} : memref<32x32xi32>
// CHECK-NEXT: call @Stage_C(%arg0, %[[C]]) {outlined_stage = "C"}
// CHECK-NEXT: %[[D:.*]] = memref.alloc() {name = "D"} : memref<32x32xi32>
// CHECK-NEXT: call @Stage_D(%[[B]], %[[C]], %[[D]]) {outlined_stage = "D"}
// CHECK-NEXT: return %[[D]]
func.func @top(%A: memref<32x32xi32>) -> memref<32x32xi32> {
  %sB = hcl.create_stage_handle "B" : !hcl.StageHandle
  %sC = hcl.create_stage_handle "C" : !hcl.StageHandle
  %sD = hcl.create_stage_handle "D" : !hcl.StageHandle
  %lj = hcl.create_loop_handle %sB, "j" : !hcl.LoopHandle
  %one = arith.constant 1 : i32
  %B = memref.alloc() {name = "B"} : memref<32x32xi32>
  affine.for %i = 0 to 32 {
    affine.for %j = 0 to 32 {
      %a = affine.load %A[%i, %j] : memref<32x32xi32>
      %b = arith.addi %a, %one : i32
      affine.store %b, %B[%i, %j] : memref<32x32xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "B"}
  %C = memref.alloc() {name = "C"} : memref<32x32xi32>
  affine.for %i = 0 to 32 {
    affine.for %j = 0 to 32 {
      %a = affine.load %A[%i, %j] : memref<32x32xi32>
      %c = arith.addi %a, %one : i32
      affine.store %c, %C[%i, %j] : memref<32x32xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "C"}
  %D = memref.alloc() {name = "D"} : memref<32x32xi32>
  affine.for %i = 0 to 32 {
    affine.for %j = 0 to 32 {
      %b = affine.load %B[%i, %j] : memref<32x32xi32>
      %c = affine.load %C[%i, %j] : memref<32x32xi32>
      %d = arith.addi %b, %c : i32
      affine.store %d, %D[%i, %j] : memref<32x32xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "D"}
  hcl.pipeline(%sB, %lj, 1)
  hcl.partition(%B : memref<32x32xi32>, Complete, 2)
  hcl.outline (%sB)
  hcl.outline (%sC)
  hcl.outline (%sD)
  return %D : memref<32x32xi32>
}
