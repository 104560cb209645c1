// PolyBench/C 4.2 bicg, MEDIUM dataset (M=390, N=410), f32: s := A^T r,
// q := A p. No schedule.
func.func @top(%A: memref<410x390xf32>, %s: memref<390xf32>, %q: memref<410xf32>,
               %p: memref<390xf32>, %r: memref<410xf32>) {
  %zero = arith.constant 0.0 : f32
  affine.for %j = 0 to 390 {
    affine.store %zero, %s[%j] : memref<390xf32>
  } {loop_name = "j", stage_name = "s_init"}
  affine.for %i = 0 to 410 {
    affine.store %zero, %q[%i] : memref<410xf32>
  } {loop_name = "i", stage_name = "q_init"}
  affine.for %i = 0 to 410 {
    affine.for %j = 0 to 390 {
      %rv = affine.load %r[%i] : memref<410xf32>
      %a = affine.load %A[%i, %j] : memref<410x390xf32>
      %m = arith.mulf %rv, %a : f32
      %sv = affine.load %s[%j] : memref<390xf32>
      %t = arith.addf %sv, %m : f32
      affine.store %t, %s[%j] : memref<390xf32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "s", reduction = 1 : i32}
  affine.for %i = 0 to 410 {
    affine.for %j = 0 to 390 {
      %a = affine.load %A[%i, %j] : memref<410x390xf32>
      %pv = affine.load %p[%j] : memref<390xf32>
      %m = arith.mulf %a, %pv : f32
      %qv = affine.load %q[%i] : memref<410xf32>
      %t = arith.addf %qv, %m : f32
      affine.store %t, %q[%i] : memref<410xf32>
    } {loop_name = "j", reduction = 1 : i32}
  } {loop_name = "i", stage_name = "q"}
  return
}
