// reuse_at on seed 000's five-point stencil: the line buffer alone (first
// listing), then line + window buffer with the line-buffer shift merged into
// the compute loop (second listing). Each is also checked by execution.
// RUN: hcl-opt %s --hcl-apply-customizations -split-input-file | FileCheck %s
// RUN: hcl check %s --entry top | FileCheck %s --check-prefix=EXEC
// RUN: hcl check %s --entry top_wb | FileCheck %s --check-prefix=EXEC
// EXEC: hcl check: OK

// CHECK: #[[SET:.*]] = affine_set<(d0) : (d0 - 2 >= 0)>
// CHECK-LABEL: func.func @top(
// CHECK-SAME: %[[A:.*]]: memref<10x10xi32>) -> memref<8x8xi32>
// CHECK: %[[B:.*]] = memref.alloc() {name = "B"} : memref<8x8xi32>
// CHECK: %[[LB:.*]] = memref.alloc() : memref<3x10xi32>
// CHECK: affine.for %[[I:.*]] = 0 to 10 {
// CHECK-NEXT: affine.for %[[J:.*]] = 0 to 10 {
// CHECK-NEXT:   %[[V0:.*]] = affine.load %[[LB]][1, %[[J]]] : memref<3x10xi32>
// CHECK-NEXT:   affine.store %[[V0]], %[[LB]][0, %[[J]]] : memref<3x10xi32>
// CHECK-NEXT:   %[[V1:.*]] = affine.load %[[LB]][2, %[[J]]] : memref<3x10xi32>
// CHECK-NEXT:   affine.store %[[V1]], %[[LB]][1, %[[J]]] : memref<3x10xi32>
// CHECK-NEXT:   %[[V2:.*]] = affine.load %[[A]][%[[I]], %[[J]]] : memref<10x10xi32>
// CHECK-NEXT:   affine.store %[[V2]], %[[LB]][2, %[[J]]] : memref<3x10xi32>
// CHECK-NEXT: } {spatial}
// CHECK-NEXT: affine.if #[[SET]](%[[I]]) {
// CHECK-NEXT:   affine.for %[[J2:.*]] = 0 to 8 {
// CHECK-NEXT:     affine.load %[[LB]][0, %[[J2]] + 1] : memref<3x10xi32>
// CHECK-NEXT:     affine.load %[[LB]][1, %[[J2]]] : memref<3x10xi32>
// CHECK-NEXT:     arith.addi
// CHECK-NEXT:     affine.load %[[LB]][1, %[[J2]] + 1] : memref<3x10xi32>
// CHECK-NEXT:     arith.addi
// CHECK-NEXT:     affine.load %[[LB]][1, %[[J2]] + 2] : memref<3x10xi32>
// CHECK-NEXT:     arith.addi
// CHECK-NEXT:     affine.load %[[LB]][2, %[[J2]] + 1] : memref<3x10xi32>
// CHECK-NEXT:     %[[SUM:.*]] = arith.addi
// CHECK-NEXT:     affine.store %[[SUM]], %[[B]][%[[I]] - 2, %[[J2]]] : memref<8x8xi32>
// CHECK-NEXT:   } {loop_name = "j"}
// CHECK-NEXT: }
// CHECK-NEXT: } {loop_name = "i", stage_name = "B"}
// CHECK-NEXT: memref.dealloc %[[LB]]
// CHECK-NEXT: return %[[B]]
func.func @top(%A: memref<10x10xi32>) -> memref<8x8xi32> {
  %s = hcl.create_stage_handle "B" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %B = memref.alloc() {name = "B"} : memref<8x8xi32>
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %a = affine.load %A[%i, %j + 1] : memref<10x10xi32>
      %b = affine.load %A[%i + 1, %j] : memref<10x10xi32>
      %0 = arith.addi %a, %b : i32
      %c = affine.load %A[%i + 1, %j + 1] : memref<10x10xi32>
      %1 = arith.addi %0, %c : i32
      %d = affine.load %A[%i + 1, %j + 2] : memref<10x10xi32>
      %2 = arith.addi %1, %d : i32
      %e = affine.load %A[%i + 2, %j + 1] : memref<10x10xi32>
      %3 = arith.addi %2, %e : i32
      affine.store %3, %B[%i, %j] : memref<8x8xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "B"}
  %lb = hcl.reuse_at(%s, %A : memref<10x10xi32>, %li) -> memref<3x10xi32>
  return %B : memref<8x8xi32>
}

// -----

