// Seed 004, listing 4.5: the vector multiply Z = X * Y on 8 lanes. A loop
// hcl.vectorize marked with its width becomes hcl_vector.h operations on
// small arrays: the lanes of the loop variable, load_vector, binary_op,
// store_vector. The tiled case vectorizes the inner loop of a split.
//
// RUN: hcl-opt %s --hcl-apply-customizations | hcl-translate --emit-bambu-c | FileCheck %s
// RUN: hcl-opt %s --hcl-apply-customizations | hcl-translate --emit-bambu-c > %t.c
// RUN: gcc -std=c99 -Wall -Werror -fsyntax-only -I%bambushare %t.c
// RUN: hcl check --bambu %s --entry multiply | FileCheck %s --check-prefix=EXEC
// RUN: hcl check --bambu %s --entry tiled | FileCheck %s --check-prefix=EXEC
// EXEC: hcl check --bambu: OK

// CHECK: #include "hcl_vector.h"
// CHECK-LABEL: void Z_fun_0(float arg0[8], float arg1[8], float arg2[8]) {
// CHECK-NEXT:    // loop i: 8 lanes (vectorize)
// CHECK-NEXT:    int [[I:lane[_0-9]*]][8];
// CHECK-NEXT:    hcl_iota(8, [[I]], 0);
// CHECK-NEXT:    float [[X:v[_0-9]*]][8];
// CHECK-NEXT:    hcl_load_vector(8, [[X]], arg0, [[I]]);
// CHECK-NEXT:    float [[Y:v[_0-9]*]][8];
// CHECK-NEXT:    hcl_load_vector(8, [[Y]], arg1, [[I]]);
// CHECK-NEXT:    float [[Z:v[_0-9]*]][8];
// CHECK-NEXT:    hcl_binary_op(8, [[Z]], [[X]], *, [[Y]]);
// CHECK-NEXT:    hcl_store_vector(8, arg2, [[Z]], [[I]]);
// CHECK-NEXT:    return;
func.func @multiply(%X: memref<8xf32>, %Y: memref<8xf32>, %Z: memref<8xf32>) {
  %s = hcl.create_stage_handle "Z" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  affine.for %i = 0 to 8 {
    %x = affine.load %X[%i] : memref<8xf32>
    %y = affine.load %Y[%i] : memref<8xf32>
    %z = arith.mulf %x, %y : f32
    affine.store %z, %Z[%i] : memref<8xf32>
  } {loop_name = "i", stage_name = "Z"}
  hcl.vectorize(%s, %li, 8)
  return
}

// Rows of a 2-d buffer, a scalar from outside the loop broadcast.
// CHECK-LABEL: void S_fun_1({{.*}}) {
// CHECK:         hcl_iota(4, {{.*}});
// CHECK:         hcl_load_vector(4, {{.*}}, arg0[i]
// CHECK:         hcl_broadcast(4, c_lanes, 0x1p1f);
// CHECK:         hcl_store_vector(4, arg1[i]
func.func @tiled(%A: memref<3x16xf32>, %B: memref<3x16xf32>) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  %two = arith.constant 2.0 : f32
  affine.for %i = 0 to 3 {
    affine.for %j = 0 to 16 {
      %a = affine.load %A[%i, %j] : memref<3x16xf32>
      %b = arith.mulf %a, %two : f32
      affine.store %b, %B[%i, %j] : memref<3x16xf32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "S"}
  hcl.vectorize(%s, %lj, 4)
  return
}
