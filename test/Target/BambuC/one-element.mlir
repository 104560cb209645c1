// The one-element step alone: a local one-element buffer becomes a plain
// variable; a filter whose one-element output it writes before reading
// returns the value, and its caller stores it.
//
// RUN: hcl-translate --emit-bambu-c --bambu-steps=one-element %s | FileCheck %s
// RUN: hcl check --bambu --bambu-steps=one-element %s | FileCheck %s --check-prefix=EXEC
// EXEC: hcl check --bambu: OK

// The dot product's output is one element: the filter returns it.
// CHECK-LABEL: float dot_fun_0(float arg2[1], float arg0[16], float arg1[16]) {
// CHECK-NEXT:    float [[OUT:arg2_1]];
// CHECK-NEXT:    for (int once = 0; once < 1; once++) {
// CHECK-NEXT:      [[OUT]] = 0x0p0f;
// CHECK:         }
// CHECK-NEXT:    }
// CHECK-NEXT:    float [[V:v[_0-9]*]] = [[OUT]];
// CHECK-NEXT:    return [[V]];
// The scratch buffer is a variable.
// CHECK-LABEL: void scaled_fun_1({{.*}}) {
// CHECK-NEXT:    float scratch;
// CHECK:           scratch = {{.*}};
// CHECK-LABEL: void top(
// CHECK:         float [[R:r[_0-9]*]] = dot_fun_0(arg2, arg0, arg1);
// CHECK-NEXT:    arg2[0] = [[R]];
func.func @top(%A: memref<16xf32>, %B: memref<16xf32>, %D: memref<1xf32>, %C: memref<16xf32>) {
  %zero = arith.constant 0.0 : f32
  affine.for %once = 0 to 1 {
    affine.store %zero, %D[0] : memref<1xf32>
    affine.for %i = 0 to 16 {
      %a = affine.load %A[%i] : memref<16xf32>
      %b = affine.load %B[%i] : memref<16xf32>
      %d = affine.load %D[0] : memref<1xf32>
      %p = arith.mulf %a, %b : f32
      %s = arith.addf %d, %p : f32
      affine.store %s, %D[0] : memref<1xf32>
    } {loop_name = "i"}
  } {loop_name = "once", stage_name = "dot"}
  %scratch = memref.alloc() {name = "scratch"} : memref<1xf32>
  affine.for %i = 0 to 16 {
    %a = affine.load %A[%i] : memref<16xf32>
    %d = affine.load %D[0] : memref<1xf32>
    %p = arith.mulf %a, %d : f32
    affine.store %p, %scratch[0] : memref<1xf32>
    %q = affine.load %scratch[0] : memref<1xf32>
    %r = arith.addf %q, %a : f32
    affine.store %r, %C[%i] : memref<16xf32>
  } {loop_name = "i", stage_name = "scaled"}
  return
}
