// Seed 004's conv filter (listings 4.1-4.3): a 3x3 convolution over
// flattened buffers that accumulates into the one-element buffer
// X_im_padded_U_sum, computed inside the output loops. The filter becomes a
// child function that returns the sum; the accumulation runs in a local
// variable (read and written back once, not per iteration); the address
// arithmetic is one operation per statement, the invariant part of it
// before the inner loops. --bambu-stats gives the figures of docs/bambu.md.
//
// RUN: hcl-translate --emit-bambu-c %s | FileCheck %s
// RUN: hcl-translate --emit-bambu-c %s > %t.c
// RUN: gcc -std=c99 -Wall -Werror -fsyntax-only %t.c
// RUN: hcl-translate --emit-bambu-c --bambu-stats %s | FileCheck %s --check-prefix=STATS
// RUN: hcl check --bambu %s | FileCheck %s --check-prefix=EXEC
// EXEC: hcl check --bambu: OK: @conv's Bambu C

// CHECK-LABEL: float X_im_padded_U_sum_fun_1(float arg0[36], int x_3, int x_4, float arg1[18], int x_2) {
// CHECK-NEXT:    float [[SUM:X_im_padded_U_sum]];
// CHECK-NEXT:    [[SUM]] = 0x0p0f;
// CHECK-NEXT:    int [[ROW:v[_0-9]*]] = x_2 * 3;
// CHECK-NEXT:    for (int x_7 = 0; x_7 < 3; x_7++) {
// CHECK:           for (int x_8 = 0; x_8 < 3; x_8++) {
// CHECK:             float {{.*}} = [[SUM]];
// CHECK:             [[SUM]] = {{.*}};
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    float [[RESULT:.*]] = [[SUM]];
// CHECK-NEXT:    return [[RESULT]];

// The root filter calls it per output element; the entry owns the buffers.
// CHECK-LABEL: void conv_fun_0(float arg0[36], float arg1[18], float conv_1[2][4][4]) {
// CHECK:             float [[R:r[_0-9]*]] = X_im_padded_U_sum_fun_1(arg0, x_3, x_4, arg1, x_2);
// CHECK-NEXT:        conv_1[x_2][x_3][x_4] = [[R]];
// CHECK:       Filters of conv, which owns the buffers and calls them in order: conv_fun_0
// CHECK-LABEL: void conv(float arg0[36], float arg1[18], float result0[2][4][4]) {
// CHECK-NEXT:    conv_fun_0(

// Written in the code, then executed by one call: before, 4 loads (two of
// the sum), 2 stores, 10 operations (8 of them address arithmetic): 28
// loads, 10 stores, 90 operations per call; after, the sum is a local
// variable and the address arithmetic that does not change in a loop is
// computed outside it: 18 loads, no store, 64 operations.
// STATS: filter loads stores ops run:loads run:stores run:ops
// STATS-NEXT: X_im_padded_U_sum_fun_1 before 4 2 10 28 10 90
// STATS-NEXT: after 2 0 10 18 0 64
// STATS-NEXT: conv_fun_0 before 0 1 0 0 32 0
// STATS-NEXT: after 0 1 0 0 32 0
func.func @conv(%X: memref<36xf32>, %W: memref<18xf32>) -> memref<2x4x4xf32> {
  %out = memref.alloc() {name = "conv"} : memref<2x4x4xf32>
  %sum = memref.alloc() {name = "X_im_padded_U_sum"} : memref<1xf32>
  %zero = arith.constant 0.0 : f32
  affine.for %x_2 = 0 to 2 {
    affine.for %x_3 = 0 to 4 {
      affine.for %x_4 = 0 to 4 {
        affine.store %zero, %sum[0] : memref<1xf32>
        affine.for %x_7 = 0 to 3 {
          affine.for %x_8 = 0 to 3 {
            %s = affine.load %sum[0] : memref<1xf32>
            %x = affine.load %X[(%x_3 + %x_7) * 6 + %x_4 + %x_8] : memref<36xf32>
            %w = affine.load %W[(%x_2 * 3 + %x_8) * 3 + %x_7] : memref<18xf32>
            %p = arith.mulf %x, %w : f32
            %t = arith.addf %s, %p : f32
            affine.store %t, %sum[0] : memref<1xf32>
          } {loop_name = "x_8", reduction = 1 : i32}
        } {loop_name = "x_7", reduction = 1 : i32}
        %r = affine.load %sum[0] : memref<1xf32>
        affine.store %r, %out[%x_2, %x_3, %x_4] : memref<2x4x4xf32>
      } {loop_name = "x_4"}
    } {loop_name = "x_3"}
  } {loop_name = "x_2", stage_name = "conv"}
  return %out : memref<2x4x4xf32>
}
