// hcl.reorder gives the listed loops the listed order, outermost first, in
// the positions they occupied together; loops not listed keep their place and
// every loop keeps its attributes. The stage name moves to the new outermost
// loop. Checked by structure and by execution against the unscheduled
// program. Reorder of loops that earlier primitives created is in
// compose.mlir.
//
// RUN: hcl-opt %s --hcl-apply-customizations | FileCheck %s
// RUN: hcl check %s --entry reorder_gemm_kj | FileCheck %s --check-prefix=EXEC
// RUN: hcl check %s --entry reorder_gemm_k_outermost | FileCheck %s --check-prefix=EXEC
// RUN: hcl check %s --entry reorder_three | FileCheck %s --check-prefix=EXEC
// RUN: hcl check %s --entry reorder_ends | FileCheck %s --check-prefix=EXEC
// RUN: hcl check %s --entry reorder_in_order | FileCheck %s --check-prefix=EXEC
// RUN: hcl check %s --entry reorder_two_stages | FileCheck %s --check-prefix=EXEC
// EXEC: hcl check: OK

// gemm with (k, j) swapped: k, the reduction loop, goes outside j and keeps
// `reduction`; each C[i][j] is still summed in k order.
// CHECK-LABEL: func.func @reorder_gemm_kj(
// CHECK-SAME:      %[[A:arg[0-9]+]]: memref<30x16xf32>, %[[B:arg[0-9]+]]: memref<16x24xf32>, %[[C:arg[0-9]+]]: memref<30x24xf32>)
// CHECK-NOT:     hcl.
// CHECK:         affine.for %[[I:arg[0-9]+]] = 0 to 30 {
// CHECK-NEXT:      affine.for %[[K:arg[0-9]+]] = 0 to 16 {
// CHECK-NEXT:        affine.for %[[J:arg[0-9]+]] = 0 to 24 {
// CHECK-NEXT:          affine.load %[[A]][%[[I]], %[[K]]]
// CHECK-NEXT:          affine.load %[[B]][%[[K]], %[[J]]]
// CHECK-NEXT:          affine.load %[[C]][%[[I]], %[[J]]]
// CHECK-NEXT:          arith.mulf
// CHECK-NEXT:          arith.addf
// CHECK-NEXT:          affine.store %{{.*}}, %[[C]][%[[I]], %[[J]]]
// CHECK-NEXT:        } {loop_name = "j", pipeline_ii = 1 : i32}
// CHECK-NEXT:      } {loop_name = "k", reduction = 1 : i32}
// CHECK-NEXT:    } {loop_name = "i", stage_name = "s"}
// CHECK-NOT:     hcl.
// CHECK:         return
func.func @reorder_gemm_kj(%A: memref<30x16xf32>, %B: memref<16x24xf32>, %C: memref<30x24xf32>) {
  %s = hcl.create_stage_handle "s" : !hcl.StageHandle
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
  hcl.pipeline(%s, %lj, 1)
  return
}

// Integer gemm with the reduction loop outermost (k, i, j): the stage name
// moves from `i` to `k`.
// CHECK-LABEL: func.func @reorder_gemm_k_outermost(
// CHECK-NOT:     hcl.
// CHECK:         affine.for %[[K:arg[0-9]+]] = 0 to 16 {
// CHECK-NEXT:      affine.for %[[I:arg[0-9]+]] = 0 to 30 {
// CHECK-NEXT:        affine.for %[[J:arg[0-9]+]] = 0 to 24 {
// CHECK-NEXT:          affine.load %{{.*}}[%[[I]], %[[K]]]
// CHECK-NEXT:          affine.load %{{.*}}[%[[K]], %[[J]]]
// CHECK:             } {loop_name = "j"}
// CHECK-NEXT:      } {loop_name = "i"}
// CHECK-NEXT:    } {loop_name = "k", reduction = 1 : i32, stage_name = "s"}
// CHECK-NOT:     hcl.
// CHECK:         return
func.func @reorder_gemm_k_outermost(%A: memref<30x16xi32>, %B: memref<16x24xi32>, %C: memref<30x24xi32>) {
  %s = hcl.create_stage_handle "s" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  %lk = hcl.create_loop_handle "k" : !hcl.LoopHandle
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
  hcl.reorder(%s, %lk, %li, %lj)
  return
}

// Three loops of a 3-d transpose, with handles created with their stage:
// (i, j, k) -> (k, i, j).
// CHECK-LABEL: func.func @reorder_three(
// CHECK-NOT:     hcl.
// CHECK:         affine.for %[[K:arg[0-9]+]] = 0 to 6 {
// CHECK-NEXT:      affine.for %[[I:arg[0-9]+]] = 0 to 4 {
// CHECK-NEXT:        affine.for %[[J:arg[0-9]+]] = 0 to 5 {
// CHECK-NEXT:          affine.load %{{.*}}[%[[I]], %[[J]], %[[K]]]
// CHECK-NEXT:          affine.store %{{.*}}, %{{.*}}[%[[K]], %[[J]], %[[I]]]
// CHECK-NEXT:        } {loop_name = "j"}
// CHECK-NEXT:      } {loop_name = "i"}
// CHECK-NEXT:    } {loop_name = "k", stage_name = "t"}
// CHECK-NOT:     hcl.
// CHECK:         return
func.func @reorder_three(%A: memref<4x5x6xi32>, %B: memref<6x5x4xi32>) {
  %s = hcl.create_stage_handle "t" : !hcl.StageHandle
  %li = hcl.create_loop_handle %s, "i" : !hcl.LoopHandle
  %lj = hcl.create_loop_handle %s, "j" : !hcl.LoopHandle
  %lk = hcl.create_loop_handle %s, "k" : !hcl.LoopHandle
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 5 {
      affine.for %k = 0 to 6 {
        %a = affine.load %A[%i, %j, %k] : memref<4x5x6xi32>
        affine.store %a, %B[%k, %j, %i] : memref<6x5x4xi32>
      } {loop_name = "k"}
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "t"}
  hcl.reorder(%s, %lk, %li, %lj)
  return
}

