// PolyBench/C 4.2 trmm, MEDIUM dataset (M=200, N=240), f32:
// B := alpha*A^T*B with A unit lower triangular. No schedule.
// k runs from i+1: max_trip_count gives the estimate its worst case (199).
#after = affine_map<(d0) -> (d0 + 1)>
func.func @top(%A: memref<200x200xf32>, %B: memref<200x240xf32>) {
  %alpha = arith.constant 1.5 : f32
  affine.for %i = 0 to 200 {
    affine.for %j = 0 to 240 {
      affine.for %k = #after(%i) to 200 {
        %a = affine.load %A[%k, %i] : memref<200x200xf32>
        %bk = affine.load %B[%k, %j] : memref<200x240xf32>
        %p = arith.mulf %a, %bk : f32
        %bi = affine.load %B[%i, %j] : memref<200x240xf32>
        %s = arith.addf %bi, %p : f32
        affine.store %s, %B[%i, %j] : memref<200x240xf32>
      } {loop_name = "k", reduction = 1 : i32, max_trip_count = 199 : i64}
      %b = affine.load %B[%i, %j] : memref<200x240xf32>
      %v = arith.mulf %alpha, %b : f32
      affine.store %v, %B[%i, %j] : memref<200x240xf32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "s"}
  return
}
