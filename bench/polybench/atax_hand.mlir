// PolyBench/C 4.2 atax, MEDIUM dataset, f32, hand schedule: tmp = A x
// accumulates along j, so j moves outside i there (no recurrence along the
// pipelined i); y += A^T tmp already has no recurrence along j. The inner
// loops are unrolled by 2 over cyclic banks and pipelined at II 1.
// Each unroll is a split by the factor, its inner loop unrolled fully and
// the outer one pipelined: the form hcl estimate models (it ignores an
// unroll factor on a pipelined loop).
func.func @top(%A: memref<390x410xf32>, %x: memref<410xf32>, %y: memref<410xf32>,
               %tmp: memref<390xf32>) {
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 410 {
    affine.store %zero, %y[%i] : memref<410xf32>
  } {loop_name = "i", stage_name = "y_init"}
  affine.for %i = 0 to 390 {
    affine.store %zero, %tmp[%i] : memref<390xf32>
  } {loop_name = "i", stage_name = "tmp_init"}
  affine.for %i = 0 to 390 {
    affine.for %j = 0 to 410 {
      %a = affine.load %A[%i, %j] : memref<390x410xf32>
      %xv = affine.load %x[%j] : memref<410xf32>
      %p = arith.mulf %a, %xv : f32
      %t = affine.load %tmp[%i] : memref<390xf32>
      %s = arith.addf %t, %p : f32
      affine.store %s, %tmp[%i] : memref<390xf32>
    } {loop_name = "j", reduction = 1 : i32}
  } {loop_name = "i", stage_name = "tmp"}
  affine.for %i = 0 to 390 {
    affine.for %j = 0 to 410 {
      %a = affine.load %A[%i, %j] : memref<390x410xf32>
      %t = affine.load %tmp[%i] : memref<390xf32>
      %p = arith.mulf %a, %t : f32
      %yv = affine.load %y[%j] : memref<410xf32>
      %s = arith.addf %yv, %p : f32
      affine.store %s, %y[%j] : memref<410xf32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "y", reduction = 1 : i32}
  %sy0 = hcl.create_stage_handle "y_init" : !hcl.StageHandle
  %st0 = hcl.create_stage_handle "tmp_init" : !hcl.StageHandle
  %st = hcl.create_stage_handle "tmp" : !hcl.StageHandle
  %sy = hcl.create_stage_handle "y" : !hcl.StageHandle
  %iy0 = hcl.create_loop_handle %sy0, "i" : !hcl.LoopHandle
  %it0 = hcl.create_loop_handle %st0, "i" : !hcl.LoopHandle
  %it = hcl.create_loop_handle %st, "i" : !hcl.LoopHandle
  %jt = hcl.create_loop_handle %st, "j" : !hcl.LoopHandle
  %jy = hcl.create_loop_handle %sy, "j" : !hcl.LoopHandle
  hcl.partition(%A : memref<390x410xf32>, Cyclic, 1, 2)
  hcl.partition(%A : memref<390x410xf32>, Cyclic, 2, 2)
  hcl.partition(%tmp : memref<390xf32>, Cyclic, 1, 2)
  hcl.partition(%y : memref<410xf32>, Cyclic, 1, 2)
  hcl.pipeline(%sy0, %iy0, 1)
  hcl.pipeline(%st0, %it0, 1)
  hcl.reorder(%st, %jt, %it)
  %ito, %iti = hcl.split(%st, %it, 2)
  hcl.unroll(%st, %iti, 0)
  hcl.pipeline(%st, %ito, 1)
  %jyo, %jyi = hcl.split(%sy, %jy, 2)
  hcl.unroll(%sy, %jyi, 0)
  hcl.pipeline(%sy, %jyo, 1)
  return
}
