// PolyBench/C 4.2 3mm, MEDIUM dataset (NI=180, NJ=190, NK=200, NL=210, NM=220),
// f32: E := A*B, F := C*D, G := E*F. No schedule.
func.func @top(%E: memref<180x190xf32>, %A: memref<180x200xf32>, %B: memref<200x190xf32>,
               %F: memref<190x210xf32>, %C: memref<190x220xf32>, %D: memref<220x210xf32>,
               %G: memref<180x210xf32>) {
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 180 {
    affine.for %j = 0 to 190 {
      affine.store %zero, %E[%i, %j] : memref<180x190xf32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "E_init"}
  affine.for %i = 0 to 180 {
    affine.for %j = 0 to 190 {
      affine.for %k = 0 to 200 {
        %a = affine.load %A[%i, %k] : memref<180x200xf32>
        %b = affine.load %B[%k, %j] : memref<200x190xf32>
        %p = arith.mulf %a, %b : f32
        %o = affine.load %E[%i, %j] : memref<180x190xf32>
        %s = arith.addf %o, %p : f32
        affine.store %s, %E[%i, %j] : memref<180x190xf32>
      } {loop_name = "k", reduction = 1 : i32}
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "E"}
  affine.for %i = 0 to 190 {
    affine.for %j = 0 to 210 {
      affine.store %zero, %F[%i, %j] : memref<190x210xf32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "F_init"}
  affine.for %i = 0 to 190 {
    affine.for %j = 0 to 210 {
      affine.for %k = 0 to 220 {
        %a = affine.load %C[%i, %k] : memref<190x220xf32>
        %b = affine.load %D[%k, %j] : memref<220x210xf32>
        %p = arith.mulf %a, %b : f32
        %o = affine.load %F[%i, %j] : memref<190x210xf32>
        %s = arith.addf %o, %p : f32
        affine.store %s, %F[%i, %j] : memref<190x210xf32>
      } {loop_name = "k", reduction = 1 : i32}
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "F"}
  affine.for %i = 0 to 180 {
    affine.for %j = 0 to 210 {
      affine.store %zero, %G[%i, %j] : memref<180x210xf32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "G_init"}
  affine.for %i = 0 to 180 {
    affine.for %j = 0 to 210 {
      affine.for %k = 0 to 190 {
        %a = affine.load %E[%i, %k] : memref<180x190xf32>
        %b = affine.load %F[%k, %j] : memref<190x210xf32>
        %p = arith.mulf %a, %b : f32
        %o = affine.load %G[%i, %j] : memref<180x210xf32>
        %s = arith.addf %o, %p : f32
        affine.store %s, %G[%i, %j] : memref<180x210xf32>
      } {loop_name = "k", reduction = 1 : i32}
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "G"}
  return
}
