// hcl.parallel marks a loop that carries no dependence with the unit
// attribute `parallel`; other attributes stay. (A loop that carries a
// dependence is an error: errors.mlir.) Checked by structure and by
// execution against the unscheduled program.
//
// RUN: hcl-opt %s --hcl-apply-customizations | FileCheck %s
// RUN: hcl check %s --entry parallel_gemm_f32 | FileCheck %s --check-prefix=EXEC
// RUN: hcl check %s --entry parallel_gemm_i32 | FileCheck %s --check-prefix=EXEC
// RUN: hcl check %s --entry parallel_split_outer | FileCheck %s --check-prefix=EXEC
// RUN: hcl check %s --entry parallel_fused | FileCheck %s --check-prefix=EXEC
// RUN: hcl check %s --entry parallel_two_stages | FileCheck %s --check-prefix=EXEC
// EXEC: hcl check: OK

// `i` of a gemm: every iteration writes its own row of C.
// CHECK-LABEL: func.func @parallel_gemm_f32(
// CHECK-NOT:     hcl.
// CHECK:         affine.for %{{.*}} = 0 to 12 {
// CHECK-NEXT:      affine.for %{{.*}} = 0 to 10 {
// CHECK-NEXT:        affine.for %{{.*}} = 0 to 16 {
// CHECK:             } {loop_name = "k", reduction = 1 : i32}
// CHECK-NEXT:      } {loop_name = "j"}
// CHECK-NEXT:    } {loop_name = "i", parallel, stage_name = "gemm"}
// CHECK-NOT:     hcl.
// CHECK:         return
func.func @parallel_gemm_f32(%A: memref<12x16xf32>, %B: memref<16x10xf32>, %C: memref<12x10xf32>) {
  %s = hcl.create_stage_handle "gemm" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  affine.for %i = 0 to 12 {
    affine.for %j = 0 to 10 {
      affine.for %k = 0 to 16 {
        %a = affine.load %A[%i, %k] : memref<12x16xf32>
        %b = affine.load %B[%k, %j] : memref<16x10xf32>
        %c = affine.load %C[%i, %j] : memref<12x10xf32>
        %p = arith.mulf %a, %b : f32
        %sum = arith.addf %p, %c : f32
        affine.store %sum, %C[%i, %j] : memref<12x10xf32>
      } {loop_name = "k", reduction = 1 : i32}
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "gemm"}
  hcl.parallel(%s, %li)
  return
}

// `j` of an integer gemm, through an !hcl.OpHandle and a loop handle created
// with its stage, next to a pipelined reduction loop.
// CHECK-LABEL: func.func @parallel_gemm_i32(
// CHECK-NOT:     hcl.
// CHECK:         affine.for %{{.*}} = 0 to 12 {
// CHECK-NEXT:      affine.for %{{.*}} = 0 to 10 {
// CHECK-NEXT:        affine.for %{{.*}} = 0 to 16 {
// CHECK:             } {loop_name = "k", pipeline_ii = 1 : i32, reduction = 1 : i32}
// CHECK-NEXT:      } {loop_name = "j", parallel}
// CHECK-NEXT:    } {loop_name = "i", stage_name = "gemm"}
// CHECK-NOT:     hcl.
// CHECK:         return
func.func @parallel_gemm_i32(%A: memref<12x16xi32>, %B: memref<16x10xi32>, %C: memref<12x10xi32>) {
  %s = hcl.create_op_handle "gemm" : !hcl.OpHandle
  %lj = hcl.create_loop_handle %s, "j" : !hcl.LoopHandle
  %lk = hcl.create_loop_handle %s, "k" : !hcl.LoopHandle
  affine.for %i = 0 to 12 {
    affine.for %j = 0 to 10 {
      affine.for %k = 0 to 16 {
        %a = affine.load %A[%i, %k] : memref<12x16xi32>
        %b = affine.load %B[%k, %j] : memref<16x10xi32>
        %c = affine.load %C[%i, %j] : memref<12x10xi32>
        %p = arith.muli %a, %b : i32
        %sum = arith.addi %p, %c : i32
        affine.store %sum, %C[%i, %j] : memref<12x10xi32>
      } {loop_name = "k", reduction = 1 : i32}
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "gemm"}
  hcl.parallel(%s, %lj)
  hcl.pipeline(%s, %lk)
  return
}

// The outer handle of a split with a tail.
// CHECK-LABEL: func.func @parallel_split_outer(
// CHECK-NOT:     hcl.
// CHECK:         affine.for %{{.*}} = 0 to 4 {
// CHECK-NEXT:      affine.for %{{.*}} = 0 to min #{{.*}}(%{{.*}}) {
// CHECK:           } {loop_name = "i.inner"}
// CHECK-NEXT:    } {loop_name = "i.outer", parallel, stage_name = "S"}
// CHECK-NOT:     hcl.
// CHECK:         return
func.func @parallel_split_outer(%A: memref<30xf32>, %B: memref<30xf32>) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  affine.for %i = 0 to 30 {
    %a = affine.load %A[%i] : memref<30xf32>
    %b = arith.addf %a, %a : f32
    affine.store %b, %B[%i] : memref<30xf32>
  } {loop_name = "i", stage_name = "S"}
  %o, %n = hcl.split(%s, %li, 8)
  hcl.parallel(%s, %o)
  return
}

// The loop a fuse returns.
// CHECK-LABEL: func.func @parallel_fused(
// CHECK-NOT:     hcl.
// CHECK:         affine.for %{{.*}} = 0 to 42 {
// CHECK:         } {loop_name = "i_j_fused", parallel, stage_name = "S"}
// CHECK-NOT:     hcl.
// CHECK:         return
func.func @parallel_fused(%A: memref<6x7xi32>, %B: memref<7x6xi32>) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  affine.for %i = 0 to 6 {
    affine.for %j = 0 to 7 {
      %a = affine.load %A[%i, %j] : memref<6x7xi32>
      affine.store %a, %B[%j, %i] : memref<7x6xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "S"}
  %f = hcl.fuse(%s, %li, %lj)
  hcl.parallel(%s, %f)
  return
}

// Two stages: the consumer reads the producer's output, but within each
// stage the marked loop carries no dependence.
// CHECK-LABEL: func.func @parallel_two_stages(
// CHECK-NOT:     hcl.
// CHECK:         affine.for %{{.*}} = 0 to 6 {
// CHECK-NEXT:      affine.for %{{.*}} = 0 to 8 {
// CHECK:           } {loop_name = "j", parallel}
// CHECK-NEXT:    } {loop_name = "i", stage_name = "B"}
// CHECK-NEXT:    affine.for %{{.*}} = 0 to 6 {
// CHECK-NEXT:      affine.for %{{.*}} = 0 to 8 {
// CHECK:           } {loop_name = "j"}
// CHECK-NEXT:    } {loop_name = "i", parallel, stage_name = "C"}
// CHECK-NOT:     hcl.
// CHECK:         return
func.func @parallel_two_stages(%A: memref<6x8xf32>, %B: memref<6x8xf32>, %C: memref<6x8xf32>) {
  %sB = hcl.create_stage_handle "B" : !hcl.StageHandle
  %sC = hcl.create_stage_handle "C" : !hcl.StageHandle
  %lBj = hcl.create_loop_handle %sB, "j" : !hcl.LoopHandle
  %lCi = hcl.create_loop_handle %sC, "i" : !hcl.LoopHandle
  affine.for %i = 0 to 6 {
    affine.for %j = 0 to 8 {
      %a = affine.load %A[%i, %j] : memref<6x8xf32>
      %b = arith.addf %a, %a : f32
      affine.store %b, %B[%i, %j] : memref<6x8xf32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "B"}
  affine.for %i = 0 to 6 {
    affine.for %j = 0 to 8 {
      %b = affine.load %B[%i, %j] : memref<6x8xf32>
      %c = arith.mulf %b, %b : f32
      affine.store %c, %C[%i, %j] : memref<6x8xf32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "C"}
  hcl.parallel(%sB, %lBj)
  hcl.parallel(%sC, %lCi)
  return
}
