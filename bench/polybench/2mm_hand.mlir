// PolyBench/C 4.2 2mm, MEDIUM dataset, f32, hand schedule: in both products
// the reduction k moves outside j (unit stride in B, C, tmp and D, and no
// recurrence along j), j is unrolled by 2 over cyclic banks and pipelined at
// II 1; the initializations are pipelined.
// Each unroll is a split by the factor, its inner loop unrolled fully and
// the outer one pipelined: the form hcl estimate models (it ignores an
// unroll factor on a pipelined loop).
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
  %s0 = hcl.create_stage_handle "tmp_init" : !hcl.StageHandle
  %s1 = hcl.create_stage_handle "tmp" : !hcl.StageHandle
  %s2 = hcl.create_stage_handle "D_scale" : !hcl.StageHandle
  %s3 = hcl.create_stage_handle "D" : !hcl.StageHandle
  %j0 = hcl.create_loop_handle %s0, "j" : !hcl.LoopHandle
  %j1 = hcl.create_loop_handle %s1, "j" : !hcl.LoopHandle
  %k1 = hcl.create_loop_handle %s1, "k" : !hcl.LoopHandle
  %j2 = hcl.create_loop_handle %s2, "j" : !hcl.LoopHandle
  %j3 = hcl.create_loop_handle %s3, "j" : !hcl.LoopHandle
  %k3 = hcl.create_loop_handle %s3, "k" : !hcl.LoopHandle
  hcl.partition(%tmp : memref<180x190xf32>, Cyclic, 2, 2)
  hcl.partition(%B : memref<210x190xf32>, Cyclic, 2, 2)
  hcl.partition(%C : memref<190x220xf32>, Cyclic, 2, 2)
  hcl.partition(%D : memref<180x220xf32>, Cyclic, 2, 2)
  hcl.reorder(%s1, %k1, %j1)
  hcl.reorder(%s3, %k3, %j3)
  %j0o, %j0i = hcl.split(%s0, %j0, 2)
  hcl.unroll(%s0, %j0i, 0)
  hcl.pipeline(%s0, %j0o, 1)
  %j1o, %j1i = hcl.split(%s1, %j1, 2)
  hcl.unroll(%s1, %j1i, 0)
  hcl.pipeline(%s1, %j1o, 1)
  %j2o, %j2i = hcl.split(%s2, %j2, 2)
  hcl.unroll(%s2, %j2i, 0)
  hcl.pipeline(%s2, %j2o, 1)
  %j3o, %j3i = hcl.split(%s3, %j3, 2)
  hcl.unroll(%s3, %j3i, 0)
  hcl.pipeline(%s3, %j3o, 1)
  return
}
