// compute_at of two stages that share no data (HeteroCL-MLIR's
// sibling_fusion): no producer to compute inside the consumer, so the stages
// are fused as loops, the first stage's body at the start of the consumer's
// loop.
// RUN: hcl-opt %s --hcl-apply-customizations | FileCheck %s
// RUN: hcl check %s | FileCheck %s --check-prefix=EXEC

// EXEC: hcl check: 5 of 5 functions pass

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

// Ranges that differ in their upper bounds: the fused loops run to the larger
// bound, and each stage's operations are guarded by its own bounds, so each
// still writes exactly its own elements. Here the producer is smaller.
// CHECK-LABEL: func.func @smaller_producer
// CHECK:         affine.for %[[Y:.*]] = 0 to 10 {
// CHECK-NEXT:      affine.for %[[X:.*]] = 0 to 10 {
// CHECK-NEXT:        affine.if #{{.*}}(%[[Y]], %[[X]]) {
// CHECK-NEXT:          arith.addi
// CHECK:             affine.store %{{.*}}, %{{.*}}[%[[Y]], %[[X]]] : memref<8x8xi32>
// CHECK-NEXT:        }
// CHECK-NEXT:        arith.subi
// CHECK:           } {loop_name = "x"}
// CHECK-NEXT:    } {loop_name = "y", stage_name = "B"}
func.func @smaller_producer() -> (memref<8x8xi32>, memref<10x10xi32>) {
  %sa = hcl.create_op_handle "A"
  %sb = hcl.create_op_handle "B"
  %lx = hcl.create_loop_handle %sb, "x"
  %A = memref.alloc() {name = "A"} : memref<8x8xi32>
  affine.for %y = 0 to 8 {
    affine.for %x = 0 to 8 {
      %0 = arith.addi %y, %x : index
      %1 = arith.index_cast %0 : index to i32
      affine.store %1, %A[%y, %x] : memref<8x8xi32>
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
  hcl.compute_at (%sa, %sb, %lx)
  return %A, %B : memref<8x8xi32>, memref<10x10xi32>
}

// The producer is larger in one loop and smaller in the other: both stages
// are guarded, each by the bound it lacks.
// CHECK-LABEL: func.func @crossed_ranges
// CHECK:         affine.for %[[Y:.*]] = 0 to 12 {
// CHECK-NEXT:      affine.for %[[X:.*]] = 0 to 10 {
// CHECK-NEXT:        affine.if #{{.*}}(%[[X]]) {
// CHECK:             affine.store %{{.*}} : memref<12x6xi32>
// CHECK-NEXT:        }
// CHECK:             affine.if #{{.*}}(%[[Y]]) {
// CHECK:             affine.store %{{.*}} : memref<10x10xi32>
// CHECK-NEXT:        }
// CHECK-NEXT:      } {loop_name = "x"}
// CHECK-NEXT:    } {loop_name = "y", stage_name = "B"}
func.func @crossed_ranges() -> (memref<12x6xi32>, memref<10x10xi32>) {
  %sa = hcl.create_op_handle "A"
  %sb = hcl.create_op_handle "B"
  %lx = hcl.create_loop_handle %sb, "x"
  %A = memref.alloc() {name = "A"} : memref<12x6xi32>
  affine.for %y = 0 to 12 {
    affine.for %x = 0 to 6 {
      %0 = arith.muli %y, %x : index
      %1 = arith.index_cast %0 : index to i32
      affine.store %1, %A[%y, %x] : memref<12x6xi32>
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
  hcl.compute_at (%sa, %sb, %lx)
  return %A, %B : memref<12x6xi32>, memref<10x10xi32>
}

// A consumer with work between its loops (a row sum's initial store): that
// work is guarded at its own level, the inner loop's body at the inner one.
// CHECK-LABEL: func.func @guarded_levels
// CHECK:         affine.for %[[R:.*]] = 0 to 6 {
// CHECK-NEXT:      affine.if #{{.*}}(%[[R]]) {
// CHECK-NEXT:        affine.store %{{.*}}, %{{.*}}[%[[R]]] : memref<4xi32>
// CHECK-NEXT:      }
// CHECK-NEXT:      affine.for %[[C:.*]] = 0 to 6 {
// CHECK-NEXT:        affine.store %{{.*}} : memref<6x6xi32>
// CHECK-NEXT:        affine.if #{{.*}}(%[[R]], %[[C]]) {
// CHECK-NEXT:          affine.load
// CHECK:           } {loop_name = "c"}
// CHECK-NEXT:    } {loop_name = "r", stage_name = "S"}
func.func @guarded_levels(%in: memref<4x4xi32>) -> (memref<6x6xi32>, memref<4xi32>) {
  %sp = hcl.create_op_handle "P"
  %ss = hcl.create_op_handle "S"
  %lc = hcl.create_loop_handle %ss, "c"
  %c7 = arith.constant 7 : i32
  %P = memref.alloc() {name = "P"} : memref<6x6xi32>
  affine.for %i = 0 to 6 {
    affine.for %j = 0 to 6 {
      affine.store %c7, %P[%i, %j] : memref<6x6xi32>
    } {loop_name = "j"}
  } {loop_name = "i", op_name = "P"}
  %c0 = arith.constant 0 : i32
  %S = memref.alloc() {name = "S"} : memref<4xi32>
  affine.for %r = 0 to 4 {
    affine.store %c0, %S[%r] : memref<4xi32>
    affine.for %c = 0 to 4 {
      %0 = affine.load %in[%r, %c] : memref<4x4xi32>
      %1 = affine.load %S[%r] : memref<4xi32>
      %2 = arith.addi %0, %1 : i32
      affine.store %2, %S[%r] : memref<4xi32>
    } {loop_name = "c"}
  } {loop_name = "r", op_name = "S"}
  hcl.compute_at (%sp, %ss, %lc)
  return %P, %S : memref<6x6xi32>, memref<4xi32>
}
