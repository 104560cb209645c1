// The three-address step alone: every index expression becomes one
// operation per statement (the seed's `_3 = x_7 * 6; _4 = _3 + x_3`), the
// accesses plain indices; loop bounds stay expressions. With
// hoist-invariants after it, the operations that do not change in a loop
// move out of it (the seed's `_9 = x_2 * 3` before the loops).
//
// RUN: hcl-translate --emit-bambu-c --bambu-steps=three-address %s | FileCheck %s
// RUN: hcl-translate --emit-bambu-c --bambu-steps=three-address,hoist-invariants %s | FileCheck %s --check-prefix=LICM
// RUN: hcl check --bambu --bambu-steps=three-address %s | FileCheck %s --check-prefix=EXEC
// RUN: hcl check --bambu --bambu-steps=three-address,hoist-invariants %s | FileCheck %s --check-prefix=EXEC
// EXEC: hcl check --bambu: OK

// CHECK-LABEL: void im2col_fun_0({{.*}}) {
// CHECK:               for (int x_8 = 0; x_8 < 3; x_8++) {
// CHECK-NEXT:          int [[A:v[_0-9]*]] = x_7 * 6;
// CHECK-NEXT:          int [[B:v[_0-9]*]] = [[A]] + x_3;
// CHECK-NEXT:          float {{v[_0-9]*}} = arg0{{\[}}[[B]]];
// CHECK:               int [[C:v[_0-9]*]] = x_2 * 3;
// CHECK-NEXT:          int [[D:v[_0-9]*]] = [[C]] + x_8;
// CHECK-NEXT:          int [[E:v[_0-9]*]] = [[D]] * 3;
// CHECK-NEXT:          int [[F:v[_0-9]*]] = [[E]] + x_7;

// LICM-LABEL: void im2col_fun_0({{.*}}) {
// LICM:         for (int x_2 = 0; x_2 < 2; x_2++) {
// LICM-NEXT:      int [[ROW:v[_0-9]*]] = x_2 * 3;
// LICM-NEXT:      for (int x_3 = 0; x_3 < 4; x_3++) {
// LICM-NEXT:        for (int x_7 = 0; x_7 < 3; x_7++) {
// LICM-NEXT:          int [[A:v[_0-9]*]] = x_7 * 6;
// LICM-NEXT:          int [[B:v[_0-9]*]] = [[A]] + x_3;
// LICM-NEXT:          for (int x_8 = 0; x_8 < 3; x_8++) {
// LICM-NEXT:            float {{v[_0-9]*}} = arg0{{\[}}[[B]]];
// LICM-NEXT:            int {{v[_0-9]*}} = [[ROW]] + x_8;
func.func @top(%b2: memref<18xf32>, %b0: memref<18xf32>, %out: memref<2x4x3x3xf32>) {
  affine.for %x_2 = 0 to 2 {
    affine.for %x_3 = 0 to 4 {
      affine.for %x_7 = 0 to 3 {
        affine.for %x_8 = 0 to 3 {
          %a = affine.load %b2[%x_7 * 6 + %x_3] : memref<18xf32>
          %w = affine.load %b0[(%x_2 * 3 + %x_8) * 3 + %x_7] : memref<18xf32>
          %p = arith.mulf %a, %w : f32
          affine.store %p, %out[%x_2, %x_3, %x_7, %x_8] : memref<2x4x3x3xf32>
        } {loop_name = "x_8"}
      } {loop_name = "x_7"}
    } {loop_name = "x_3"}
  } {loop_name = "x_2", stage_name = "im2col"}
  return
}
