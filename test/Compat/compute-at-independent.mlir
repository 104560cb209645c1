// compute_at of two stages that share no data (HeteroCL-MLIR's
// sibling_fusion): no producer to compute inside the consumer, so the stages
// are fused as loops, the first stage's body at the start of the consumer's
// loop.
// RUN: hcl-opt %s --hcl-apply-customizations | FileCheck %s
// RUN: hcl check %s | FileCheck %s --check-prefix=EXEC

// EXEC: hcl check: 2 of 2 functions pass

// CHECK-LABEL: func.func @siblings
// CHECK:         affine.for %[[I:.*]] = 0 to 3 {
// CHECK-NEXT:      affine.for %[[K:.*]] = 0 to 3 {
// CHECK-NEXT:        affine.load %{{.*}}[%[[I]], %[[K]]]
// CHECK-NEXT:        affine.load %{{.*}}[%[[I]], %[[K]]]
// CHECK-NEXT:        arith.mulf
// CHECK-NEXT:        affine.store
// CHECK-NEXT:        affine.load
// CHECK-NEXT:        affine.load
// CHECK-NEXT:        arith.addf
// CHECK-NEXT:        affine.store
// CHECK-NEXT:      } {loop_name = "k1"}
// CHECK-NEXT:    } {loop_name = "i1", stage_name = "s2"}
// CHECK-NEXT:    return
func.func @siblings(%a: memref<4x4xf32>, %b: memref<4x4xf32>,
                    %c: memref<4x4xf32>, %d: memref<4x4xf32>,
                    %e: memref<4x4xf32>) {
  %s1 = hcl.create_op_handle "s1"
  %s2 = hcl.create_op_handle "s2"
  %l4 = hcl.create_loop_handle %s2, "k1"
  affine.for %i = 0 to 3 {
    affine.for %k = 0 to 3 {
      %0 = affine.load %a[%i, %k] : memref<4x4xf32>
      %1 = affine.load %b[%i, %k] : memref<4x4xf32>
      %2 = arith.mulf %0, %1 : f32
      affine.store %2, %d[%i, %k] : memref<4x4xf32>
    } {loop_name = "k"}
  } {loop_name = "i", op_name = "s1"}
  affine.for %i = 0 to 3 {
    affine.for %k = 0 to 3 {
      %0 = affine.load %a[%i, %k] : memref<4x4xf32>
      %1 = affine.load %c[%i, %k] : memref<4x4xf32>
      %2 = arith.addf %0, %1 : f32
      affine.store %2, %e[%i, %k] : memref<4x4xf32>
    } {loop_name = "k1"}
  } {loop_name = "i1", op_name = "s2"}
  hcl.compute_at (%s1, %s2, %l4)
  return
}

// At the outer loop: the first stage's inner loop moves in whole, renamed
// under its stage so loop names stay unique in the consumer.
// CHECK-LABEL: func.func @outer
// CHECK:         affine.for %{{.*}} = 0 to 10 {
// CHECK-NEXT:      affine.for %{{.*}} = 0 to 10 {
// CHECK:           } {loop_name = "A.x"}
// CHECK-NEXT:      affine.for %{{.*}} = 0 to 10 {
// CHECK:           } {loop_name = "x"}
// CHECK-NEXT:    } {loop_name = "y", stage_name = "B"}
func.func @outer() -> (memref<10x10xi32>, memref<10x10xi32>) {
  %sa = hcl.create_op_handle "A"
  %sb = hcl.create_op_handle "B"
  %ly = hcl.create_loop_handle %sb, "y"
  %A = memref.alloc() {name = "A"} : memref<10x10xi32>
  affine.for %y = 0 to 10 {
    affine.for %x = 0 to 10 {
      %0 = arith.addi %y, %x : index
      %1 = arith.index_cast %0 : index to i32
      affine.store %1, %A[%y, %x] : memref<10x10xi32>
    } {loop_name = "x"}
  } {loop_name = "y", op_name = "A"}
  %B = memref.alloc() {name = "B"} : memref<10x10xi32>
  affine.for %y = 0 to 10 {
    affine.for %x = 0 to 10 {
      %0 = arith.subi %y, %x : index
      %1 = arith.index_cast %0 : index to i32
      affine.store %1, %B[%y, %x] : memref<10x10xi32>
    } {loop_name = "x"}
  } {loop_name = "y", op_name = "B"}
  hcl.compute_at (%sa, %sb, %ly)
  return %A, %B : memref<10x10xi32>, memref<10x10xi32>
}