// Only the outermost and innermost loops are listed: they swap and `j`, not
// listed, stays in the middle.
// CHECK-LABEL: func.func @reorder_ends(
// CHECK-NOT:     hcl.
// CHECK:         affine.for %[[K:arg[0-9]+]] = 0 to 6 {
// CHECK-NEXT:      affine.for %[[J:arg[0-9]+]] = 0 to 5 {
// CHECK-NEXT:        affine.for %[[I:arg[0-9]+]] = 0 to 4 {
// CHECK-NEXT:          affine.load %{{.*}}[%[[I]], %[[J]], %[[K]]]
// CHECK:             } {loop_name = "i", unroll = 2 : i32}
// CHECK-NEXT:      } {loop_name = "j"}
// CHECK-NEXT:    } {loop_name = "k", stage_name = "t"}
// CHECK-NOT:     hcl.
// CHECK:         return
func.func @reorder_ends(%A: memref<4x5x6xf32>, %B: memref<6x5x4xf32>) {
  %s = hcl.create_op_handle "t" : !hcl.OpHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %lk = hcl.create_loop_handle "k" : !hcl.LoopHandle
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 5 {
      affine.for %k = 0 to 6 {
        %a = affine.load %A[%i, %j, %k] : memref<4x5x6xf32>
        %b = arith.negf %a : f32
        affine.store %b, %B[%k, %j, %i] : memref<6x5x4xf32>
      } {loop_name = "k"}
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "t"}
  hcl.unroll(%s, %li, 2)
  hcl.reorder(%s, %lk, %li)
  return
}

// Loops listed in the order they already have: nothing moves.
// CHECK-LABEL: func.func @reorder_in_order(
// CHECK-NOT:     hcl.
// CHECK:         affine.for %[[I:arg[0-9]+]] = 0 to 7 {
// CHECK-NEXT:      affine.for %[[J:arg[0-9]+]] = 0 to 9 {
// CHECK-NEXT:        affine.load %{{.*}}[%[[I]], %[[J]]]
// CHECK:           } {loop_name = "j"}
// CHECK-NEXT:    } {loop_name = "i", stage_name = "s"}
// CHECK-NOT:     hcl.
// CHECK:         return
func.func @reorder_in_order(%A: memref<7x9xi32>) {
  %s = hcl.create_stage_handle "s" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  affine.for %i = 0 to 7 {
    affine.for %j = 0 to 9 {
      %a = affine.load %A[%i, %j] : memref<7x9xi32>
      %b = arith.addi %a, %a : i32
      affine.store %b, %A[%i, %j] : memref<7x9xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "s"}
  hcl.reorder(%s, %li, %lj)
  return
}

// Two stages with the same loop names: a producer B and a consumer C that
// reads B transposed. Each stage gets its own schedule.
// CHECK-LABEL: func.func @reorder_two_stages(
// CHECK-NOT:     hcl.
// CHECK:         affine.for %[[BJ:arg[0-9]+]] = 0 to 12 {
// CHECK-NEXT:      affine.for %[[BI:arg[0-9]+]] = 0 to 10 {
// CHECK-NEXT:        affine.load %{{.*}}[%[[BI]], %[[BJ]]]
// CHECK:           } {loop_name = "i", pipeline_ii = 1 : i32}
// CHECK-NEXT:    } {loop_name = "j", stage_name = "B"}
// CHECK-NEXT:    affine.for %[[CI:arg[0-9]+]] = 0 to 12 {
// CHECK-NEXT:      affine.for %[[CJ:arg[0-9]+]] = 0 to 10 {
// CHECK-NEXT:        affine.load %{{.*}}[%[[CJ]], %[[CI]]]
// CHECK:           } {loop_name = "j", parallel}
// CHECK-NEXT:    } {loop_name = "i", stage_name = "C", unroll = 3 : i32}
// CHECK-NOT:     hcl.
// CHECK:         return
func.func @reorder_two_stages(%A: memref<10x12xf32>, %B: memref<10x12xf32>, %C: memref<12x10xf32>) {
  %sB = hcl.create_stage_handle "B" : !hcl.StageHandle
  %sC = hcl.create_stage_handle "C" : !hcl.StageHandle
  %lBi = hcl.create_loop_handle %sB, "i" : !hcl.LoopHandle
  %lBj = hcl.create_loop_handle %sB, "j" : !hcl.LoopHandle
  %lCi = hcl.create_loop_handle %sC, "i" : !hcl.LoopHandle
  %lCj = hcl.create_loop_handle %sC, "j" : !hcl.LoopHandle
  %cst = arith.constant 3.0 : f32
  affine.for %i = 0 to 10 {
    affine.for %j = 0 to 12 {
      %a = affine.load %A[%i, %j] : memref<10x12xf32>
      %b = arith.mulf %a, %cst : f32
      affine.store %b, %B[%i, %j] : memref<10x12xf32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "B"}
  affine.for %i = 0 to 12 {
    affine.for %j = 0 to 10 {
      %b = affine.load %B[%j, %i] : memref<10x12xf32>
      %c = arith.addf %b, %cst : f32
      affine.store %c, %C[%i, %j] : memref<12x10xf32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "C"}
  hcl.reorder(%sB, %lBj, %lBi)
  hcl.pipeline(%sB, %lBi)
  hcl.parallel(%sC, %lCj)
  hcl.unroll(%sC, %lCi, 3)
  return
}
