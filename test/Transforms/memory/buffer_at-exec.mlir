// buffer_at computes what the algorithm computes, for any initial C: gemm
// with a row buffer (gemm+buffer), interleaved accumulation (gemm+acc), and a
// buffer at the middle loop of a 3-d update, and a row shifted by the axis
// (C[i, i + j]: the box of 8 columns starting at i, refused before issue 16).
// RUN: hcl check %s --entry gemm_buffer | FileCheck %s
// RUN: hcl check %s --entry gemm_acc | FileCheck %s
// RUN: hcl check %s --entry update3d | FileCheck %s
// RUN: hcl check %s --entry shifted_row | FileCheck %s
// CHECK: hcl check: OK

func.func @gemm_buffer(%A: memref<24x16xf32>, %B: memref<16x20xf32>, %C: memref<24x20xf32>) {
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %s = hcl.create_stage_handle "s" : !hcl.StageHandle
  affine.for %i = 0 to 24 {
    affine.for %j = 0 to 20 {
      affine.for %k = 0 to 16 {
        %a = affine.load %A[%i, %k] : memref<24x16xf32>
        %b = affine.load %B[%k, %j] : memref<16x20xf32>
        %c = affine.load %C[%i, %j] : memref<24x20xf32>
        %p = arith.mulf %a, %b : f32
        %t = arith.addf %p, %c : f32
        affine.store %t, %C[%i, %j] : memref<24x20xf32>
      } {loop_name = "k", reduction = 1 : i32}
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "s"}
  %buf = hcl.buffer_at(%s, %C: memref<24x20xf32>, %li) -> memref<20xf32>
  return
}

func.func @gemm_acc(%A: memref<24x16xi32>, %B: memref<16x20xi32>, %C: memref<24x20xi32>) {
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  %lk = hcl.create_loop_handle "k" : !hcl.LoopHandle
  %s = hcl.create_stage_handle "s" : !hcl.StageHandle
  affine.for %i = 0 to 24 {
    affine.for %j = 0 to 20 {
      affine.for %k = 0 to 16 {
        %a = affine.load %A[%i, %k] : memref<24x16xi32>
        %b = affine.load %B[%k, %j] : memref<16x20xi32>
        %c = affine.load %C[%i, %j] : memref<24x20xi32>
        %p = arith.muli %a, %b : i32
        %t = arith.addi %p, %c : i32
        affine.store %t, %C[%i, %j] : memref<24x20xi32>
      } {loop_name = "k", reduction = 1 : i32}
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "s"}
  hcl.reorder(%s, %lk, %lj)
  %buf = hcl.buffer_at(%s, %C: memref<24x20xi32>, %li) -> memref<20xi32>
  hcl.pipeline(%s, %lj, 1)
  return
}

func.func @update3d(%A: memref<4x6x8xf32>) -> memref<4x6x8xf32> {
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  %s = hcl.create_stage_handle "U" : !hcl.StageHandle
  %one = arith.constant 1.5 : f32
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 6 {
      affine.for %k = 0 to 8 {
        %a = affine.load %A[%i, %j, %k] : memref<4x6x8xf32>
        %m = arith.mulf %a, %one : f32
        affine.store %m, %A[%i, %j, %k] : memref<4x6x8xf32>
      } {loop_name = "k"}
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "U"}
  %buf = hcl.buffer_at(%s, %A: memref<4x6x8xf32>, %lj) -> memref<8xf32>
  return %A : memref<4x6x8xf32>
}

func.func @shifted_row(%A: memref<8x8xf32>, %C: memref<8x16xf32>) {
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %s = hcl.create_stage_handle "s" : !hcl.StageHandle
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %a = affine.load %A[%i, %j] : memref<8x8xf32>
      %c = affine.load %C[%i, %i + %j] : memref<8x16xf32>
      %t = arith.addf %a, %c : f32
      affine.store %t, %C[%i, %i + %j] : memref<8x16xf32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "s"}
  %buf = hcl.buffer_at(%s, %C: memref<8x16xf32>, %li) -> memref<8xf32>
  return
}
