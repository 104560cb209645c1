// hcl.unroll marks a loop with `unroll = N : i32` for the HLS backend; a
// factor that is omitted (or 0) means "fully", stored as 0. The loop itself
// is not unrolled (the CPU path leaves that to LLVM). Checked by structure
// and by execution against the unscheduled program.
//
// RUN: hcl-opt %s --hcl-apply-customizations | FileCheck %s
// RUN: hcl check %s --entry unroll_factor_i32 | FileCheck %s --check-prefix=EXEC
// RUN: hcl check %s --entry unroll_full_f32 | FileCheck %s --check-prefix=EXEC
// RUN: hcl check %s --entry unroll_reduction | FileCheck %s --check-prefix=EXEC
// RUN: hcl check %s --entry unroll_split_inner | FileCheck %s --check-prefix=EXEC
// RUN: hcl check %s --entry unroll_two_stages | FileCheck %s --check-prefix=EXEC
// EXEC: hcl check: OK

// CHECK-LABEL: func.func @unroll_factor_i32(
// CHECK-NOT:     hcl.
// CHECK:         affine.for %[[I:arg[0-9]+]] = 0 to 6 {
// CHECK-NEXT:      affine.for %[[J:arg[0-9]+]] = 0 to 16 {
// CHECK-NEXT:        affine.load %{{.*}}[%[[I]], %[[J]]]
// CHECK:           } {loop_name = "j", unroll = 4 : i32}
// CHECK-NEXT:    } {loop_name = "i", stage_name = "S"}
// CHECK-NOT:     hcl.
// CHECK:         return
func.func @unroll_factor_i32(%A: memref<6x16xi32>, %B: memref<6x16xi32>) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  affine.for %i = 0 to 6 {
    affine.for %j = 0 to 16 {
      %a = affine.load %A[%i, %j] : memref<6x16xi32>
      %b = arith.xori %a, %a : i32
      %c = arith.addi %b, %a : i32
      affine.store %c, %B[%i, %j] : memref<6x16xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "S"}
  hcl.unroll(%s, %lj, 4)
  return
}

// Without a factor and with an explicit 0: both mean fully, `unroll = 0`.
// CHECK-LABEL: func.func @unroll_full_f32(
// CHECK-NOT:     hcl.
// CHECK:         affine.for %{{.*}} = 0 to 6 {
// CHECK-NEXT:      affine.for %{{.*}} = 0 to 16 {
// CHECK:           } {loop_name = "j", unroll = 0 : i32}
// CHECK-NEXT:    } {loop_name = "i", stage_name = "S", unroll = 0 : i32}
// CHECK-NOT:     hcl.
// CHECK:         return
func.func @unroll_full_f32(%A: memref<6x16xf32>, %B: memref<6x16xf32>) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  affine.for %i = 0 to 6 {
    affine.for %j = 0 to 16 {
      %a = affine.load %A[%i, %j] : memref<6x16xf32>
      %b = arith.subf %a, %a : f32
      affine.store %b, %B[%i, %j] : memref<6x16xf32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "S"}
  hcl.unroll(%s, %lj)
  hcl.unroll(%s, %li, 0)
  return
}

// The reduction loop of a gemm, through an !hcl.OpHandle and a loop handle
// created with its stage: `reduction` stays.
// CHECK-LABEL: func.func @unroll_reduction(
// CHECK-NOT:     hcl.
// CHECK:         affine.for %{{.*}} = 0 to 12 {
// CHECK-NEXT:      affine.for %{{.*}} = 0 to 10 {
// CHECK-NEXT:        affine.for %{{.*}} = 0 to 16 {
// CHECK:             } {loop_name = "k", reduction = 1 : i32, unroll = 8 : i32}
// CHECK-NEXT:      } {loop_name = "j"}
// CHECK-NEXT:    } {loop_name = "i", stage_name = "gemm"}
// CHECK-NOT:     hcl.
// CHECK:         return
func.func @unroll_reduction(%A: memref<12x16xf32>, %B: memref<16x10xf32>, %C: memref<12x10xf32>) {
  %s = hcl.create_op_handle "gemm" : !hcl.OpHandle
  %lk = hcl.create_loop_handle %s, "k" : !hcl.LoopHandle
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
  hcl.unroll(%s, %lk, 8)
  return
}

// Split by 4 and unroll the inner loop fully, the usual HLS idiom; the outer
// loop is pipelined.
// CHECK-LABEL: func.func @unroll_split_inner(
// CHECK-NOT:     hcl.
// CHECK:         affine.for %{{.*}} = 0 to 5 {
// CHECK-NEXT:      affine.for %{{.*}} = 0 to 4 {
// CHECK:           } {loop_name = "i.inner", unroll = 0 : i32}
// CHECK-NEXT:    } {loop_name = "i.outer", pipeline_ii = 1 : i32, stage_name = "S"}
// CHECK-NOT:     hcl.
// CHECK:         return
func.func @unroll_split_inner(%A: memref<20xi32>, %B: memref<20xi32>) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  affine.for %i = 0 to 20 {
    %a = affine.load %A[%i] : memref<20xi32>
    %b = arith.muli %a, %a : i32
    affine.store %b, %B[%i] : memref<20xi32>
  } {loop_name = "i", stage_name = "S"}
  %o, %n = hcl.split(%s, %li, 4)
  hcl.unroll(%s, %n)
  hcl.pipeline(%s, %o)
  return
}

// Two stages with the same loop names, each unrolled at its own loop.
// CHECK-LABEL: func.func @unroll_two_stages(
// CHECK-NOT:     hcl.
// CHECK:         affine.for %{{.*}} = 0 to 8 {
// CHECK:         } {loop_name = "i", stage_name = "B", unroll = 2 : i32}
// CHECK-NEXT:    affine.for %{{.*}} = 0 to 8 {
// CHECK:         } {loop_name = "i", stage_name = "C", unroll = 8 : i32}
// CHECK-NOT:     hcl.
// CHECK:         return
func.func @unroll_two_stages(%A: memref<8xi32>, %B: memref<8xi32>, %C: memref<8xi32>) {
  %sB = hcl.create_stage_handle "B" : !hcl.StageHandle
  %sC = hcl.create_stage_handle "C" : !hcl.StageHandle
  %lBi = hcl.create_loop_handle %sB, "i" : !hcl.LoopHandle
  %lCi = hcl.create_loop_handle %sC, "i" : !hcl.LoopHandle
  affine.for %i = 0 to 8 {
    %a = affine.load %A[%i] : memref<8xi32>
    %b = arith.addi %a, %a : i32
    affine.store %b, %B[%i] : memref<8xi32>
  } {loop_name = "i", stage_name = "B"}
  affine.for %i = 0 to 8 {
    %b = affine.load %B[%i] : memref<8xi32>
    %a = affine.load %A[%i] : memref<8xi32>
    %c = arith.muli %b, %a : i32
    affine.store %c, %C[%i] : memref<8xi32>
  } {loop_name = "i", stage_name = "C"}
  hcl.unroll(%sB, %lBi, 2)
  hcl.unroll(%sC, %lCi, 8)
  return
}
