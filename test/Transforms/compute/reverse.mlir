// hcl.reverse runs a loop's iterations from the last to the first: the loop
// keeps its bounds, step and name, and the body reads the reversed
// iteration. Checked by structure and, for every function, by execution
// against the unscheduled program (a wrong index map reads out of bounds or
// computes other values). The engine folds the reversed iteration into the
// accesses.
//
// RUN: hcl-opt %s --hcl-apply-customizations | FileCheck %s
// RUN: hcl check %s --entry reverse_simple | FileCheck %s --check-prefix=EXEC
// RUN: hcl check %s --entry reverse_offset_step | FileCheck %s --check-prefix=EXEC
// RUN: hcl check %s --entry reverse_split_inner | FileCheck %s --check-prefix=EXEC
// RUN: hcl check %s --entry reverse_tile_inner | FileCheck %s --check-prefix=EXEC
// RUN: hcl check %s --entry reverse_outer_of_gemm | FileCheck %s --check-prefix=EXEC
// EXEC: hcl check: OK


// CHECK-LABEL: func.func @reverse_simple(
// CHECK-SAME:      %[[A:arg[0-9]+]]: memref<16xi32>, %[[B:arg[0-9]+]]: memref<16xi32>)
// CHECK-NOT:     hcl.
// CHECK:         affine.for %[[I:arg[0-9]+]] = 0 to 16 {
// CHECK-NEXT:      affine.load %[[A]][-%[[I]] + 15]
// CHECK-NEXT:      arith.muli
// CHECK-NEXT:      affine.store %{{.*}}, %[[B]][-%[[I]] + 15]
// CHECK-NEXT:    } {loop_name = "i", stage_name = "S"}
func.func @reverse_simple(%A: memref<16xi32>, %B: memref<16xi32>) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %c3 = arith.constant 3 : i32
  affine.for %i = 0 to 16 {
    %a = affine.load %A[%i] : memref<16xi32>
    %b = arith.muli %a, %c3 : i32
    affine.store %b, %B[%i] : memref<16xi32>
  } {loop_name = "i", stage_name = "S"}
  hcl.reverse(%s, %li)
  return
}

// i = 3, 5, ..., 19 (9 iterations) runs as 19, 17, ..., 3: 3 + 19 - i.
// CHECK-LABEL: func.func @reverse_offset_step(
// CHECK:         affine.for %[[I:arg[0-9]+]] = 3 to 20 step 2 {
// CHECK-NEXT:      affine.load %{{.*}}[-%[[I]] + 22]
func.func @reverse_offset_step(%A: memref<24xf32>, %B: memref<24xf32>) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  affine.for %i = 3 to 20 step 2 {
    %a = affine.load %A[%i] : memref<24xf32>
    %b = arith.addf %a, %a : f32
    affine.store %b, %B[%i] : memref<24xf32>
  } {loop_name = "i", stage_name = "S"}
  hcl.reverse(%s, %li)
  return
}

// The inner loop of a split: its bounds are constant, the outer loop's
// iteration is in its accesses.
// CHECK-LABEL: func.func @reverse_split_inner(
// CHECK:         affine.for %[[O:arg[0-9]+]] = 0 to 8 {
// CHECK-NEXT:      affine.for %[[I:arg[0-9]+]] = 0 to 4 {
// CHECK-NEXT:        affine.load %{{.*}}[%[[O]] * 4 - %[[I]] + 3]
// CHECK:           } {loop_name = "i.inner"}
// CHECK-NEXT:    } {loop_name = "i.outer", stage_name = "S"}
func.func @reverse_split_inner(%A: memref<32xi32>, %B: memref<32xi32>) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  affine.for %i = 0 to 32 {
    %a = affine.load %A[%i] : memref<32xi32>
    %b = arith.addi %a, %a : i32
    affine.store %b, %B[%i] : memref<32xi32>
  } {loop_name = "i", stage_name = "S"}
  %o, %n = hcl.split(%s, %li, 4)
  hcl.reverse(%s, %n)
  return
}

// The outer loop of a tile and the inner loop of the other: rows run by
// tiles from the last, columns within a tile from the last.
// CHECK-LABEL: func.func @reverse_tile_inner(
// CHECK:         affine.for %[[IO:arg[0-9]+]] = 0 to 3 {
// CHECK-NEXT:      affine.for %[[JO:arg[0-9]+]] = 0 to 3 {
// CHECK-NEXT:        affine.for %[[II:arg[0-9]+]] = 0 to 4 {
// CHECK-NEXT:          affine.for %[[JI:arg[0-9]+]] = 0 to 3 {
// CHECK-NEXT:            affine.load %{{.*}}[%[[II]] - %[[IO]] * 4 + 8, %[[JO]] * 3 - %[[JI]] + 2]
// CHECK:         } {loop_name = "i.outer", stage_name = "S"}
func.func @reverse_tile_inner(%A: memref<12x9xf32>, %B: memref<12x9xf32>) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  affine.for %i = 0 to 12 {
    affine.for %j = 0 to 9 {
      %a = affine.load %A[%i, %j] : memref<12x9xf32>
      %b = arith.mulf %a, %a : f32
      affine.store %b, %B[%i, %j] : memref<12x9xf32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "S"}
  %io, %ii, %jo, %ji = hcl.tile(%s, %li, %lj, 4, 3)
  hcl.reverse(%s, %io)
  hcl.reverse(%s, %ji)
  return
}

// The rows of a gemm in reverse; its reduction loop stays in order.
// CHECK-LABEL: func.func @reverse_outer_of_gemm(
// CHECK:         affine.for %[[I:arg[0-9]+]] = 0 to 8 {
// CHECK:             affine.load %{{.*}}[-%[[I]] + 7, %{{.*}}]
// CHECK:           } {loop_name = "k", reduction = 1 : i32}
// CHECK:         } {loop_name = "i", stage_name = "gemm"}
func.func @reverse_outer_of_gemm(%A: memref<8x6xf32>, %B: memref<6x5xf32>, %C: memref<8x5xf32>) {
  %s = hcl.create_stage_handle "gemm" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 5 {
      affine.for %k = 0 to 6 {
        %a = affine.load %A[%i, %k] : memref<8x6xf32>
        %b = affine.load %B[%k, %j] : memref<6x5xf32>
        %c = affine.load %C[%i, %j] : memref<8x5xf32>
        %p = arith.mulf %a, %b : f32
        %sum = arith.addf %p, %c : f32
        affine.store %sum, %C[%i, %j] : memref<8x5xf32>
      } {loop_name = "k", reduction = 1 : i32}
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "gemm"}
  hcl.reverse(%s, %li)
  return
}
