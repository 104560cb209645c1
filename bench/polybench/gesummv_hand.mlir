// PolyBench/C 4.2 gesummv, MEDIUM dataset, f32, hand schedule: both sums
// accumulate along j, so j moves outside i (no recurrence along the pipelined
// i), i unrolled by 2 over cyclic banks; every loop pipelined at II 1.
// Each unroll is a split by the factor, its inner loop unrolled fully and
// the outer one pipelined: the form hcl estimate models (it ignores an
// unroll factor on a pipelined loop).
func.func @top(%A: memref<250x250xf32>, %B: memref<250x250xf32>, %tmp: memref<250xf32>,
               %x: memref<250xf32>, %y: memref<250xf32>) {
  %alpha = arith.constant 1.5 : f32
  %beta = arith.constant 1.2 : f32
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 250 {
    affine.store %zero, %tmp[%i] : memref<250xf32>
    affine.store %zero, %y[%i] : memref<250xf32>
  } {loop_name = "i", stage_name = "init"}
  affine.for %i = 0 to 250 {
    affine.for %j = 0 to 250 {
      %xv = affine.load %x[%j] : memref<250xf32>
      %a = affine.load %A[%i, %j] : memref<250x250xf32>
      %ma = arith.mulf %a, %xv : f32
      %t = affine.load %tmp[%i] : memref<250xf32>
      %ts = arith.addf %ma, %t : f32
      affine.store %ts, %tmp[%i] : memref<250xf32>
      %b = affine.load %B[%i, %j] : memref<250x250xf32>
      %mb = arith.mulf %b, %xv : f32
      %yv = affine.load %y[%i] : memref<250xf32>
      %ys = arith.addf %mb, %yv : f32
      affine.store %ys, %y[%i] : memref<250xf32>
    } {loop_name = "j", reduction = 1 : i32}
  } {loop_name = "i", stage_name = "acc"}
  affine.for %i = 0 to 250 {
    %t = affine.load %tmp[%i] : memref<250xf32>
    %yv = affine.load %y[%i] : memref<250xf32>
    %at = arith.mulf %alpha, %t : f32
    %by = arith.mulf %beta, %yv : f32
    %s = arith.addf %at, %by : f32
    affine.store %s, %y[%i] : memref<250xf32>
  } {loop_name = "i", stage_name = "fin"}
  %s0 = hcl.create_stage_handle "init" : !hcl.StageHandle
  %s1 = hcl.create_stage_handle "acc" : !hcl.StageHandle
  %s2 = hcl.create_stage_handle "fin" : !hcl.StageHandle
  %i0 = hcl.create_loop_handle %s0, "i" : !hcl.LoopHandle
  %i1 = hcl.create_loop_handle %s1, "i" : !hcl.LoopHandle
  %j1 = hcl.create_loop_handle %s1, "j" : !hcl.LoopHandle
  %i2 = hcl.create_loop_handle %s2, "i" : !hcl.LoopHandle
  hcl.partition(%A : memref<250x250xf32>, Cyclic, 1, 2)
  hcl.partition(%B : memref<250x250xf32>, Cyclic, 1, 2)
  hcl.partition(%tmp : memref<250xf32>, Cyclic, 1, 2)
  hcl.partition(%y : memref<250xf32>, Cyclic, 1, 2)
  hcl.pipeline(%s0, %i0, 1)
  hcl.reorder(%s1, %j1, %i1)
  %i1o, %i1i = hcl.split(%s1, %i1, 2)
  hcl.unroll(%s1, %i1i, 0)
  hcl.pipeline(%s1, %i1o, 1)
  hcl.pipeline(%s2, %i2, 1)
  return
}
