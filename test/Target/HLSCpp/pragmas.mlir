// Each customization shows up as the pragma Vitis HLS reads: pipeline II,
// unroll (with and without a factor), array_partition read back from the
// partition layout (complete / block / cyclic, every dimension), dataflow and
// inline on functions, interface pragmas on the top function only, loop
// labels from loop_name.
// RUN: hcl-opt %s --hcl-apply-customizations | hcl-translate --emit-hls-cpp | FileCheck %s

// CHECK-LABEL: void top(int32_t arg0[8][8], int32_t arg1[8][8], float result0[4][6]) {
// CHECK-NEXT: #pragma HLS interface m_axi port=arg0 offset=slave bundle=gmem0 depth=64
// CHECK-NEXT: #pragma HLS interface m_axi port=arg1 offset=slave bundle=gmem1 depth=64
// CHECK-NEXT: #pragma HLS interface m_axi port=result0 offset=slave bundle=gmem2 depth=24
// CHECK-NEXT: #pragma HLS interface s_axilite port=return
// CHECK-NEXT: #pragma HLS dataflow
// CHECK-NEXT: #pragma HLS array_partition variable=arg0 cyclic factor=2 dim=1
// CHECK-NEXT: #pragma HLS array_partition variable=arg0 block factor=4 dim=2
// CHECK-NEXT: #pragma HLS array_partition variable=arg1 complete dim=1
// CHECK-NEXT: #pragma HLS array_partition variable=arg1 complete dim=2
// CHECK: #pragma HLS array_partition variable=result0 complete dim=2
// CHECK: l_i: for (int i = 0; i < 8; i++) {
// CHECK-NEXT: l_j: for (int j = 0; j < 8; j++) {
// CHECK-NEXT: #pragma HLS pipeline II=2
// CHECK: l_r: for (int r = 0; r < 4; r++) {
// CHECK-NEXT: #pragma HLS unroll factor=2
// CHECK: l_c: for (int c = 0; c < 6; c++) {
// CHECK-NEXT: #pragma HLS unroll{{$}}
func.func @top(%A: memref<8x8xi32>, %B: memref<8x8xi32>) -> memref<4x6xf32> attributes {dataflow} {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  %t = hcl.create_stage_handle "T" : !hcl.StageHandle
  %lj = hcl.create_loop_handle %s, "j" : !hcl.LoopHandle
  %lr = hcl.create_loop_handle %t, "r" : !hcl.LoopHandle
  %lc = hcl.create_loop_handle %t, "c" : !hcl.LoopHandle
  %R = memref.alloc() {name = "R"} : memref<4x6xf32>
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %a = affine.load %A[%i, %j] : memref<8x8xi32>
      affine.store %a, %B[%i, %j] : memref<8x8xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "S"}
  %f = arith.constant 1.5 : f32
  affine.for %r = 0 to 4 {
    affine.for %c = 0 to 6 {
      affine.store %f, %R[%r, %c] : memref<4x6xf32>
    } {loop_name = "c"}
  } {loop_name = "r", stage_name = "T"}
  hcl.pipeline(%s, %lj, 2)
  hcl.unroll(%t, %lr, 2)
  hcl.unroll(%t, %lc)
  hcl.partition(%A : memref<8x8xi32>, Cyclic, 1, 2)
  hcl.partition(%A : memref<8x8xi32>, Block, 2, 4)
  hcl.partition(%B : memref<8x8xi32>, Complete, 0)
  hcl.partition(%R : memref<4x6xf32>, Complete, 2)
  return %R : memref<4x6xf32>
}

// A function that is not the top gets no interface pragmas; `inline` shows.
// CHECK-LABEL: void helper(float arg0[4]) {
// CHECK-NEXT: #pragma HLS inline
// CHECK-NOT: interface
// CHECK: }
func.func @helper(%x: memref<4xf32>) attributes {inline} {
  affine.for %i = 0 to 4 {
    %v = affine.load %x[%i] : memref<4xf32>
    %w = arith.addf %v, %v : f32
    affine.store %w, %x[%i] : memref<4xf32>
  } {loop_name = "i"}
  return
}
