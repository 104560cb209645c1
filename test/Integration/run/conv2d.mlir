// A small NCHW conv2d with reduction loops rc, rh, rw (seed 000's conv2d
// shape, scaled down), accumulating into a scalar buffer, against NumPy.
// RUN: rm -rf %t && hcl run %s --random-inputs 9 --output-dir %t | FileCheck %s
// RUN: %python %inputs/reference.py conv2d %t %t | FileCheck %s --check-prefix=REF
// CHECK: result0 1x4x6x6 float32
// REF: conv2d: OK
func.func @top(%A: memref<1x3x8x8xf32>, %F: memref<4x3x3x3xf32>) -> memref<1x4x6x6xf32> {
  %B = memref.alloc() {name = "B"} : memref<1x4x6x6xf32>
  %acc = memref.alloc() {name = "sum"} : memref<1xf32>
  %zero = arith.constant 0.0 : f32
  affine.for %n = 0 to 1 {
    affine.for %c = 0 to 4 {
      affine.for %h = 0 to 6 {
        affine.for %w = 0 to 6 {
          affine.store %zero, %acc[0] : memref<1xf32>
          affine.for %rc = 0 to 3 {
            affine.for %rh = 0 to 3 {
              affine.for %rw = 0 to 3 {
                %a = affine.load %A[%n, %rc, %h + %rh, %w + %rw] : memref<1x3x8x8xf32>
                %f = affine.load %F[%c, %rc, %rh, %rw] : memref<4x3x3x3xf32>
                %p = arith.mulf %a, %f : f32
                %s = affine.load %acc[0] : memref<1xf32>
                %t = arith.addf %s, %p : f32
                affine.store %t, %acc[0] : memref<1xf32>
              } {loop_name = "rw", reduction = 1 : i32}
            } {loop_name = "rh", reduction = 1 : i32}
          } {loop_name = "rc", reduction = 1 : i32}
          %r = affine.load %acc[0] : memref<1xf32>
          affine.store %r, %B[%n, %c, %h, %w] : memref<1x4x6x6xf32>
        } {loop_name = "w"}
      } {loop_name = "h"}
    } {loop_name = "c"}
  } {loop_name = "n", stage_name = "B"}
  return %B : memref<1x4x6x6xf32>
}
