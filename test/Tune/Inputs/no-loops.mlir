// Nothing to tune: no loop.
func.func @top(%A: memref<4xf32>) {
  %c = arith.constant 1.0 : f32
  affine.store %c, %A[0] : memref<4xf32>
  return
}
