// hcl.fuse coalesces consecutive nested loops, listed outermost first, into
// one loop named `<a>_<b>..._fused` whose trip count is the product; the
// original indices come back by floordiv and mod. The fused loop keeps the
// attributes of the loops it replaces and, when it replaces the stage's
// outermost loop, the stage name. Checked by structure and by execution
// against the unscheduled program. Fuse of loops with a lower bound other
// than 0 or a step other than 1 is in fuse-offset-step.mlir; fuse of loops
// an earlier split created is in compose.mlir.
//
// RUN: hcl-opt %s --hcl-apply-customizations | FileCheck %s
// RUN: hcl check %s --entry fuse_two | FileCheck %s --check-prefix=EXEC
// RUN: hcl check %s --entry fuse_three | FileCheck %s --check-prefix=EXEC
// RUN: hcl check %s --entry fuse_after_reorder | FileCheck %s --check-prefix=EXEC
// RUN: hcl check %s --entry fuse_inner_reduction | FileCheck %s --check-prefix=EXEC
// RUN: hcl check %s --entry fuse_two_stages | FileCheck %s --check-prefix=EXEC
// EXEC: hcl check: OK

// CHECK-LABEL: func.func @fuse_two(
// CHECK-SAME:      %[[A:arg[0-9]+]]: memref<6x10xi32>, %[[B:arg[0-9]+]]: memref<6x10xi32>)
// CHECK-NOT:     hcl.
// CHECK:         affine.for %[[F:arg[0-9]+]] = 0 to 60 {
// CHECK-NEXT:      affine.load %[[A]][%[[F]] floordiv 10, %[[F]] mod 10]
// CHECK-NEXT:      arith.addi
// CHECK-NEXT:      affine.store %{{.*}}, %[[B]][%[[F]] floordiv 10, %[[F]] mod 10]
// CHECK-NEXT:    } {loop_name = "i_j_fused", pipeline_ii = 1 : i32, stage_name = "s"}
// CHECK-NOT:     hcl.
// CHECK:         return
func.func @fuse_two(%A: memref<6x10xi32>, %B: memref<6x10xi32>) {
  %s = hcl.create_stage_handle "s" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  %c7 = arith.constant 7 : i32
  affine.for %i = 0 to 6 {
    affine.for %j = 0 to 10 {
      %a = affine.load %A[%i, %j] : memref<6x10xi32>
      %b = arith.addi %a, %c7 : i32
      affine.store %b, %B[%i, %j] : memref<6x10xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "s"}
  %f = hcl.fuse(%s, %li, %lj)
  hcl.pipeline(%s, %f)
  return
}

// CHECK-LABEL: func.func @fuse_three(
// CHECK-NOT:     hcl.
// CHECK:         affine.for %[[F:arg[0-9]+]] = 0 to 120 {
// CHECK-NEXT:      affine.load %{{.*}}[(%[[F]] floordiv 6) floordiv 5, (%[[F]] floordiv 6) mod 5, %[[F]] mod 6]
// CHECK-NEXT:      arith.mulf
// CHECK-NEXT:      affine.store %{{.*}}, %{{.*}}[(%[[F]] floordiv 6) floordiv 5, (%[[F]] floordiv 6) mod 5, %[[F]] mod 6]
// CHECK-NEXT:    } {loop_name = "i_j_k_fused", stage_name = "s"}
// CHECK-NOT:     hcl.
// CHECK:         return
func.func @fuse_three(%A: memref<4x5x6xf32>, %B: memref<4x5x6xf32>) {
  %s = hcl.create_stage_handle "s" : !hcl.StageHandle
  %li = hcl.create_loop_handle %s, "i" : !hcl.LoopHandle
  %lj = hcl.create_loop_handle %s, "j" : !hcl.LoopHandle
  %lk = hcl.create_loop_handle %s, "k" : !hcl.LoopHandle
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 5 {
      affine.for %k = 0 to 6 {
        %a = affine.load %A[%i, %j, %k] : memref<4x5x6xf32>
        %b = arith.mulf %a, %a : f32
        affine.store %b, %B[%i, %j, %k] : memref<4x5x6xf32>
      } {loop_name = "k"}
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "s"}
  %f = hcl.fuse(%s, %li, %lj, %lk)
  return
}

// gemm reordered to (i, k, j), then (i, k) fused: the fused loop carries k's
// `reduction` and the stage name; j, still a loop of its own, is pipelined.
// CHECK-LABEL: func.func @fuse_after_reorder(
// CHECK-SAME:      %[[A:arg[0-9]+]]: memref<30x16xf32>, %[[B:arg[0-9]+]]: memref<16x24xf32>, %[[C:arg[0-9]+]]: memref<30x24xf32>)
// CHECK-NOT:     hcl.
// CHECK:         affine.for %[[F:arg[0-9]+]] = 0 to 480 {
// CHECK-NEXT:      affine.for %[[J:arg[0-9]+]] = 0 to 24 {
// CHECK-NEXT:        affine.load %[[A]][%[[F]] floordiv 16, %[[F]] mod 16]
// CHECK-NEXT:        affine.load %[[B]][%[[F]] mod 16, %[[J]]]
// CHECK-NEXT:        affine.load %[[C]][%[[F]] floordiv 16, %[[J]]]
// CHECK:             affine.store %{{.*}}, %[[C]][%[[F]] floordiv 16, %[[J]]]
// CHECK-NEXT:      } {loop_name = "j", pipeline_ii = 1 : i32}
// CHECK-NEXT:    } {loop_name = "i_k_fused", reduction = 1 : i32, stage_name = "s"}
// CHECK-NOT:     hcl.
// CHECK:         return
func.func @fuse_after_reorder(%A: memref<30x16xf32>, %B: memref<16x24xf32>, %C: memref<30x24xf32>) {
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
  hcl.pipeline(%s, %lj)
  return
}

// The inner two loops of an integer gemm, through an !hcl.OpHandle: `i`
// keeps the stage name, the fused loop keeps `reduction` and is unrolled
// through its handle.
// CHECK-LABEL: func.func @fuse_inner_reduction(
// CHECK-NOT:     hcl.
// CHECK:         affine.for %[[I:arg[0-9]+]] = 0 to 8 {
// CHECK-NEXT:      affine.for %[[F:arg[0-9]+]] = 0 to 30 {
// CHECK-NEXT:        affine.load %{{.*}}[%[[I]], %[[F]] mod 6]
// CHECK-NEXT:        affine.load %{{.*}}[%[[F]] mod 6, %[[F]] floordiv 6]
// CHECK:           } {loop_name = "j_k_fused", reduction = 1 : i32, unroll = 5 : i32}
// CHECK-NEXT:    } {loop_name = "i", stage_name = "gemm"}
// CHECK-NOT:     hcl.
// CHECK:         return
func.func @fuse_inner_reduction(%A: memref<8x6xi32>, %B: memref<6x5xi32>, %C: memref<8x5xi32>) {
  %s = hcl.create_op_handle "gemm" : !hcl.OpHandle
  %lj = hcl.create_loop_handle %s, "j" : !hcl.LoopHandle
  %lk = hcl.create_loop_handle %s, "k" : !hcl.LoopHandle
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 5 {
      affine.for %k = 0 to 6 {
        %a = affine.load %A[%i, %k] : memref<8x6xi32>
        %b = affine.load %B[%k, %j] : memref<6x5xi32>
        %c = affine.load %C[%i, %j] : memref<8x5xi32>
        %p = arith.muli %a, %b : i32
        %sum = arith.addi %p, %c : i32
        affine.store %sum, %C[%i, %j] : memref<8x5xi32>
      } {loop_name = "k", reduction = 1 : i32}
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "gemm"}
  %f = hcl.fuse(%s, %lj, %lk)
  hcl.unroll(%s, %f, 5)
  return
}

// Two stages, both fused; the handles of the second stage are created with
// it, so the same loop names do not collide.
// CHECK-LABEL: func.func @fuse_two_stages(
// CHECK-NOT:     hcl.
// CHECK:         affine.for %{{.*}} = 0 to 24 {
// CHECK:         } {loop_name = "i_j_fused", stage_name = "B"}
// CHECK-NEXT:    affine.for %{{.*}} = 0 to 24 {
// CHECK:         } {loop_name = "i_j_fused", parallel, stage_name = "C"}
// CHECK-NOT:     hcl.
// CHECK:         return
func.func @fuse_two_stages(%A: memref<4x6xi32>, %B: memref<4x6xi32>, %C: memref<4x6xi32>) {
  %sB = hcl.create_stage_handle "B" : !hcl.StageHandle
  %sC = hcl.create_stage_handle "C" : !hcl.StageHandle
  %lBi = hcl.create_loop_handle %sB, "i" : !hcl.LoopHandle
  %lBj = hcl.create_loop_handle %sB, "j" : !hcl.LoopHandle
  %lCi = hcl.create_loop_handle %sC, "i" : !hcl.LoopHandle
  %lCj = hcl.create_loop_handle %sC, "j" : !hcl.LoopHandle
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 6 {
      %a = affine.load %A[%i, %j] : memref<4x6xi32>
      %b = arith.muli %a, %a : i32
      affine.store %b, %B[%i, %j] : memref<4x6xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "B"}
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 6 {
      %b = affine.load %B[%i, %j] : memref<4x6xi32>
      %a = affine.load %A[%i, %j] : memref<4x6xi32>
      %c = arith.subi %b, %a : i32
      affine.store %c, %C[%i, %j] : memref<4x6xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "C"}
  %fB = hcl.fuse(%sB, %lBi, %lBj)
  %fC = hcl.fuse(%sC, %lCi, %lCj)
  hcl.parallel(%sC, %fC)
  return
}
