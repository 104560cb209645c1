// PolyBench/C 4.2 2mm, MEDIUM dataset (NI=180, NJ=190, NK=210, NL=220), f32:
// tmp := alpha*A*B, D := tmp*C + beta*D. No schedule.
func.func @top(%tmp: memref<180x190xf32>, %A: memref<180x210xf32>, %B: memref<210x190xf32>,
               %C: memref<190x220xf32>, %D: memref<180x220xf32>) {
  %alpha = arith.constant 1.5 : f32
  %beta = arith.constant 1.2 : f32
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 180 {
    affine.for %j = 0 to 190 {
      affine.store %zero, %tmp[%i, %j] : memref<180x190xf32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "tmp_init"}
  affine.for %i = 0 to 180 {
    affine.for %j = 0 to 190 {
      affine.for %k = 0 to 210 {
        %a = affine.load %A[%i, %k] : memref<180x210xf32>
        %aa = arith.mulf %alpha, %a : f32
        %b = affine.load %B[%k, %j] : memref<210x190xf32>
        %p = arith.mulf %aa, %b : f32
        %t = affine.load %tmp[%i, %j] : memref<180x190xf32>
        %s = arith.addf %t, %p : f32
        affine.store %s, %tmp[%i, %j] : memref<180x190xf32>
      } {loop_name = "k", reduction = 1 : i32}
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "tmp"}
  affine.for %i = 0 to 180 {
    affine.for %j = 0 to 220 {
      %d = affine.load %D[%i, %j] : memref<180x220xf32>
      %v = arith.mulf %d, %beta : f32
      affine.store %v, %D[%i, %j] : memref<180x220xf32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "D_scale"}
  affine.for %i = 0 to 180 {
    affine.for %j = 0 to 220 {
      affine.for %k = 0 to 190 {
        %t = affine.load %tmp[%i, %k] : memref<180x190xf32>
        %c = affine.load %C[%k, %j] : memref<190x220xf32>
        %p = arith.mulf %t, %c : f32
        %d = affine.load %D[%i, %j] : memref<180x220xf32>
        %s = arith.addf %d, %p : f32
        affine.store %s, %D[%i, %j] : memref<180x220xf32>
      } {loop_name = "k", reduction = 1 : i32}
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "D"}
  return
}
