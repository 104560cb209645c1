// PolyBench/C 4.2 mvt, MEDIUM dataset (N=400), f32: x1 += A y1,
// x2 += A^T y2. No schedule.
func.func @top(%x1: memref<400xf32>, %x2: memref<400xf32>, %y1: memref<400xf32>,
               %y2: memref<400xf32>, %A: memref<400x400xf32>) {
  affine.for %i = 0 to 400 {
    affine.for %j = 0 to 400 {
      %a = affine.load %A[%i, %j] : memref<400x400xf32>
      %yv = affine.load %y1[%j] : memref<400xf32>
      %m = arith.mulf %a, %yv : f32
      %xv = affine.load %x1[%i] : memref<400xf32>
      %s = arith.addf %xv, %m : f32
      affine.store %s, %x1[%i] : memref<400xf32>
    } {loop_name = "j", reduction = 1 : i32}
  } {loop_name = "i", stage_name = "x1"}
  affine.for %i = 0 to 400 {
    affine.for %j = 0 to 400 {
      %a = affine.load %A[%j, %i] : memref<400x400xf32>
      %yv = affine.load %y2[%j] : memref<400xf32>
      %m = arith.mulf %a, %yv : f32
      %xv = affine.load %x2[%i] : memref<400xf32>
      %s = arith.addf %xv, %m : f32
      affine.store %s, %x2[%i] : memref<400xf32>
    } {loop_name = "j", reduction = 1 : i32}
  } {loop_name = "i", stage_name = "x2"}
  return
}
