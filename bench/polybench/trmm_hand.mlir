// PolyBench/C 4.2 trmm, MEDIUM dataset, f32, hand schedule: the sum into
// B[i][j] runs along k, so k moves outside j (the scaling after it goes into
// its own loop j.post); j is unrolled by 2 over cyclic banks of B and
// pipelined at II 1 (the estimate gives II 2: each bank of B serves two
// reads and a write per iteration on two ports).
// Each unroll is a split by the factor, its inner loop unrolled fully and
// the outer one pipelined: the form hcl estimate models (it ignores an
// unroll factor on a pipelined loop).
#after = affine_map<(d0) -> (d0 + 1)>
func.func @top(%A: memref<200x200xf32>, %B: memref<200x240xf32>) {
  %alpha = arith.constant 1.5 : f32
  affine.for %i = 0 to 200 {
    affine.for %j = 0 to 240 {
      affine.for %k = #after(%i) to 200 {
        %a = affine.load %A[%k, %i] : memref<200x200xf32>
        %bk = affine.load %B[%k, %j] : memref<200x240xf32>
        %p = arith.mulf %a, %bk : f32
        %bi = affine.load %B[%i, %j] : memref<200x240xf32>
        %s = arith.addf %bi, %p : f32
        affine.store %s, %B[%i, %j] : memref<200x240xf32>
      } {loop_name = "k", reduction = 1 : i32, max_trip_count = 199 : i64}
      %b = affine.load %B[%i, %j] : memref<200x240xf32>
      %v = arith.mulf %alpha, %b : f32
      affine.store %v, %B[%i, %j] : memref<200x240xf32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "s"}
  %s = hcl.create_stage_handle "s" : !hcl.StageHandle
  %lj = hcl.create_loop_handle %s, "j" : !hcl.LoopHandle
  %lk = hcl.create_loop_handle %s, "k" : !hcl.LoopHandle
  hcl.partition(%B : memref<200x240xf32>, Cyclic, 2, 2)
  hcl.reorder(%s, %lk, %lj)
  %ljo, %lji = hcl.split(%s, %lj, 2)
  hcl.unroll(%s, %lji, 0)
  hcl.pipeline(%s, %ljo, 1)
  %lp = hcl.create_loop_handle %s, "j.post" : !hcl.LoopHandle
  hcl.pipeline(%s, %lp, 1)
  return
}
