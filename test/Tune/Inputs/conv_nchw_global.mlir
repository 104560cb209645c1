// test/Tune/Inputs/conv_nchw.mlir with its weights a constant global, as
// hcl import writes a network's: the search partitions the get_global.
memref.global "private" constant @F : memref<4x4x3x3xi32> = dense<[[[[1, -2, 3], [4, 5, -6], [7, 8, 9]], [[-1, 2, 0], [3, 1, 1], [2, -2, 4]], [[5, 0, 1], [1, 1, -1], [0, 2, 3]], [[2, 2, 2], [-3, 1, 0], [1, 4, 1]]], [[[0, 1, 0], [1, -4, 1], [0, 1, 0]], [[3, 3, 1], [2, 0, -1], [1, 1, 1]], [[-2, 1, 5], [0, 0, 2], [4, -1, 1]], [[1, 2, 3], [4, 5, 6], [7, 8, 9]]], [[[9, 8, 7], [6, 5, 4], [3, 2, 1]], [[1, 0, -1], [2, 0, -2], [1, 0, -1]], [[1, 2, 1], [0, 0, 0], [-1, -2, -1]], [[2, -1, 2], [1, 1, 1], [0, 3, 0]]], [[[4, 4, 4], [0, 1, 0], [-2, 2, -2]], [[1, 3, 5], [7, 9, 2], [4, 6, 8]], [[0, 0, 1], [0, 1, 0], [1, 0, 0]], [[5, -5, 5], [2, 2, 2], [1, -1, 1]]]]>
func.func @top(%A: memref<1x4x10x10xi32>) -> memref<1x4x8x8xi32> {
  %F = memref.get_global @F : memref<4x4x3x3xi32>
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
