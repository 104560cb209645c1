// hcl.reshape gives a buffer a new shape in place, with the same elements in
// row-major order: every access linearizes its old indices and splits them
// again for the new shape, inside the access map (affine accesses stay
// affine; memref.load/store get affine.apply indices). Reshaped arguments and
// results change the entry's signature, so `hcl check` compares them with
// the unscheduled program element-wise in row-major order.
// RUN: hcl-opt %s -split-input-file --hcl-apply-customizations | FileCheck %s
// RUN: hcl check %s --entry flatten_result | FileCheck %s --check-prefixes=EXEC,FLAT
// RUN: hcl check %s --entry fold_argument | FileCheck %s --check-prefixes=EXEC,FOLD
// RUN: hcl check %s --entry plain_accesses | FileCheck %s --check-prefix=EXEC
// RUN: hcl check %s --entry then_partition | FileCheck %s --check-prefix=EXEC
// RUN: hcl check %s --entry through_call | FileCheck %s --check-prefix=EXEC
// RUN: hcl check %s --entry twice | FileCheck %s --check-prefix=EXEC
// EXEC: hcl check: OK

// 4x4 -> 16 on a returned buffer: [i, j] becomes [i * 4 + j].
// CHECK-LABEL: func.func @flatten_result(
// CHECK-SAME:      %[[A:.+]]: memref<4x4xf32>) -> memref<16xf32>
// CHECK-NOT:     hcl.
// CHECK:         %[[B:.+]] = memref.alloc() : memref<16xf32>
// CHECK:         affine.for %[[I:.+]] = 0 to 4 {
// CHECK-NEXT:      affine.for %[[J:.+]] = 0 to 4 {
// CHECK-NEXT:        %[[V:.+]] = affine.load %[[A]][%[[I]], %[[J]]] : memref<4x4xf32>
// CHECK-NEXT:        affine.store %[[V]], %[[B]][%[[J]] * 4 + %[[I]]] : memref<16xf32>
// CHECK:         return %[[B]] : memref<16xf32>
// FLAT:        @flatten_result matches
// FLAT-SAME:   reshaped by the schedule, compared element-wise in row-major order: result0 4x4 as 16)
func.func @flatten_result(%A: memref<4x4xf32>) -> memref<4x4xf32> {
  %B = memref.alloc() : memref<4x4xf32>
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 4 {
      %a = affine.load %A[%i, %j] : memref<4x4xf32>
      affine.store %a, %B[%j, %i] : memref<4x4xf32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "T"}
  %F = hcl.reshape %B : memref<4x4xf32> to memref<16xf32>
  return %B : memref<4x4xf32>
}

// -----

// 16 -> 4x4 on an argument, read with an offset: [i + 1] becomes
// [(i + 1) floordiv 4, (i + 1) mod 4], which the affine folding after each
// primitive writes as i + 1 - ((i + 1) floordiv 4) * 4.
// CHECK-LABEL: func.func @fold_argument(
// CHECK-SAME:      %[[A:.+]]: memref<4x4xi32>, %[[C:.+]]: memref<15xi32>)
// CHECK:         affine.for %[[I:.+]] = 0 to 15 {
// CHECK-NEXT:      affine.load %[[A]][(%[[I]] + 1) floordiv 4, %[[I]] - ((%[[I]] + 1) floordiv 4) * 4 + 1] : memref<4x4xi32>
// CHECK-NEXT:      affine.load %[[A]][%[[I]] floordiv 4, %[[I]] mod 4] : memref<4x4xi32>
// FOLD:        @fold_argument matches
// FOLD-SAME:   compared element-wise in row-major order: arg0 16 as 4x4)
func.func @fold_argument(%A: memref<16xi32>, %C: memref<15xi32>) {
  affine.for %i = 0 to 15 {
    %a = affine.load %A[%i + 1] : memref<16xi32>
    %b = affine.load %A[%i] : memref<16xi32>
    %d = arith.subi %a, %b : i32
    affine.store %d, %C[%i] : memref<15xi32>
  } {loop_name = "i", stage_name = "diff"}
  %B = hcl.reshape %A : memref<16xi32> to memref<4x4xi32>
  return
}

// -----

// 2x8 -> 4x2x2 with memref.load/store: the new indices are affine.apply ops
// of the old ones.
// CHECK-LABEL: func.func @plain_accesses(
// CHECK-SAME:      %[[A:.+]]: memref<4x2x2xf32>)
// CHECK:         scf.for %[[R:.+]] =
// CHECK-NEXT:      scf.for %[[K:.+]] =
// CHECK-NEXT:        %[[X:.+]] = affine.apply #{{.+}}(%[[R]], %[[K]])
// CHECK-NEXT:        %[[Y:.+]] = affine.apply #{{.+}}(%[[K]])
// CHECK-NEXT:        %[[Z:.+]] = affine.apply #{{.+}}(%[[K]])
// CHECK-NEXT:        memref.load %[[A]][%[[X]], %[[Y]], %[[Z]]] : memref<4x2x2xf32>
func.func @plain_accesses(%A: memref<2x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  scf.for %r = %c0 to %c2 step %c1 {
    scf.for %k = %c0 to %c8 step %c1 {
      %a = memref.load %A[%r, %k] : memref<2x8xf32>
      %b = arith.mulf %a, %a : f32
      memref.store %b, %A[%r, %k] : memref<2x8xf32>
    }
  }
  %B = hcl.reshape %A : memref<2x8xf32> to memref<4x2x2xf32>
  return
}

