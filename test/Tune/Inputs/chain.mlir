// Two compute stages through an on-chip array: T = A * B (zeroed by its own
// stage first), then D = 2 * T + C.
func.func @top(%A: memref<16x24xf32>, %B: memref<24x16xf32>, %C: memref<16x16xf32>, %D: memref<16x16xf32>) {
  %zero = arith.constant 0.0 : f32
  %two = arith.constant 2.0 : f32
  %T = memref.alloc() {name = "T"} : memref<16x16xf32>
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 16 {
      affine.store %zero, %T[%i, %j] : memref<16x16xf32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "T_init"}
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 16 {
      affine.for %k = 0 to 24 {
        %a = affine.load %A[%i, %k] : memref<16x24xf32>
        %b = affine.load %B[%k, %j] : memref<24x16xf32>
        %t = affine.load %T[%i, %j] : memref<16x16xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %t, %p : f32
        affine.store %s, %T[%i, %j] : memref<16x16xf32>
      } {loop_name = "k", reduction = 1 : i32}
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "T"}
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 16 {
      %t = affine.load %T[%i, %j] : memref<16x16xf32>
      %c = affine.load %C[%i, %j] : memref<16x16xf32>
      %m = arith.mulf %t, %two : f32
      %s = arith.addf %m, %c : f32
      affine.store %s, %D[%i, %j] : memref<16x16xf32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "D"}
  memref.dealloc %T : memref<16x16xf32>
  return
}