// CHECK: #[[SET:.*]] = affine_set<(d0) : (d0 - 2 >= 0)>
// CHECK-LABEL: func.func @top_wb(
// CHECK-SAME: %[[A:.*]]: memref<10x10xi32>) -> memref<8x8xi32>
// CHECK: %[[B:.*]] = memref.alloc() {name = "B"} : memref<8x8xi32>
// CHECK: %[[LB:.*]] = memref.alloc() : memref<3x10xi32>
// CHECK: %[[WB:.*]] = memref.alloc() : memref<3x3xi32>
// CHECK: affine.for %[[I:.*]] = 0 to 10 {
// CHECK-NEXT: affine.for %[[J:.*]] = 0 to 10 {
// CHECK-NEXT:   %[[V0:.*]] = affine.load %[[LB]][1, %[[J]]] : memref<3x10xi32>
// CHECK-NEXT:   affine.store %[[V0]], %[[LB]][0, %[[J]]] : memref<3x10xi32>
// CHECK-NEXT:   %[[V1:.*]] = affine.load %[[LB]][2, %[[J]]] : memref<3x10xi32>
// CHECK-NEXT:   affine.store %[[V1]], %[[LB]][1, %[[J]]] : memref<3x10xi32>
// CHECK-NEXT:   %[[V2:.*]] = affine.load %[[A]][%[[I]], %[[J]]] : memref<10x10xi32>
// CHECK-NEXT:   affine.store %[[V2]], %[[LB]][2, %[[J]]] : memref<3x10xi32>
// CHECK-NEXT:   affine.if #[[SET]](%[[I]]) {
// CHECK-NEXT:     affine.for %[[R:.*]] = 0 to 3 {
// CHECK-NEXT:       %[[W0:.*]] = affine.load %[[WB]][%[[R]], 1] : memref<3x3xi32>
// CHECK-NEXT:       affine.store %[[W0]], %[[WB]][%[[R]], 0] : memref<3x3xi32>
// CHECK-NEXT:       %[[W1:.*]] = affine.load %[[WB]][%[[R]], 2] : memref<3x3xi32>
// CHECK-NEXT:       affine.store %[[W1]], %[[WB]][%[[R]], 1] : memref<3x3xi32>
// CHECK-NEXT:       %[[W2:.*]] = affine.load %[[LB]][%[[R]], %[[J]]] : memref<3x10xi32>
// CHECK-NEXT:       affine.store %[[W2]], %[[WB]][%[[R]], 2] : memref<3x3xi32>
// CHECK-NEXT:     } {spatial}
// CHECK-NEXT:     affine.if #[[SET]](%[[J]]) {
// CHECK-NEXT:       affine.load %[[WB]][0, 1] : memref<3x3xi32>
// CHECK-NEXT:       affine.load %[[WB]][1, 0] : memref<3x3xi32>
// CHECK-NEXT:       arith.addi
// CHECK-NEXT:       affine.load %[[WB]][1, 1] : memref<3x3xi32>
// CHECK-NEXT:       arith.addi
// CHECK-NEXT:       affine.load %[[WB]][1, 2] : memref<3x3xi32>
// CHECK-NEXT:       arith.addi
// CHECK-NEXT:       affine.load %[[WB]][2, 1] : memref<3x3xi32>
// CHECK-NEXT:       %[[SUM:.*]] = arith.addi
// CHECK-NEXT:       affine.store %[[SUM]], %[[B]][%[[I]] - 2, %[[J]] - 2] : memref<8x8xi32>
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT: } {loop_name = "j"}
// CHECK-NEXT: } {loop_name = "i", stage_name = "B"}
func.func @top_wb(%A: memref<10x10xi32>) -> memref<8x8xi32> {
  %s = hcl.create_stage_handle "B" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  %B = memref.alloc() {name = "B"} : memref<8x8xi32>
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %a = affine.load %A[%i, %j + 1] : memref<10x10xi32>
      %b = affine.load %A[%i + 1, %j] : memref<10x10xi32>
      %0 = arith.addi %a, %b : i32
      %c = affine.load %A[%i + 1, %j + 1] : memref<10x10xi32>
      %1 = arith.addi %0, %c : i32
      %d = affine.load %A[%i + 1, %j + 2] : memref<10x10xi32>
      %2 = arith.addi %1, %d : i32
      %e = affine.load %A[%i + 2, %j + 1] : memref<10x10xi32>
      %3 = arith.addi %2, %e : i32
      affine.store %3, %B[%i, %j] : memref<8x8xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "B"}
  %lb = hcl.reuse_at(%s, %A : memref<10x10xi32>, %li) -> memref<3x10xi32>
  %wb = hcl.reuse_at(%s, %lb : memref<3x10xi32>, %lj) -> memref<3x3xi32>
  return %B : memref<8x8xi32>
}
