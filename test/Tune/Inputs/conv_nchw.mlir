// A 3x3 convolution over 4 input channels, written as hcl import writes one:
// the output column w initializes B[n][c][h][w] and then holds the reduction
// loops rc, rh, rw that add into it (an imperfect nest). Unrolled under w,
// the reduction is 4 x 3 x 3 = 36 multiply-adds per output.
func.func @top(%A: memref<1x4x10x10xi32>, %F: memref<4x4x3x3xi32>) -> memref<1x4x8x8xi32> {
  %B = memref.alloc() {name = "B"} : memref<1x4x8x8xi32>
  affine.for %n = 0 to 1 {
    affine.for %c = 0 to 4 {
      affine.for %h = 0 to 8 {
        affine.for %w = 0 to 8 {
          %zero = arith.constant 0 : i32
          affine.store %zero, %B[%n, %c, %h, %w] : memref<1x4x8x8xi32>
          affine.for %rc = 0 to 4 {
            affine.for %rh = 0 to 3 {
              affine.for %rw = 0 to 3 {
                %a = affine.load %A[%n, %rc, %h + %rh, %w + %rw] : memref<1x4x10x10xi32>
                %f = affine.load %F[%c, %rc, %rh, %rw] : memref<4x4x3x3xi32>
                %p = arith.muli %a, %f : i32
                %old = affine.load %B[%n, %c, %h, %w] : memref<1x4x8x8xi32>
                %new = arith.addi %old, %p : i32
                affine.store %new, %B[%n, %c, %h, %w] : memref<1x4x8x8xi32>
              } {loop_name = "rw", reduction = 1 : i32}
            } {loop_name = "rh", reduction = 1 : i32}
          } {loop_name = "rc", reduction = 1 : i32}
        } {loop_name = "w"}
      } {loop_name = "h"}
    } {loop_name = "c"}
  } {loop_name = "n", stage_name = "B"}
  return %B : memref<1x4x8x8xi32>
}
