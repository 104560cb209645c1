// A loop whose trip count is a function argument (used by errors.test).
func.func @top(%A: memref<64xi32>, %n: index) {
  affine.for %i = 0 to %n {
    %a = affine.load %A[%i] : memref<64xi32>
    affine.store %a, %A[%i] : memref<64xi32>
  } {loop_name = "i", stage_name = "S"}
  return
}
