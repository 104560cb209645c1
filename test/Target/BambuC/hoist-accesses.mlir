// The hoist-accesses step alone: an element every access in a loop reaches
// at one invariant index is read before the loop (when the loop may read
// it first), carried in a local variable, written back after it; an
// element a loop only reads is read once before it.
//
// RUN: hcl-translate --emit-bambu-c --bambu-steps=hoist-accesses %s | FileCheck %s
// RUN: hcl check --bambu --bambu-steps=hoist-accesses %s --entry accumulate | FileCheck %s --check-prefix=EXEC
// RUN: hcl check --bambu --bambu-steps=hoist-accesses %s --entry invariant_load | FileCheck %s --check-prefix=EXEC
// RUN: hcl check --bambu --bambu-steps=hoist-accesses %s --entry varying | FileCheck %s --check-prefix=EXEC
// EXEC: hcl check --bambu: OK

// C[i][j] leaves the k loop: one load before, one store after.
// CHECK-LABEL: void gemm_fun_0({{.*}}) {
// CHECK:           float [[LOCAL:arg2_1]];
// CHECK-NEXT:      float [[INIT:v[_0-9]*]] = arg2[i][j];
// CHECK-NEXT:      [[LOCAL]] = [[INIT]];
// CHECK-NEXT:      for (int k = 0; k < 16; k++) {
// CHECK-NOT:         arg2[
// CHECK:           }
// CHECK-NEXT:      float [[LAST:v[_0-9]*]] = [[LOCAL]];
// CHECK-NEXT:      arg2[i][j] = [[LAST]];
func.func @accumulate(%A: memref<12x16xf32>, %B: memref<16x10xf32>, %C: memref<12x10xf32>) {
  affine.for %i = 0 to 12 {
    affine.for %j = 0 to 10 {
      affine.for %k = 0 to 16 {
        %a = affine.load %A[%i, %k] : memref<12x16xf32>
        %b = affine.load %B[%k, %j] : memref<16x10xf32>
        %c = affine.load %C[%i, %j] : memref<12x10xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<12x10xf32>
      } {loop_name = "k"}
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "gemm"}
  return
}

// A[i][k] is read once per k, before the j loop.
// CHECK-LABEL: void scale_fun_1({{.*}}) {
// CHECK:         for (int k = 0; k < 16; k++) {
// CHECK-NEXT:      float {{v[_0-9]*}} = arg0[i][k];
// CHECK-NEXT:      for (int j = 0; j < 10; j++) {
// CHECK-NOT:         arg0[
// CHECK:           }
func.func @invariant_load(%A: memref<12x16xf32>, %B: memref<16x10xf32>, %C: memref<12x16x10xf32>) {
  affine.for %i = 0 to 12 {
    affine.for %k = 0 to 16 {
      affine.for %j = 0 to 10 {
        %a = affine.load %A[%i, %k] : memref<12x16xf32>
        %b = affine.load %B[%k, %j] : memref<16x10xf32>
        %p = arith.mulf %a, %b : f32
        affine.store %p, %C[%i, %k, %j] : memref<12x16x10xf32>
      } {loop_name = "j"}
    } {loop_name = "k"}
  } {loop_name = "i", stage_name = "scale"}
  return
}

// Two indices of one buffer in the loop: nothing moves.
// CHECK-LABEL: void shift_fun_2({{.*}}) {
// CHECK:         for (int i = 1; i < 16; i++) {
// CHECK:           arg0[i] =
func.func @varying(%A: memref<16xf32>) {
  affine.for %i = 1 to 16 {
    %a = affine.load %A[%i - 1] : memref<16xf32>
    %b = arith.addf %a, %a : f32
    affine.store %b, %A[%i] : memref<16xf32>
  } {loop_name = "i", stage_name = "shift"}
  return
}
