// PolyBench/C 4.2 gesummv, MEDIUM dataset (N=250), f32:
// y := alpha*A*x + beta*B*x, tmp holding A x. No schedule.
func.func @top(%A: memref<250x250xf32>, %B: memref<250x250xf32>, %tmp: memref<250xf32>,
               %x: memref<250xf32>, %y: memref<250xf32>) {
  %alpha = arith.constant 1.5 : f32
  %beta = arith.constant 1.2 : f32
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 250 {
    affine.store %zero, %tmp[%i] : memref<250xf32>
    affine.store %zero, %y[%i] : memref<250xf32>
  } {loop_name = "i", stage_name = "init"}
  affine.for %i = 0 to 250 {
    affine.for %j = 0 to 250 {
      %xv = affine.load %x[%j] : memref<250xf32>
      %a = affine.load %A[%i, %j] : memref<250x250xf32>
      %ma = arith.mulf %a, %xv : f32
      %t = affine.load %tmp[%i] : memref<250xf32>
      %ts = arith.addf %ma, %t : f32
      affine.store %ts, %tmp[%i] : memref<250xf32>
      %b = affine.load %B[%i, %j] : memref<250x250xf32>
      %mb = arith.mulf %b, %xv : f32
      %yv = affine.load %y[%i] : memref<250xf32>
      %ys = arith.addf %mb, %yv : f32
      affine.store %ys, %y[%i] : memref<250xf32>
    } {loop_name = "j", reduction = 1 : i32}
  } {loop_name = "i", stage_name = "acc"}
  affine.for %i = 0 to 250 {
    %t = affine.load %tmp[%i] : memref<250xf32>
    %yv = affine.load %y[%i] : memref<250xf32>
    %at = arith.mulf %alpha, %t : f32
    %by = arith.mulf %beta, %yv : f32
    %s = arith.addf %at, %by : f32
    affine.store %s, %y[%i] : memref<250xf32>
  } {loop_name = "i", stage_name = "fin"}
  return
}
