// prog-s29-95 of `random_schedules.py --rtl --seed 29`: a CPU bug, open.
// Vectorized, a min over Fixed<12, 4> (i12 in 2-byte slots) computes wrong
// values on the JIT; without the vectorize it matches, and the RTL matches
// the unvectorized program. Probably vector<2xi12> loads, which LLVM lays
// out bit-packed, from a memref whose i12 elements take 2 bytes each.
//   hcl check THIS_FILE --entry kernel --seeds 2
//   -> MISMATCH at [1, 1]: expected 12, got 0
// random_schedules.py --rtl draws no vectorize on such widths meanwhile.
func.func @kernel(%in0: memref<5x2x!hcl.Fixed<12, 4>>) {
  %s0 = hcl.create_stage_handle "s0" : !hcl.StageHandle
  affine.for %i = 0 to 5 {
    affine.for %j = 0 to 2 {
      %x1 = affine.load %in0[%i, %j] : memref<5x2x!hcl.Fixed<12, 4>>
      %x2 = hcl.fixed_constant 0.75 : !hcl.Fixed<12, 4>
      %x3 = hcl.min_fixed %x1, %x2 : !hcl.Fixed<12, 4>
      affine.store %x3, %in0[%i, %j] : memref<5x2x!hcl.Fixed<12, 4>>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "s0"}
  %h1 = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %h2 = hcl.create_loop_handle %s0, "j" : !hcl.LoopHandle
  %h3 = hcl.fuse(%s0, %h1, %h2)
  %h4 = hcl.create_loop_handle %s0, "i.j.fused" : !hcl.LoopHandle
  hcl.parallel(%s0, %h4)
  hcl.vectorize(%s0, %h3, 2)
  return
}
