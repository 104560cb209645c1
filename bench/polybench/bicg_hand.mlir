// PolyBench/C 4.2 bicg, MEDIUM dataset, f32, hand schedule: s += r A has
// no recurrence along j; q = A p accumulates along j, so j moves outside i
// there. The inner loops are unrolled by 2 over cyclic banks and pipelined at
// II 1.
// Each unroll is a split by the factor, its inner loop unrolled fully and
// the outer one pipelined: the form hcl estimate models (it ignores an
// unroll factor on a pipelined loop).
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
  %ss0 = hcl.create_stage_handle "s_init" : !hcl.StageHandle
  %sq0 = hcl.create_stage_handle "q_init" : !hcl.StageHandle
  %ss = hcl.create_stage_handle "s" : !hcl.StageHandle
  %sq = hcl.create_stage_handle "q" : !hcl.StageHandle
  %js0 = hcl.create_loop_handle %ss0, "j" : !hcl.LoopHandle
  %iq0 = hcl.create_loop_handle %sq0, "i" : !hcl.LoopHandle
  %js = hcl.create_loop_handle %ss, "j" : !hcl.LoopHandle
  %iq = hcl.create_loop_handle %sq, "i" : !hcl.LoopHandle
  %jq = hcl.create_loop_handle %sq, "j" : !hcl.LoopHandle
  hcl.partition(%A : memref<410x390xf32>, Cyclic, 1, 2)
  hcl.partition(%A : memref<410x390xf32>, Cyclic, 2, 2)
  hcl.partition(%s : memref<390xf32>, Cyclic, 1, 2)
  hcl.partition(%q : memref<410xf32>, Cyclic, 1, 2)
  hcl.pipeline(%ss0, %js0, 1)
  hcl.pipeline(%sq0, %iq0, 1)
  %jso, %jsi = hcl.split(%ss, %js, 2)
  hcl.unroll(%ss, %jsi, 0)
  hcl.pipeline(%ss, %jso, 1)
  hcl.reorder(%sq, %jq, %iq)
  %iqo, %iqi = hcl.split(%sq, %iq, 2)
  hcl.unroll(%sq, %iqi, 0)
  hcl.pipeline(%sq, %iqo, 1)
  return
}
