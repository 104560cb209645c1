// Matrix multiplication with an on-chip accumulator row
// (HeteroCL-MLIR's gemm with reorder, buffer_at and pipeline).
//
//   C[i][j] += A[i][k] * B[k][j]      (C is an argument, updated in place)
//
// As written, the innermost loop k accumulates into one element of C: each
// iteration needs the previous one's sum (a floating-point add of several
// cycles), so a pipelined k cannot start an iteration every cycle. The
// schedule interleaves the accumulations:
//   - reorder(k, j) makes j the innermost loop: consecutive iterations add
//     into different elements C[i][j];
//   - buffer_at(C, i) keeps the row C[i][*] in a local buffer of 32
//     elements (allocated once, before the loops) while i runs (copied in before, written back after), so the
//     pipeline reads and writes on-chip memory;
//   - pipeline(j, 1) asks for one iteration of j per cycle.
//
//   hcl check examples/mlir/gemm_acc.mlir
//   hcl check --hls examples/mlir/gemm_acc.mlir
//   hcl estimate examples/mlir/gemm_acc.mlir   # compare with the schedule removed
func.func @top(%A: memref<32x16xf32>, %B: memref<16x32xf32>,
               %C: memref<32x32xf32>) {
  affine.for %i = 0 to 32 {
    affine.for %j = 0 to 32 {
      affine.for %k = 0 to 16 {
        %a = affine.load %A[%i, %k] : memref<32x16xf32>
        %b = affine.load %B[%k, %j] : memref<16x32xf32>
        %c = affine.load %C[%i, %j] : memref<32x32xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<32x32xf32>
      } {loop_name = "k", reduction = 1 : i32}
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "s"}

  %s = hcl.create_stage_handle "s" : !hcl.StageHandle
  %li = hcl.create_loop_handle %s, "i" : !hcl.LoopHandle
  %lj = hcl.create_loop_handle %s, "j" : !hcl.LoopHandle
  %lk = hcl.create_loop_handle %s, "k" : !hcl.LoopHandle
  hcl.reorder(%s, %lk, %lj)
  %row = hcl.buffer_at(%s, %C : memref<32x32xf32>, %li) -> memref<32xf32>
  hcl.pipeline(%s, %lj, 1)
  return
}
