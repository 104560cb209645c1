// The scalar-replacement step alone (MLIR's affine scalar replacement): a
// load of an element just stored takes the stored value, a second load of
// an element reuses the first, and a local buffer only written disappears.
//
// RUN: hcl-translate --emit-bambu-c --bambu-steps=scalar-replacement %s | FileCheck %s
// RUN: hcl-translate --emit-bambu-c --bambu-steps=none %s | FileCheck %s --check-prefix=NONE
// RUN: hcl check --bambu --bambu-steps=scalar-replacement %s | FileCheck %s --check-prefix=EXEC
// EXEC: hcl check --bambu: OK

// Five-point stencil that reads A[i][j] twice and goes through a temporary.
// CHECK-LABEL: void S_fun_0({{.*}}) {
// CHECK:         for (int j = 1; j < 9; j++) {
// CHECK-COUNT-4:   arg0[
// CHECK-NOT:       arg0[
// CHECK-NOT:       tmp
// CHECK:           arg1[i][j] =
// NONE-LABEL: void S_fun_0({{.*}}) {
// NONE-COUNT-5:    arg0[
// NONE:            tmp[0] =
func.func @top(%A: memref<10x10xf32>, %B: memref<10x10xf32>) {
  %tmp = memref.alloc() {name = "tmp"} : memref<1xf32>
  affine.for %i = 1 to 9 {
    affine.for %j = 1 to 9 {
      %c = affine.load %A[%i, %j] : memref<10x10xf32>
      %n = affine.load %A[%i - 1, %j] : memref<10x10xf32>
      %s = affine.load %A[%i + 1, %j] : memref<10x10xf32>
      %w = affine.load %A[%i, %j - 1] : memref<10x10xf32>
      %c2 = affine.load %A[%i, %j] : memref<10x10xf32>
      %t0 = arith.addf %n, %s : f32
      affine.store %t0, %tmp[0] : memref<1xf32>
      %t1 = affine.load %tmp[0] : memref<1xf32>
      %t2 = arith.addf %t1, %w : f32
      %t3 = arith.addf %t2, %c : f32
      %t4 = arith.addf %t3, %c2 : f32
      affine.store %t4, %B[%i, %j] : memref<10x10xf32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "S"}
  return
}
