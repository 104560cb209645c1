// PolyBench/C 4.2 atax, MEDIUM dataset (M=390, N=410), f32: y := A^T (A x),
// tmp holding A x. No schedule.
func.func @top(%A: memref<390x410xf32>, %x: memref<410xf32>, %y: memref<410xf32>,
               %tmp: memref<390xf32>) {
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 410 {
    affine.store %zero, %y[%i] : memref<410xf32>
  } {loop_name = "i", stage_name = "y_init"}
  affine.for %i = 0 to 390 {
    affine.store %zero, %tmp[%i] : memref<390xf32>
  } {loop_name = "i", stage_name = "tmp_init"}
  affine.for %i = 0 to 390 {
    affine.for %j = 0 to 410 {
      %a = affine.load %A[%i, %j] : memref<390x410xf32>
      %xv = affine.load %x[%j] : memref<410xf32>
      %p = arith.mulf %a, %xv : f32
      %t = affine.load %tmp[%i] : memref<390xf32>
      %s = arith.addf %t, %p : f32
      affine.store %s, %tmp[%i] : memref<390xf32>
    } {loop_name = "j", reduction = 1 : i32}
  } {loop_name = "i", stage_name = "tmp"}
  affine.for %i = 0 to 390 {
    affine.for %j = 0 to 410 {
      %a = affine.load %A[%i, %j] : memref<390x410xf32>
      %t = affine.load %tmp[%i] : memref<390xf32>
      %p = arith.mulf %a, %t : f32
      %yv = affine.load %y[%j] : memref<410xf32>
      %s = arith.addf %yv, %p : f32
      affine.store %s, %y[%j] : memref<410xf32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "y", reduction = 1 : i32}
  return
}