// -----

// Later schedule operations name the reshaped buffer by the reshape's
// result: partition %F acts on the buffer in its new shape.
// CHECK:       #[[MAP:.+]] = affine_map<(d0, d1) -> (d0 mod 2, 0, d0 floordiv 2, d1)>
// CHECK-LABEL: func.func @then_partition(
// CHECK:         memref.alloc() : memref<6x4xi32, #[[MAP]]>
// CHECK:         affine.store %{{.+}}, %{{.+}}[%{{.+}} * 2 + %{{.+}} floordiv 4, %{{.+}} mod 4] : memref<6x4xi32, #[[MAP]]>
func.func @then_partition(%A: memref<3x8xi32>, %C: memref<3x8xi32>) {
  %B = memref.alloc() : memref<3x8xi32>
  affine.for %i = 0 to 3 {
    affine.for %j = 0 to 8 {
      %a = affine.load %A[%i, %j] : memref<3x8xi32>
      %d = arith.addi %a, %a : i32
      affine.store %d, %B[%i, %j] : memref<3x8xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "B"}
  affine.for %i = 0 to 3 {
    affine.for %j = 0 to 8 {
      %b = affine.load %B[%i, 7 - %j] : memref<3x8xi32>
      affine.store %b, %C[%i, %j] : memref<3x8xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "C"}
  memref.dealloc %B : memref<3x8xi32>
  %F = hcl.reshape %B : memref<3x8xi32> to memref<6x4xi32>
  hcl.partition(%F : memref<6x4xi32>, Cyclic, 1, 2)
  return
}

// -----

// A reshaped buffer passed to another function: the callee's argument and
// accesses change with it.
// CHECK-LABEL: func.func @sum_rows(
// CHECK-SAME:      %[[X:.+]]: memref<12xf32>, %{{.+}}: memref<3xf32>)
// CHECK:         affine.load %[[X]][%{{.+}} * 4 + %{{.+}}] : memref<12xf32>
// CHECK-LABEL: func.func @through_call(
// CHECK:         %[[B:.+]] = memref.alloca() : memref<12xf32>
// CHECK:         call @sum_rows(%[[B]], %{{.+}}) : (memref<12xf32>, memref<3xf32>) -> ()
func.func @sum_rows(%X: memref<3x4xf32>, %Y: memref<3xf32>) {
  affine.for %i = 0 to 3 {
    affine.for %j = 0 to 4 {
      %x = affine.load %X[%i, %j] : memref<3x4xf32>
      %y = affine.load %Y[%i] : memref<3xf32>
      %s = arith.addf %x, %y : f32
      affine.store %s, %Y[%i] : memref<3xf32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "sum"}
  return
}

func.func @through_call(%A: memref<3x4xf32>, %Y: memref<3xf32>) {
  %B = memref.alloca() : memref<3x4xf32>
  affine.for %i = 0 to 3 {
    affine.for %j = 0 to 4 {
      %a = affine.load %A[%i, %j] : memref<3x4xf32>
      affine.store %a, %B[%i, %j] : memref<3x4xf32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "copy"}
  func.call @sum_rows(%B, %Y) : (memref<3x4xf32>, memref<3xf32>) -> ()
  %F = hcl.reshape %B : memref<3x4xf32> to memref<12xf32>
  return
}

// -----

// Reshaping the reshaped buffer again composes: 2x6 -> 12 -> 3x4.
// CHECK-LABEL: func.func @twice(
// CHECK-SAME:      %[[A:.+]]: memref<3x4xi32>)
// CHECK:         affine.load %[[A]][(%[[I:.+]] * 6 + %[[J:.+]]) floordiv 4, (%[[I]] * 6 + %[[J]]) mod 4] : memref<3x4xi32>
func.func @twice(%A: memref<2x6xi32>) {
  affine.for %i = 0 to 2 {
    affine.for %j = 0 to 6 {
      %a = affine.load %A[%i, %j] : memref<2x6xi32>
      %b = arith.muli %a, %a : i32
      affine.store %b, %A[%i, %j] : memref<2x6xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "sq"}
  %F = hcl.reshape %A : memref<2x6xi32> to memref<12xi32>
  %G = hcl.reshape %F : memref<12xi32> to memref<3x4xi32>
  return
}
