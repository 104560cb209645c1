// PolyBench/C 4.2 syrk, MEDIUM dataset (M=200, N=240), f32: the lower triangle
// of C := alpha*A*A^T + beta*C. No schedule.
// j runs to i: max_trip_count gives the estimate its worst case (240).
#upto = affine_map<(d0) -> (d0 + 1)>
func.func @top(%C: memref<240x240xf32>, %A: memref<240x200xf32>) {
  %alpha = arith.constant 1.5 : f32
  %beta = arith.constant 1.2 : f32
  affine.for %i = 0 to 240 {
    affine.for %j = 0 to #upto(%i) {
      %c = affine.load %C[%i, %j] : memref<240x240xf32>
      %v = arith.mulf %c, %beta : f32
      affine.store %v, %C[%i, %j] : memref<240x240xf32>
    } {loop_name = "j", max_trip_count = 240 : i64}
  } {loop_name = "i", stage_name = "scale"}
  affine.for %i = 0 to 240 {
    affine.for %k = 0 to 200 {
      affine.for %j = 0 to #upto(%i) {
        %a = affine.load %A[%i, %k] : memref<240x200xf32>
        %aa = arith.mulf %alpha, %a : f32
        %b = affine.load %A[%j, %k] : memref<240x200xf32>
        %p = arith.mulf %aa, %b : f32
        %c = affine.load %C[%i, %j] : memref<240x240xf32>
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<240x240xf32>
      } {loop_name = "j", max_trip_count = 240 : i64}
    } {loop_name = "k", reduction = 1 : i32}
  } {loop_name = "i", stage_name = "s"}
  return
}
