// The fifo step: a buffer of the entry written once by one filter and read
// once by the next, both at the identity index of a loop nest over its
// shape, becomes a FIFO channel (hcl_fifo.h; Bambu's FIFO interface under
// __BAMBU__). A consumer that reads in another order keeps the buffer. The
// C runs the channel as a pointer walked in order, so a wrong detection
// would compute wrong values: both programs are checked against the JIT.
//
// RUN: hcl-translate --emit-bambu-c %s | FileCheck %s
// RUN: hcl-translate --emit-bambu-c %s > %t.c
// RUN: gcc -std=c99 -Wall -Werror -fsyntax-only -I%bambushare %t.c
// RUN: hcl check --bambu %s --entry in_order | FileCheck %s --check-prefix=EXEC
// RUN: hcl check --bambu %s --entry transposed | FileCheck %s --check-prefix=EXEC
// EXEC: hcl check --bambu: OK

// CHECK: #include "hcl_fifo.h"
// CHECK-LABEL: void B_fun_0(float arg0[4][8], float *B) {
// CHECK-NEXT:  #ifdef __BAMBU__
// CHECK-NEXT:  #pragma HLS interface port=B mode=fifo
// CHECK-NEXT:  #endif
// CHECK:             hcl_fifo_write(B, {{.*}});
// CHECK-LABEL: void C_fun_1(float *B, float arg1[4][8]) {
// CHECK:             float {{.*}} = hcl_fifo_read(B);
// CHECK:       B_fun_0 -> C_fun_1 through the FIFO buffer B
// CHECK-LABEL: void in_order(
// CHECK-NEXT:    float B[32]; // FIFO channel
func.func @in_order(%A: memref<4x8xf32>, %C: memref<4x8xf32>) {
  %B = memref.alloc() {name = "B"} : memref<4x8xf32>
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 8 {
      %a = affine.load %A[%i, %j] : memref<4x8xf32>
      %b = arith.mulf %a, %a : f32
      affine.store %b, %B[%i, %j] : memref<4x8xf32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "B"}
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 8 {
      %b = affine.load %B[%i, %j] : memref<4x8xf32>
      %c = arith.addf %b, %b : f32
      affine.store %c, %C[%i, %j] : memref<4x8xf32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "C"}
  return
}

// CHECK-LABEL: void D_fun_2(float arg0[4][8], float B[4][8]) {
// CHECK-LABEL: void E_fun_3(float B[4][8], float arg1[8][4]) {
// CHECK:             float {{.*}} = B[i][j];
func.func @transposed(%A: memref<4x8xf32>, %C: memref<8x4xf32>) {
  %B = memref.alloc() {name = "B"} : memref<4x8xf32>
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 8 {
      %a = affine.load %A[%i, %j] : memref<4x8xf32>
      affine.store %a, %B[%i, %j] : memref<4x8xf32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "D"}
  affine.for %j = 0 to 8 {
    affine.for %i = 0 to 4 {
      %b = affine.load %B[%i, %j] : memref<4x8xf32>
      affine.store %b, %C[%j, %i] : memref<8x4xf32>
    } {loop_name = "i"}
  } {loop_name = "j", stage_name = "E"}
  return
}
