// What each compute and memory primitive leaves in the HLS C++: loop labels
// of split / tile / fuse / reorder, the write buffer of buffer_at with its
// init and write-back loops, the reuse buffers of reuse_at, compute_at's
// copied loops. Every function also runs through `hcl check --hls`.
// RUN: hcl-opt %s --hcl-apply-customizations | hcl-translate --emit-hls-cpp | FileCheck %s
// RUN: hcl check --hls %s --entry tiled | FileCheck %s --check-prefix=EXEC
// RUN: hcl check --hls %s --entry acc | FileCheck %s --check-prefix=EXEC
// RUN: hcl check --hls %s --entry chain | FileCheck %s --check-prefix=EXEC
// EXEC: hcl check --hls: OK

// CHECK-LABEL: void tiled(int32_t arg0[10][12]) {
// CHECK: l_i_outer: for (int i_outer = 0; i_outer < 2; i_outer++) {
// CHECK-NEXT: l_j_outer: for (int j_outer = 0; j_outer < 3; j_outer++) {
// CHECK-NEXT: l_i_inner_j_inner_fused: for
// CHECK-NEXT: #pragma HLS pipeline II=1
func.func @tiled(%A: memref<10x12xi32>) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  affine.for %i = 0 to 10 {
    affine.for %j = 0 to 12 {
      %a = affine.load %A[%i, %j] : memref<10x12xi32>
      %b = arith.muli %a, %a : i32
      affine.store %b, %A[%i, %j] : memref<10x12xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "S"}
  %io, %ii, %jo, %ji = hcl.tile(%s, %li, %lj, 5, 4)
  %f = hcl.fuse(%s, %ii, %ji)
  hcl.pipeline(%s, %f, 1)
  return
}

// gemm+acc: reorder, buffer_at, pipeline. The buffer is a local array of
// the function, declared once before the loops (issue 16).
// CHECK-LABEL: void acc(float arg0[6][4], float arg1[4][5], float arg2[6][5]) {
// CHECK: float buf[5];
// CHECK-NEXT: l_i: for (int i = 0; i < 6; i++) {
// CHECK-NEXT: l_j_init: for (int j_init = 0; j_init < 5; j_init++) {
// CHECK-NEXT: #pragma HLS pipeline II=1
// CHECK: l_k: for (int k = 0; k < 4; k++) {
// CHECK-NEXT: l_j: for (int j = 0; j < 5; j++) {
// CHECK-NEXT: #pragma HLS pipeline II=1
// CHECK: buf[j] = v_5;
// CHECK: l_j_back: for (int j_back = 0; j_back < 5; j_back++) {
func.func @acc(%A: memref<6x4xf32>, %B: memref<4x5xf32>, %C: memref<6x5xf32>) {
  %s = hcl.create_stage_handle "s" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  %lk = hcl.create_loop_handle "k" : !hcl.LoopHandle
  affine.for %i = 0 to 6 {
    affine.for %j = 0 to 5 {
      affine.for %k = 0 to 4 {
        %a = affine.load %A[%i, %k] : memref<6x4xf32>
        %b = affine.load %B[%k, %j] : memref<4x5xf32>
        %c = affine.load %C[%i, %j] : memref<6x5xf32>
        %p = arith.mulf %a, %b : f32
        %t = arith.addf %p, %c : f32
        affine.store %t, %C[%i, %j] : memref<6x5xf32>
      } {loop_name = "k", reduction = 1 : i32}
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "s"}
  hcl.reorder(%s, %lk, %lj)
  %buf = hcl.buffer_at(%s, %C : memref<6x5xf32>, %li) -> memref<5xf32>
  hcl.pipeline(%s, %lj, 1)
  return
}

// compute_at and reuse_at on a two-stage chain, with the line buffer
// partitioned.
// CHECK-LABEL: void chain(int32_t arg0[10][10], int32_t result0[8][10]) {
// CHECK: int32_t buf[3][10];
// CHECK-NEXT: #pragma HLS array_partition variable=buf complete dim=1
// CHECK: l_i: for (int i = 0; i < 10; i++) {
func.func @chain(%A: memref<10x10xi32>) -> memref<8x10xi32> {
  %sC = hcl.create_stage_handle "C" : !hcl.StageHandle
  %li = hcl.create_loop_handle %sC, "i" : !hcl.LoopHandle
  %C = memref.alloc() {name = "C"} : memref<8x10xi32>
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 10 {
      %a = affine.load %A[%i, %j] : memref<10x10xi32>
      %b = affine.load %A[%i + 1, %j] : memref<10x10xi32>
      %c = affine.load %A[%i + 2, %j] : memref<10x10xi32>
      %s1 = arith.addi %a, %b : i32
      %s2 = arith.addi %s1, %c : i32
      affine.store %s2, %C[%i, %j] : memref<8x10xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "C"}
  %lb = hcl.reuse_at(%sC, %A : memref<10x10xi32>, %li) -> memref<*xi32>
  hcl.partition(%lb : memref<*xi32>, Complete, 1)
  return %C : memref<8x10xi32>
}
