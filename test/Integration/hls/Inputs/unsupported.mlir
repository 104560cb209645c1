// An operation the HLS C++ emitter does not support (used by errors.test).
// It runs on the CPU; the HLS project cannot be written.
func.func @top(%a: memref<4xi32>) {
  affine.for %i = 0 to 4 {
    %x = affine.load %a[%i] : memref<4xi32>
    // The error points here.
    %y, %o = arith.addui_extended %x, %x : i32, i1
    affine.store %y, %a[%i] : memref<4xi32>
  }
  return
}
