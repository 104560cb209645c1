// Seed 001's param / axis listing, with stage D made identical to C (the
// seed's D multiplies by 2 while Stage_C adds 1, so its merge would change
// D's result; merge-errors.mlir shows hcl refusing that): C and D share
// @Stage_C with their loop bounds as index arguments, E is outlined below
// loop i and called inside it.
// RUN: hcl-opt %s --hcl-apply-customizations | FileCheck %s
// RUN: hcl check %s | FileCheck %s --check-prefix=EXEC
// RUN: hcl check --hls %s | FileCheck %s --check-prefix=HLS
// EXEC: hcl check: OK
// HLS: hcl check --hls: OK

// CHECK-LABEL: func.func private @Stage_C(%arg0: memref<10x32xi32>, %arg1: memref<10x32xi32>, %arg2: index, %arg3: index) {
// CHECK: affine.for %[[I:.*]] = 0 to %arg2 {
// CHECK-NEXT: affine.for %[[J:.*]] = 0 to %arg3 {
// CHECK: } {loop_name = "j"}
// CHECK-NEXT: } {loop_name = "i", stage_name = "C"}
// CHECK-LABEL: func.func private @Stage_E(%arg0: memref<10x32xi32>, %arg1: memref<10x32xi32>, %arg2: index) {
// CHECK-NEXT: affine.for %[[J:.*]] = 0 to 32 {
// CHECK-NEXT: affine.load %arg0[%arg2, %[[J]]]
// CHECK: } {loop_name = "j"}
// CHECK-NEXT: return
// CHECK-LABEL: func.func @top(%arg0: memref<10x32xi32>) -> memref<10x32xi32> {
// CHECK: %[[C:.*]] = memref.alloc() {name = "C"}
// CHECK: %[[C10:.*]] = arith.constant 10 : index
// CHECK: %[[C32:.*]] = arith.constant 32 : index
// CHECK: call @Stage_C(%arg0, %[[C]], %[[C10]], %[[C32]])
// CHECK: %[[D:.*]] = memref.alloc() {name = "D"}
// CHECK: call @Stage_C(%[[C]], %[[D]], %{{.*}}, %{{.*}})
// CHECK: %[[E:.*]] = memref.alloc() {name = "E"}
// CHECK: affine.for %[[I:.*]] = 0 to 10 {
// CHECK-NEXT: call @Stage_E(%[[D]], %[[E]], %[[I]])
// CHECK-NEXT: } {loop_name = "i", stage_name = "E"}
func.func @top(%arg0: memref<10x32xi32>) -> memref<10x32xi32> {
  %0 = memref.alloc() {name = "C"} : memref<10x32xi32>
  affine.for %arg1 = 0 to 10 {
    affine.for %arg2 = 0 to 32 {
      %12 = affine.load %arg0[%arg1, %arg2] : memref<10x32xi32>
      %c1_i32 = arith.constant 1 : i32
      %13 = arith.addi %12, %c1_i32 : i32
      affine.store %13, %0[%arg1, %arg2] : memref<10x32xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "C"}
  %3 = hcl.create_stage_handle "C" : !hcl.StageHandle
  %4 = memref.alloc() {name = "D"} : memref<10x32xi32>
  affine.for %arg1 = 0 to 10 {
    affine.for %arg2 = 0 to 32 {
      %12 = affine.load %0[%arg1, %arg2] : memref<10x32xi32>
      %c1_i32 = arith.constant 1 : i32
      %13 = arith.addi %12, %c1_i32 : i32
      affine.store %13, %4[%arg1, %arg2] : memref<10x32xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "D"}
  %7 = hcl.create_stage_handle "D" : !hcl.StageHandle
  %8 = memref.alloc() {name = "E"} : memref<10x32xi32>
  affine.for %arg1 = 0 to 10 {
    affine.for %arg2 = 0 to 32 {
      %12 = affine.load %4[%arg1, %arg2] : memref<10x32xi32>
      %c3_i32 = arith.constant 3 : i32
      %13 = arith.muli %12, %c3_i32 : i32
      affine.store %13, %8[%arg1, %arg2] : memref<10x32xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "E"}
  %11 = hcl.create_stage_handle "E" : !hcl.StageHandle
  hcl.outline (%3) {param = ["i", "j"]}
  hcl.outline (%7) {param = ["i", "j"], merge="Stage_C"}
  hcl.outline (%11) {axis = "j"}
  return %8 : memref<10x32xi32>
}
