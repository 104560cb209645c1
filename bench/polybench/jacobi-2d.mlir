// PolyBench/C 4.2 jacobi-2d, MEDIUM dataset (TSTEPS=100, N=250), f32: 100
// time steps of the 5-point average from A into B and back. No schedule.
func.func @top(%A: memref<250x250xf32>, %B: memref<250x250xf32>) {
  %c = arith.constant 0.2 : f32
  affine.for %t = 0 to 100 {
    affine.for %i = 1 to 249 {
      affine.for %j = 1 to 249 {
        %a0 = affine.load %A[%i, %j] : memref<250x250xf32>
        %a1 = affine.load %A[%i, %j - 1] : memref<250x250xf32>
        %a2 = affine.load %A[%i, %j + 1] : memref<250x250xf32>
        %a3 = affine.load %A[%i + 1, %j] : memref<250x250xf32>
        %a4 = affine.load %A[%i - 1, %j] : memref<250x250xf32>
        %s0 = arith.addf %a0, %a1 : f32
        %s1 = arith.addf %s0, %a2 : f32
        %s2 = arith.addf %s1, %a3 : f32
        %s3 = arith.addf %s2, %a4 : f32
        %v = arith.mulf %c, %s3 : f32
        affine.store %v, %B[%i, %j] : memref<250x250xf32>
      } {loop_name = "j1"}
    } {loop_name = "i1"}
    affine.for %i = 1 to 249 {
      affine.for %j = 1 to 249 {
        %b0 = affine.load %B[%i, %j] : memref<250x250xf32>
        %b1 = affine.load %B[%i, %j - 1] : memref<250x250xf32>
        %b2 = affine.load %B[%i, %j + 1] : memref<250x250xf32>
        %b3 = affine.load %B[%i + 1, %j] : memref<250x250xf32>
        %b4 = affine.load %B[%i - 1, %j] : memref<250x250xf32>
        %s0 = arith.addf %b0, %b1 : f32
        %s1 = arith.addf %s0, %b2 : f32
        %s2 = arith.addf %s1, %b3 : f32
        %s3 = arith.addf %s2, %b4 : f32
        %v = arith.mulf %c, %s3 : f32
        affine.store %v, %A[%i, %j] : memref<250x250xf32>
      } {loop_name = "j2"}
    } {loop_name = "i2"}
  } {loop_name = "t", stage_name = "s"}
  return
}
