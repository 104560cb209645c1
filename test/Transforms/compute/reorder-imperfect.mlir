// reorder on nests that are not perfect: the loops between the reordered
// ones are distributed first (`i.pre`, `i.post`) when that is legal, and the
// result is checked by execution.
// RUN: hcl-opt %s --hcl-apply-customizations | FileCheck %s
// RUN: hcl check %s --entry gemm_init | FileCheck %s --check-prefix=EXEC
// RUN: hcl check %s --entry init_and_finish | FileCheck %s --check-prefix=EXEC
// RUN: hcl check %s --entry buffer_then_reorder | FileCheck %s --check-prefix=EXEC
// RUN: hcl check %s --entry row_sums | FileCheck %s --check-prefix=EXEC
// RUN: hcl check %s --entry reorder_outer_listed | FileCheck %s --check-prefix=EXEC
// RUN: hcl check %s --entry reorder_r_outermost | FileCheck %s --check-prefix=EXEC
// EXEC: hcl check: OK

// CHECK-LABEL: func.func @gemm_init(
// CHECK: affine.for %[[I0:.*]] = 0 to 6 {
// CHECK-NEXT: affine.for %{{.*}} = 0 to 5 {
// CHECK: } {loop_name = "j0"}
// CHECK-NEXT: } {loop_name = "i.pre"}
// CHECK-NEXT: affine.for %{{.*}} = 0 to 4 {
// CHECK-NEXT: affine.for %{{.*}} = 0 to 5 {
// CHECK-NEXT: affine.for %{{.*}} = 0 to 6 {
// CHECK: } {loop_name = "i"}
// CHECK-NEXT: } {loop_name = "j"}
// CHECK-NEXT: } {loop_name = "k", reduction = 1 : i32, stage_name = "s"}
func.func @gemm_init(%A: memref<6x4xf32>, %B: memref<4x5xf32>, %C: memref<6x5xf32>) {
  %s = hcl.create_stage_handle "s" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %lk = hcl.create_loop_handle "k" : !hcl.LoopHandle
  affine.for %i = 0 to 6 {
    %zero = arith.constant 0.0 : f32
    affine.for %j0 = 0 to 5 {
      affine.store %zero, %C[%i, %j0] : memref<6x5xf32>
    } {loop_name = "j0"}
    affine.for %j = 0 to 5 {
      affine.for %k = 0 to 4 {
        %a = affine.load %A[%i, %k] : memref<6x4xf32>
        %b = affine.load %B[%k, %j] : memref<4x5xf32>
        %c = affine.load %C[%i, %j] : memref<6x5xf32>
        %p = arith.mulf %a, %b : f32
        %t = arith.addf %c, %p : f32
        affine.store %t, %C[%i, %j] : memref<6x5xf32>
      } {loop_name = "k", reduction = 1 : i32}
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "s"}
  hcl.reorder(%s, %lk, %li)
  return
}

// Parts before and after the band loop, at two levels.
// CHECK-LABEL: func.func @init_and_finish(
// CHECK: } {loop_name = "i.pre"}
// CHECK: affine.for
// CHECK: } {loop_name = "i"}
// CHECK: } {loop_name = "j", stage_name = "s"}
// CHECK: } {loop_name = "i.post"}
func.func @init_and_finish(%A: memref<8x6xi32>, %R: memref<8xi32>, %S: memref<8xi32>) {
  %s = hcl.create_stage_handle "s" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  affine.for %i = 0 to 8 {
    %r = affine.load %R[%i] : memref<8xi32>
    %r2 = arith.addi %r, %r : i32
    affine.store %r2, %R[%i] : memref<8xi32>
    affine.for %j = 0 to 6 {
      %a = affine.load %A[%i, %j] : memref<8x6xi32>
      %b = arith.muli %a, %a : i32
      affine.store %b, %A[%i, %j] : memref<8x6xi32>
    } {loop_name = "j"}
    %x = affine.load %S[%i] : memref<8xi32>
    %y = affine.load %R[%i] : memref<8xi32>
    %z = arith.subi %x, %y : i32
    affine.store %z, %S[%i] : memref<8xi32>
  } {loop_name = "i", stage_name = "s"}
  hcl.reorder(%s, %lj, %li)
  return
}

// buffer_at makes the band below the axis imperfect around it; reorder of
// the reduction loop inside is the seed's interleaved accumulation in the
// other order (buffer first, then reorder).
// CHECK-LABEL: func.func @buffer_then_reorder(
// CHECK: } {loop_name = "j", pipeline_ii = 1 : i32}
// CHECK-NEXT: } {loop_name = "k", reduction = 1 : i32}
func.func @buffer_then_reorder(%A: memref<6x4xi32>, %B: memref<4x5xi32>, %C: memref<6x5xi32>) {
  %s = hcl.create_stage_handle "s" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  %lk = hcl.create_loop_handle "k" : !hcl.LoopHandle
  affine.for %i = 0 to 6 {
    affine.for %j = 0 to 5 {
      affine.for %k = 0 to 4 {
        %a = affine.load %A[%i, %k] : memref<6x4xi32>
        %b = affine.load %B[%k, %j] : memref<4x5xi32>
        %c = affine.load %C[%i, %j] : memref<6x5xi32>
        %p = arith.muli %a, %b : i32
        %t = arith.addi %p, %c : i32
        affine.store %t, %C[%i, %j] : memref<6x5xi32>
      } {loop_name = "k", reduction = 1 : i32}
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "s"}
  %buf = hcl.buffer_at(%s, %C : memref<6x5xi32>, %li) -> memref<5xi32>
  hcl.reorder(%s, %lk, %lj)
  hcl.pipeline(%s, %lj, 1)
  return
}

// A store between i and j (the row sum's initialization) is distributed out;
// the reduction loop j then runs outermost.
// CHECK-LABEL: func.func @row_sums(
// CHECK: } {loop_name = "i.pre"}
// CHECK: } {loop_name = "i"}
// CHECK-NEXT: } {loop_name = "j", reduction = 1 : i32, stage_name = "S"}
func.func @row_sums(%A: memref<10x10xi32>, %B: memref<10xi32>) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  %c0 = arith.constant 0 : i32
  affine.for %i = 0 to 10 {
    affine.store %c0, %B[%i] : memref<10xi32>
    affine.for %j = 0 to 10 {
      %a = affine.load %A[%i, %j] : memref<10x10xi32>
      %b = affine.load %B[%i] : memref<10xi32>
      %c = arith.addi %a, %b : i32
      affine.store %c, %B[%i] : memref<10xi32>
    } {loop_name = "j", reduction = 1 : i32}
  } {loop_name = "i", stage_name = "S"}
  hcl.reorder(%s, %lj, %li)
  return
}

// Found by the random schedule test: the loops are distributed innermost
// first, so the initialization distributed out of j is distributed out of i
// too and stays before the accumulation, whichever loops move.
// CHECK-LABEL: func.func @reorder_outer_listed(
// CHECK: } {loop_name = "j.pre"}
// CHECK-NEXT: } {loop_name = "i.pre"}
// CHECK-LABEL: func.func @reorder_r_outermost(
// CHECK: } {loop_name = "j.pre"}
// CHECK-NEXT: } {loop_name = "i.pre"}
// CHECK: } {loop_name = "r", reduction = 1 : i32, stage_name = "s2"}
func.func @reorder_outer_listed(%A: memref<2x3x2xi32>) -> memref<2x3xi32> {
  %s = hcl.create_stage_handle "s" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  %lr = hcl.create_loop_handle "r" : !hcl.LoopHandle
  %zero = arith.constant 0 : i32
  %C = memref.alloc() {name = "C"} : memref<2x3xi32>
  affine.for %i = 0 to 2 {
    affine.for %j = 0 to 3 {
      affine.store %zero, %C[%i, %j] : memref<2x3xi32>
      affine.for %r = 0 to 2 {
        %a = affine.load %A[%i, %j, %r] : memref<2x3x2xi32>
        %c = affine.load %C[%i, %j] : memref<2x3xi32>
        %t = arith.addi %a, %c : i32
        affine.store %t, %C[%i, %j] : memref<2x3xi32>
      } {loop_name = "r", reduction = 1 : i32}
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "s"}
  hcl.reorder(%s, %li, %lr, %lj)
  return %C : memref<2x3xi32>
}

func.func @reorder_r_outermost(%A: memref<2x3x2xi32>) -> memref<2x3xi32> {
  %s = hcl.create_stage_handle "s2" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %lr = hcl.create_loop_handle "r" : !hcl.LoopHandle
  %zero = arith.constant 0 : i32
  %C = memref.alloc() {name = "C"} : memref<2x3xi32>
  affine.for %i = 0 to 2 {
    affine.for %j = 0 to 3 {
      affine.store %zero, %C[%i, %j] : memref<2x3xi32>
      affine.for %r = 0 to 2 {
        %a = affine.load %A[%i, %j, %r] : memref<2x3x2xi32>
        %c = affine.load %C[%i, %j] : memref<2x3xi32>
        %t = arith.addi %a, %c : i32
        affine.store %t, %C[%i, %j] : memref<2x3xi32>
      } {loop_name = "r", reduction = 1 : i32}
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "s2"}
  hcl.reorder(%s, %lr, %li)
  return %C : memref<2x3xi32>
}
