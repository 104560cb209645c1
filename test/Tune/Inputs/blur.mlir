// A three-point horizontal blur: each output reads A[i][j..j+2], the window
// of the previous j shifted by one.
func.func @top(%A: memref<16x18xi32>) -> memref<16x16xi32> {
  %B = memref.alloc() {name = "B"} : memref<16x16xi32>
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 16 {
      %a = affine.load %A[%i, %j] : memref<16x18xi32>
      %b = affine.load %A[%i, %j + 1] : memref<16x18xi32>
      %c = affine.load %A[%i, %j + 2] : memref<16x18xi32>
      %0 = arith.addi %a, %b : i32
      %1 = arith.addi %0, %c : i32
      affine.store %1, %B[%i, %j] : memref<16x16xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "B"}
  return %B : memref<16x16xi32>
}
