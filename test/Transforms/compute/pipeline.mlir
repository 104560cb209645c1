// hcl.pipeline marks a loop with `pipeline_ii = II : i32` (II defaults to 1)
// and changes nothing else: loop order, bounds, names and other attributes
// stay. Checked by structure and by execution against the unscheduled
// program.
//
// RUN: hcl-opt %s --hcl-apply-customizations | FileCheck %s
// RUN: hcl check %s --entry pipeline_gemm_f32 | FileCheck %s --check-prefix=EXEC
// RUN: hcl check %s --entry pipeline_reduction_i32 | FileCheck %s --check-prefix=EXEC
// RUN: hcl check %s --entry pipeline_outermost | FileCheck %s --check-prefix=EXEC
// RUN: hcl check %s --entry pipeline_split_inner | FileCheck %s --check-prefix=EXEC
// RUN: hcl check %s --entry pipeline_two_stages | FileCheck %s --check-prefix=EXEC
// EXEC: hcl check: OK

// II omitted: 1.
// CHECK-LABEL: func.func @pipeline_gemm_f32(
// CHECK-NOT:     hcl.
// CHECK:         affine.for %{{.*}} = 0 to 12 {
// CHECK-NEXT:      affine.for %{{.*}} = 0 to 10 {
// CHECK-NEXT:        affine.for %{{.*}} = 0 to 16 {
// CHECK:             } {loop_name = "k", reduction = 1 : i32}
// CHECK-NEXT:      } {loop_name = "j", pipeline_ii = 1 : i32}
// CHECK-NEXT:    } {loop_name = "i", stage_name = "gemm"}
// CHECK-NOT:     hcl.
// CHECK:         return
func.func @pipeline_gemm_f32(%A: memref<12x16xf32>, %B: memref<16x10xf32>, %C: memref<12x10xf32>) {
  %s = hcl.create_stage_handle "gemm" : !hcl.StageHandle
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
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
  hcl.pipeline(%s, %lj)
  return
}

// An explicit II on the reduction loop, through an !hcl.OpHandle and a loop
// handle created with its stage: `reduction` stays.
// CHECK-LABEL: func.func @pipeline_reduction_i32(
// CHECK-NOT:     hcl.
// CHECK:         affine.for %{{.*}} = 0 to 12 {
// CHECK-NEXT:      affine.for %{{.*}} = 0 to 10 {
// CHECK-NEXT:        affine.for %{{.*}} = 0 to 16 {
// CHECK:             } {loop_name = "k", pipeline_ii = 3 : i32, reduction = 1 : i32}
// CHECK-NEXT:      } {loop_name = "j"}
// CHECK-NEXT:    } {loop_name = "i", stage_name = "gemm"}
// CHECK-NOT:     hcl.
// CHECK:         return
func.func @pipeline_reduction_i32(%A: memref<12x16xi32>, %B: memref<16x10xi32>, %C: memref<12x10xi32>) {
  %s = hcl.create_op_handle "gemm" : !hcl.OpHandle
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
  hcl.pipeline(%s, %lk, 3)
  return
}

// The stage's outermost loop keeps its stage name next to the II.
// CHECK-LABEL: func.func @pipeline_outermost(
// CHECK-NOT:     hcl.
// CHECK:         affine.for %{{.*}} = 0 to 20 {
// CHECK:         } {loop_name = "i", pipeline_ii = 2 : i32, stage_name = "S"}
// CHECK-NOT:     hcl.
// CHECK:         return
func.func @pipeline_outermost(%A: memref<20xi32>) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %c5 = arith.constant 5 : i32
  affine.for %i = 0 to 20 {
    %a = affine.load %A[%i] : memref<20xi32>
    %b = arith.muli %a, %c5 : i32
    affine.store %b, %A[%i] : memref<20xi32>
  } {loop_name = "i", stage_name = "S"}
  hcl.pipeline(%s, %li, 2)
  return
}

// The inner handle of a split (the factor 4 does not divide 30).
// CHECK-LABEL: func.func @pipeline_split_inner(
// CHECK-NOT:     hcl.
// CHECK:         affine.for %{{.*}} = 0 to 8 {
// CHECK-NEXT:      affine.for %{{.*}} = 0 to min #{{.*}}(%{{.*}}) {
// CHECK:           } {loop_name = "i.inner", pipeline_ii = 1 : i32}
// CHECK-NEXT:    } {loop_name = "i.outer", stage_name = "S"}
// CHECK-NOT:     hcl.
// CHECK:         return
func.func @pipeline_split_inner(%A: memref<30xf32>, %B: memref<30xf32>) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  affine.for %i = 0 to 30 {
    %a = affine.load %A[%i] : memref<30xf32>
    %b = arith.mulf %a, %a : f32
    affine.store %b, %B[%i] : memref<30xf32>
  } {loop_name = "i", stage_name = "S"}
  %o, %n = hcl.split(%s, %li, 4)
  hcl.pipeline(%s, %n)
  return
}

// Two stages with the same loop names, each pipelined at its own loop.
// CHECK-LABEL: func.func @pipeline_two_stages(
// CHECK-NOT:     hcl.
// CHECK:         affine.for %{{.*}} = 0 to 6 {
// CHECK-NEXT:      affine.for %{{.*}} = 0 to 8 {
// CHECK:           } {loop_name = "j", pipeline_ii = 1 : i32}
// CHECK-NEXT:    } {loop_name = "i", stage_name = "B"}
// CHECK-NEXT:    affine.for %{{.*}} = 0 to 6 {
// CHECK-NEXT:      affine.for %{{.*}} = 0 to 8 {
// CHECK:           } {loop_name = "j"}
// CHECK-NEXT:    } {loop_name = "i", pipeline_ii = 4 : i32, stage_name = "C"}
// CHECK-NOT:     hcl.
// CHECK:         return
func.func @pipeline_two_stages(%A: memref<6x8xf32>, %B: memref<6x8xf32>, %C: memref<6x8xf32>) {
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
  hcl.pipeline(%sB, %lBj)
  hcl.pipeline(%sC, %lCi, 4)
  return
}
