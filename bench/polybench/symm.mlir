// PolyBench/C 4.2 symm, MEDIUM dataset (M=200, N=240), f32:
// C := alpha*A*B + beta*C with A symmetric (its lower triangle read). The
// scalar temp2 is a one-element buffer. No schedule.
// k runs to i: max_trip_count gives the estimate its worst case (199).
#upto = affine_map<(d0) -> (d0)>
func.func @top(%C: memref<200x240xf32>, %A: memref<200x200xf32>, %B: memref<200x240xf32>) {
  %alpha = arith.constant 1.5 : f32
  %beta = arith.constant 1.2 : f32
  %zero = arith.constant 0.0 : f32
  %temp2 = memref.alloc() {name = "temp2"} : memref<1xf32>
  affine.for %i = 0 to 200 {
    affine.for %j = 0 to 240 {
      affine.store %zero, %temp2[0] : memref<1xf32>
      affine.for %k = 0 to #upto(%i) {
        %bij = affine.load %B[%i, %j] : memref<200x240xf32>
        %ab = arith.mulf %alpha, %bij : f32
        %aik = affine.load %A[%i, %k] : memref<200x200xf32>
        %p = arith.mulf %ab, %aik : f32
        %ckj = affine.load %C[%k, %j] : memref<200x240xf32>
        %c = arith.addf %ckj, %p : f32
        affine.store %c, %C[%k, %j] : memref<200x240xf32>
        %bkj = affine.load %B[%k, %j] : memref<200x240xf32>
        %q = arith.mulf %bkj, %aik : f32
        %t = affine.load %temp2[0] : memref<1xf32>
        %ts = arith.addf %t, %q : f32
        affine.store %ts, %temp2[0] : memref<1xf32>
      } {loop_name = "k", max_trip_count = 199 : i64}
      %cij = affine.load %C[%i, %j] : memref<200x240xf32>
      %bc = arith.mulf %beta, %cij : f32
      %bij = affine.load %B[%i, %j] : memref<200x240xf32>
      %ab = arith.mulf %alpha, %bij : f32
      %aii = affine.load %A[%i, %i] : memref<200x200xf32>
      %d = arith.mulf %ab, %aii : f32
      %e = arith.addf %bc, %d : f32
      %t = affine.load %temp2[0] : memref<1xf32>
      %at = arith.mulf %alpha, %t : f32
      %r = arith.addf %e, %at : f32
      affine.store %r, %C[%i, %j] : memref<200x240xf32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "s"}
  return
}
