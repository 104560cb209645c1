// PolyBench/C 4.2 mvt, MEDIUM dataset, f32, hand schedule: both products
// accumulate along j, so j moves outside i (no recurrence along the pipelined
// i; unit stride in A for x2). i is unrolled by 2 over cyclic banks and
// pipelined at II 1.
// Each unroll is a split by the factor, its inner loop unrolled fully and
// the outer one pipelined: the form hcl estimate models (it ignores an
// unroll factor on a pipelined loop).
func.func @top(%x1: memref<400xf32>, %x2: memref<400xf32>, %y1: memref<400xf32>,
               %y2: memref<400xf32>, %A: memref<400x400xf32>) {
  affine.for %i = 0 to 400 {
    affine.for %j = 0 to 400 {
      %a = affine.load %A[%i, %j] : memref<400x400xf32>
      %yv = affine.load %y1[%j] : memref<400xf32>
      %m = arith.mulf %a, %yv : f32
      %xv = affine.load %x1[%i] : memref<400xf32>
      %s = arith.addf %xv, %m : f32
      affine.store %s, %x1[%i] : memref<400xf32>
    } {loop_name = "j", reduction = 1 : i32}
  } {loop_name = "i", stage_name = "x1"}
  affine.for %i = 0 to 400 {
    affine.for %j = 0 to 400 {
      %a = affine.load %A[%j, %i] : memref<400x400xf32>
      %yv = affine.load %y2[%j] : memref<400xf32>
      %m = arith.mulf %a, %yv : f32
      %xv = affine.load %x2[%i] : memref<400xf32>
      %s = arith.addf %xv, %m : f32
      affine.store %s, %x2[%i] : memref<400xf32>
    } {loop_name = "j", reduction = 1 : i32}
  } {loop_name = "i", stage_name = "x2"}
  %s1 = hcl.create_stage_handle "x1" : !hcl.StageHandle
  %s2 = hcl.create_stage_handle "x2" : !hcl.StageHandle
  %i1 = hcl.create_loop_handle %s1, "i" : !hcl.LoopHandle
  %j1 = hcl.create_loop_handle %s1, "j" : !hcl.LoopHandle
  %i2 = hcl.create_loop_handle %s2, "i" : !hcl.LoopHandle
  %j2 = hcl.create_loop_handle %s2, "j" : !hcl.LoopHandle
  hcl.partition(%A : memref<400x400xf32>, Cyclic, 1, 2)
  hcl.partition(%A : memref<400x400xf32>, Cyclic, 2, 2)
  hcl.partition(%x1 : memref<400xf32>, Cyclic, 1, 2)
  hcl.partition(%x2 : memref<400xf32>, Cyclic, 1, 2)
  hcl.reorder(%s1, %j1, %i1)
  %i1o, %i1i = hcl.split(%s1, %i1, 2)
  hcl.unroll(%s1, %i1i, 0)
  hcl.pipeline(%s1, %i1o, 1)
  hcl.reorder(%s2, %j2, %i2)
  %i2o, %i2i = hcl.split(%s2, %i2, 2)
  hcl.unroll(%s2, %i2i, 0)
  hcl.pipeline(%s2, %i2o, 1)
  return
}
