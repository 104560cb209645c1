// An operation the HLS C++ emitter does not support (used by errors.test).
// It runs on the CPU; the HLS project cannot be written.
func.func @top(%a: memref<4xf32>) {
  affine.for %i = 0 to 4 {
    %x = affine.load %a[%i] : memref<4xf32>
    // The error points here.
    %y = math.tanh %x : f32
    affine.store %y, %a[%i] : memref<4xf32>
  }
  return
}
