// PolyBench/C 4.2 gemm, MEDIUM dataset, f32, hand schedule: the loop order is
// already i, k, j (unit stride in B and C, no recurrence along j); j is
// unrolled by 4 over cyclic banks of B and C and pipelined at II 1.
// Each unroll is a split by the factor, its inner loop unrolled fully and
// the outer one pipelined: the form hcl estimate models (it ignores an
// unroll factor on a pipelined loop).
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
  %sc = hcl.create_stage_handle "scale" : !hcl.StageHandle
  %s = hcl.create_stage_handle "s" : !hcl.StageHandle
  %scj = hcl.create_loop_handle %sc, "j" : !hcl.LoopHandle
  %lj = hcl.create_loop_handle %s, "j" : !hcl.LoopHandle
  hcl.partition(%B : memref<240x220xf32>, Cyclic, 2, 4)
  hcl.partition(%C : memref<200x220xf32>, Cyclic, 2, 4)
  %scjo, %scji = hcl.split(%sc, %scj, 4)
  hcl.unroll(%sc, %scji, 0)
  hcl.pipeline(%sc, %scjo, 1)
  %ljo, %lji = hcl.split(%s, %lj, 4)
  hcl.unroll(%s, %lji, 0)
  hcl.pipeline(%s, %ljo, 1)
  return
}
