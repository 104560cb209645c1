// PolyBench/C 4.2 gemm, MEDIUM dataset (NI=200, NJ=220, NK=240), f32:
// C := alpha*A*B + beta*C. No schedule.
func.func @top(%A: memref<200x240xf32>, %B: memref<240x220xf32>, %C: memref<200x220xf32>) {
  %alpha = arith.constant 1.5 : f32
  %beta = arith.constant 1.2 : f32
  affine.for %i = 0 to 200 {
    affine.for %j = 0 to 220 {
      %c = affine.load %C[%i, %j] : memref<200x220xf32>
      %v = arith.mulf %c, %beta : f32
      affine.store %v, %C[%i, %j] : memref<200x220xf32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "scale"}
  affine.for %i = 0 to 200 {
    affine.for %k = 0 to 240 {
      affine.for %j = 0 to 220 {
        %a = affine.load %A[%i, %k] : memref<200x240xf32>
        %aa = arith.mulf %alpha, %a : f32
        %b = affine.load %B[%k, %j] : memref<240x220xf32>
        %p = arith.mulf %aa, %b : f32
        %c = affine.load %C[%i, %j] : memref<200x220xf32>
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<200x220xf32>
      } {loop_name = "j"}
    } {loop_name = "k", reduction = 1 : i32}
  } {loop_name = "i", stage_name = "s"}
  return
}
