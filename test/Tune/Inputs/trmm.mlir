// PolyBench's trmm at 16x16: the sum into B[i][j] runs along k, and j
// scales B[i][j] after it: an imperfect nest.
#after = affine_map<(d0) -> (d0 + 1)>
func.func @top(%A: memref<16x16xf32>, %B: memref<16x16xf32>) {
  %alpha = arith.constant 1.5 : f32
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 16 {
      affine.for %k = #after(%i) to 16 {
        %a = affine.load %A[%k, %i] : memref<16x16xf32>
        %bk = affine.load %B[%k, %j] : memref<16x16xf32>
        %p = arith.mulf %a, %bk : f32
        %bi = affine.load %B[%i, %j] : memref<16x16xf32>
        %s = arith.addf %bi, %p : f32
        affine.store %s, %B[%i, %j] : memref<16x16xf32>
      } {loop_name = "k", reduction = 1 : i32, max_trip_count = 15 : i64}
      %b = affine.load %B[%i, %j] : memref<16x16xf32>
      %v = arith.mulf %alpha, %b : f32
      affine.store %v, %B[%i, %j] : memref<16x16xf32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "s"}
  return
}
