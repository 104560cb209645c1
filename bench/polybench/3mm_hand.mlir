// PolyBench/C 4.2 3mm, MEDIUM dataset, f32, hand schedule: in each product
// the reduction k moves outside j (unit stride, no recurrence along j), j is
// unrolled by 2 over cyclic banks and pipelined at II 1; the initializations
// are pipelined.
// Each unroll is a split by the factor, its inner loop unrolled fully and
// the outer one pipelined: the form hcl estimate models (it ignores an
// unroll factor on a pipelined loop).
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
  %e0 = hcl.create_stage_handle "E_init" : !hcl.StageHandle
  %e = hcl.create_stage_handle "E" : !hcl.StageHandle
  %f0 = hcl.create_stage_handle "F_init" : !hcl.StageHandle
  %f = hcl.create_stage_handle "F" : !hcl.StageHandle
  %g0 = hcl.create_stage_handle "G_init" : !hcl.StageHandle
  %g = hcl.create_stage_handle "G" : !hcl.StageHandle
  %e0j = hcl.create_loop_handle %e0, "j" : !hcl.LoopHandle
  %ej = hcl.create_loop_handle %e, "j" : !hcl.LoopHandle
  %ek = hcl.create_loop_handle %e, "k" : !hcl.LoopHandle
  %f0j = hcl.create_loop_handle %f0, "j" : !hcl.LoopHandle
  %fj = hcl.create_loop_handle %f, "j" : !hcl.LoopHandle
  %fk = hcl.create_loop_handle %f, "k" : !hcl.LoopHandle
  %g0j = hcl.create_loop_handle %g0, "j" : !hcl.LoopHandle
  %gj = hcl.create_loop_handle %g, "j" : !hcl.LoopHandle
  %gk = hcl.create_loop_handle %g, "k" : !hcl.LoopHandle
  hcl.partition(%B : memref<200x190xf32>, Cyclic, 2, 2)
  hcl.partition(%E : memref<180x190xf32>, Cyclic, 2, 2)
  hcl.partition(%D : memref<220x210xf32>, Cyclic, 2, 2)
  hcl.partition(%F : memref<190x210xf32>, Cyclic, 2, 2)
  hcl.partition(%G : memref<180x210xf32>, Cyclic, 2, 2)
  hcl.reorder(%e, %ek, %ej)
  hcl.reorder(%f, %fk, %fj)
  hcl.reorder(%g, %gk, %gj)
  %e0jo, %e0ji = hcl.split(%e0, %e0j, 2)
  hcl.unroll(%e0, %e0ji, 0)
  hcl.pipeline(%e0, %e0jo, 1)
  %ejo, %eji = hcl.split(%e, %ej, 2)
  hcl.unroll(%e, %eji, 0)
  hcl.pipeline(%e, %ejo, 1)
  %f0jo, %f0ji = hcl.split(%f0, %f0j, 2)
  hcl.unroll(%f0, %f0ji, 0)
  hcl.pipeline(%f0, %f0jo, 1)
  %fjo, %fji = hcl.split(%f, %fj, 2)
  hcl.unroll(%f, %fji, 0)
  hcl.pipeline(%f, %fjo, 1)
  %g0jo, %g0ji = hcl.split(%g0, %g0j, 2)
  hcl.unroll(%g0, %g0ji, 0)
  hcl.pipeline(%g0, %g0jo, 1)
  %gjo, %gji = hcl.split(%g, %gj, 2)
  hcl.unroll(%g, %gji, 0)
  hcl.pipeline(%g, %gjo, 1)
  return
}
