// Primitives applied to loops that an earlier split, tile or fuse created.
// The new loops are perfectly nested once the index arithmetic is folded
// into the accesses, so reorder, tile and fuse must accept them (issue 3:
// "reorder must work ... on nests that an earlier primitive (... split) made
// imperfect, wherever the reordering is legal"). Checked by structure and by
// execution against the unscheduled program.
//
// RUN: hcl-opt %s -split-input-file --hcl-apply-customizations | FileCheck %s
// RUN: hcl check %s --entry reorder_after_split | FileCheck %s --check-prefix=EXEC
// RUN: hcl check %s --entry reorder_inner_after_split | FileCheck %s --check-prefix=EXEC
// RUN: hcl check %s --entry tile_after_split | FileCheck %s --check-prefix=EXEC
// RUN: hcl check %s --entry fuse_after_split | FileCheck %s --check-prefix=EXEC
// RUN: hcl check %s --entry reorder_after_tile | FileCheck %s --check-prefix=EXEC
// RUN: hcl check %s --entry reorder_after_fuse | FileCheck %s --check-prefix=EXEC
// EXEC: hcl check: OK

// gemm: split i by 4 (tail: 30 = 7 * 4 + 2), then move j between the two
// halves: i.outer { j { i.inner { k } } }.
// CHECK-LABEL: func.func @reorder_after_split(
// CHECK-SAME:      %[[A:arg[0-9]+]]: memref<30x16xf32>
// CHECK-NOT:     hcl.
// CHECK:         affine.for %[[IO:arg[0-9]+]] = 0 to 8 {
// CHECK-NEXT:      affine.for %[[J:arg[0-9]+]] = 0 to 24 {
// CHECK-NEXT:        affine.for %[[II:arg[0-9]+]] = 0 to min #{{.*}}(%[[IO]]) {
// CHECK-NEXT:          affine.for %[[K:arg[0-9]+]] = 0 to 16 {
// CHECK-NEXT:            affine.load %[[A]][%[[II]] + %[[IO]] * 4, %[[K]]]
// CHECK:               } {loop_name = "k", reduction = 1 : i32}
// CHECK-NEXT:        } {loop_name = "i.inner"}
// CHECK-NEXT:      } {loop_name = "j", pipeline_ii = 1 : i32}
// CHECK-NEXT:    } {loop_name = "i.outer", stage_name = "s"}
// CHECK-NOT:     hcl.
// CHECK:         return
func.func @reorder_after_split(%A: memref<30x16xf32>, %B: memref<16x24xf32>, %C: memref<30x24xf32>) {
  %s = hcl.create_stage_handle "s" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  affine.for %i = 0 to 30 {
    affine.for %j = 0 to 24 {
      affine.for %k = 0 to 16 {
        %a = affine.load %A[%i, %k] : memref<30x16xf32>
        %b = affine.load %B[%k, %j] : memref<16x24xf32>
        %c = affine.load %C[%i, %j] : memref<30x24xf32>
        %prod = arith.mulf %a, %b : f32
        %sum = arith.addf %prod, %c : f32
        affine.store %sum, %C[%i, %j] : memref<30x24xf32>
      } {loop_name = "k", reduction = 1 : i32}
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "s"}
  %io, %ii = hcl.split(%s, %li, 4)
  hcl.reorder(%s, %io, %lj, %ii)
  hcl.pipeline(%s, %lj)
  return
}

// -----

// Integer gemm: split j by 8 (24 = 3 * 8), then bring j.inner outside i;
// j.outer, not listed, keeps its place.
// CHECK-LABEL: func.func @reorder_inner_after_split(
// CHECK-SAME:      %[[A:arg[0-9]+]]: memref<30x16xi32>, %[[B:arg[0-9]+]]: memref<16x24xi32>
// CHECK-NOT:     hcl.
// CHECK:         affine.for %[[JI:arg[0-9]+]] = 0 to 8 {
// CHECK-NEXT:      affine.for %[[JO:arg[0-9]+]] = 0 to 3 {
// CHECK-NEXT:        affine.for %[[I:arg[0-9]+]] = 0 to 30 {
// CHECK-NEXT:          affine.for %[[K:arg[0-9]+]] = 0 to 16 {
// CHECK-NEXT:            affine.load %[[A]][%[[I]], %[[K]]]
// CHECK-NEXT:            affine.load %[[B]][%[[K]], %[[JI]] + %[[JO]] * 8]
// CHECK:               } {loop_name = "k", reduction = 1 : i32}
// CHECK-NEXT:        } {loop_name = "i"}
// CHECK-NEXT:      } {loop_name = "j.outer"}
// CHECK-NEXT:    } {loop_name = "j.inner", stage_name = "s"}
// CHECK-NOT:     hcl.
// CHECK:         return
func.func @reorder_inner_after_split(%A: memref<30x16xi32>, %B: memref<16x24xi32>, %C: memref<30x24xi32>) {
  %s = hcl.create_stage_handle "s" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  affine.for %i = 0 to 30 {
    affine.for %j = 0 to 24 {
      affine.for %k = 0 to 16 {
        %a = affine.load %A[%i, %k] : memref<30x16xi32>
        %b = affine.load %B[%k, %j] : memref<16x24xi32>
        %c = affine.load %C[%i, %j] : memref<30x24xi32>
        %prod = arith.muli %a, %b : i32
        %sum = arith.addi %prod, %c : i32
        affine.store %sum, %C[%i, %j] : memref<30x24xi32>
      } {loop_name = "k", reduction = 1 : i32}
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "s"}
  %jo, %ji = hcl.split(%s, %lj, 8)
  hcl.reorder(%s, %ji, %li)
  return
}

// -----

// Split i by 8, then tile (i.inner, j) by 4 x 5.
// CHECK-LABEL: func.func @tile_after_split(
// CHECK-NOT:     hcl.
// CHECK:         affine.for %[[IO:arg[0-9]+]] = 0 to 4 {
// CHECK-NEXT:      affine.for %[[IIO:arg[0-9]+]] = 0 to 2 {
// CHECK-NEXT:        affine.for %[[JO:arg[0-9]+]] = 0 to 4 {
// CHECK-NEXT:          affine.for %[[III:arg[0-9]+]] = 0 to 4 {
// CHECK-NEXT:            affine.for %[[JI:arg[0-9]+]] = 0 to 5 {
// CHECK:                 } {loop_name = "j.inner"}
// CHECK-NEXT:          } {loop_name = "i.inner.inner"}
// CHECK-NEXT:        } {loop_name = "j.outer"}
// CHECK-NEXT:      } {loop_name = "i.inner.outer"}
// CHECK-NEXT:    } {loop_name = "i.outer", stage_name = "s"}
// CHECK-NOT:     hcl.
// CHECK:         return
func.func @tile_after_split(%A: memref<32x20xi32>, %B: memref<32x20xi32>) {
  %s = hcl.create_stage_handle "s" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  affine.for %i = 0 to 32 {
    affine.for %j = 0 to 20 {
      %a = affine.load %A[%i, %j] : memref<32x20xi32>
      %b = arith.addi %a, %a : i32
      affine.store %b, %B[%i, %j] : memref<32x20xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "s"}
  %io, %ii = hcl.split(%s, %li, 8)
  %a, %b, %c, %d = hcl.tile(%s, %ii, %lj, 4, 5)
  return
}

// -----

// Split then fuse the two halves back into one loop of 32 iterations.
// CHECK-LABEL: func.func @fuse_after_split(
// CHECK-NOT:     hcl.
// CHECK:         affine.for %{{.*}} = 0 to 32 {
// CHECK:         } {loop_name = "i.outer_i.inner_fused", stage_name = "s"}
// CHECK-NOT:     hcl.
// CHECK:         return
func.func @fuse_after_split(%A: memref<32xf32>, %B: memref<32xf32>) {
  %s = hcl.create_stage_handle "s" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  affine.for %i = 0 to 32 {
    %a = affine.load %A[%i] : memref<32xf32>
    %b = arith.mulf %a, %a : f32
    affine.store %b, %B[%i] : memref<32xf32>
  } {loop_name = "i", stage_name = "s"}
  %io, %ii = hcl.split(%s, %li, 8)
  %f = hcl.fuse(%s, %io, %ii)
  return
}

// -----

// Tile (i, j) by 4 x 5, then swap the two inner loops:
// i.outer { j.outer { j.inner { i.inner } } }.
// CHECK-LABEL: func.func @reorder_after_tile(
// CHECK-NOT:     hcl.
// CHECK:         affine.for %[[IO:arg[0-9]+]] = 0 to 8 {
// CHECK-NEXT:      affine.for %[[JO:arg[0-9]+]] = 0 to 4 {
// CHECK-NEXT:        affine.for %[[JI:arg[0-9]+]] = 0 to 5 {
// CHECK-NEXT:          affine.for %[[II:arg[0-9]+]] = 0 to 4 {
// CHECK:               } {loop_name = "i.inner"}
// CHECK-NEXT:        } {loop_name = "j.inner"}
// CHECK-NEXT:      } {loop_name = "j.outer"}
// CHECK-NEXT:    } {loop_name = "i.outer", stage_name = "s"}
// CHECK-NOT:     hcl.
// CHECK:         return
func.func @reorder_after_tile(%A: memref<32x20xi32>, %B: memref<20x32xi32>) {
  %s = hcl.create_stage_handle "s" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  affine.for %i = 0 to 32 {
    affine.for %j = 0 to 20 {
      %a = affine.load %A[%i, %j] : memref<32x20xi32>
      affine.store %a, %B[%j, %i] : memref<20x32xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "s"}
  %io, %ii, %jo, %ji = hcl.tile(%s, %li, %lj, 4, 5)
  hcl.reorder(%s, %ji, %ii)
  return
}

// -----

// gemm reordered to (i, k, j), (i, k) fused, then j moved outside the fused
// loop; every C[i][j] is still summed in k order.
// CHECK-LABEL: func.func @reorder_after_fuse(
// CHECK-NOT:     hcl.
// CHECK:         affine.for %[[J:arg[0-9]+]] = 0 to 24 {
// CHECK-NEXT:      affine.for %[[F:arg[0-9]+]] = 0 to 480 {
// CHECK:           } {loop_name = "i_k_fused", reduction = 1 : i32}
// CHECK-NEXT:    } {loop_name = "j", stage_name = "s"}
// CHECK-NOT:     hcl.
// CHECK:         return
func.func @reorder_after_fuse(%A: memref<30x16xf32>, %B: memref<16x24xf32>, %C: memref<30x24xf32>) {
  %s = hcl.create_stage_handle "s" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  %lk = hcl.create_loop_handle "k" : !hcl.LoopHandle
  affine.for %i = 0 to 30 {
    affine.for %j = 0 to 24 {
      affine.for %k = 0 to 16 {
        %a = affine.load %A[%i, %k] : memref<30x16xf32>
        %b = affine.load %B[%k, %j] : memref<16x24xf32>
        %c = affine.load %C[%i, %j] : memref<30x24xf32>
        %prod = arith.mulf %a, %b : f32
        %sum = arith.addf %prod, %c : f32
        affine.store %sum, %C[%i, %j] : memref<30x24xf32>
      } {loop_name = "k", reduction = 1 : i32}
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "s"}
  hcl.reorder(%s, %lk, %lj)
  %f = hcl.fuse(%s, %li, %lk)
  hcl.reorder(%s, %lj, %f)
  return
}
