// Three elementwise stages through two on-chip buffers, each written once
// and read once in the same order: S = 3A, T = S + B, D = T * T.
func.func @top(%A: memref<64x64xf32>, %B: memref<64x64xf32>, %D: memref<64x64xf32>) {
  %three = arith.constant 3.0 : f32
  %S = memref.alloc() {name = "S"} : memref<64x64xf32>
  %T = memref.alloc() {name = "T"} : memref<64x64xf32>
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 64 {
      %a = affine.load %A[%i, %j] : memref<64x64xf32>
      %m = arith.mulf %a, %three : f32
      affine.store %m, %S[%i, %j] : memref<64x64xf32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "S"}
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 64 {
      %s = affine.load %S[%i, %j] : memref<64x64xf32>
      %b = affine.load %B[%i, %j] : memref<64x64xf32>
      %t = arith.addf %s, %b : f32
      affine.store %t, %T[%i, %j] : memref<64x64xf32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "T"}
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 64 {
      %t = affine.load %T[%i, %j] : memref<64x64xf32>
      %d = arith.mulf %t, %t : f32
      affine.store %d, %D[%i, %j] : memref<64x64xf32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "D"}
  return
}
