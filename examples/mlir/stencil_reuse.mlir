// A five-point stencil with a line buffer and a window buffer
// (HeteroCL-MLIR's memory customizations, as in its five-point example).
//
//   B[i][j] = A[i][j+1] + A[i+1][j] + A[i+1][j+1] + A[i+1][j+2] + A[i+2][j+1]
//
// The algorithm reads each element of A up to five times. The schedule at
// the end of the function keeps what the stencil reuses on chip:
//   - reuse_at(A, i) makes a 3x10 line buffer: three rows of A, shifted up
//     by one row per iteration of i, so A is read once;
//   - reuse_at(LB, j) makes a 3x3 window buffer over the line buffer,
//     shifted left by one column per iteration of j;
//   - partition splits both buffers into registers, so that one iteration
//     can read all of them in the same cycle, and pipeline(j, 1) asks for a
//     new iteration of j every cycle.
//
//   hcl check examples/mlir/stencil_reuse.mlir        # scheduled == unscheduled
//   hcl check --hls examples/mlir/stencil_reuse.mlir  # HLS C++ (g++) == JIT
//   hcl estimate examples/mlir/stencil_reuse.mlir     # II and latency
//   hcl-opt --hcl-apply-customizations examples/mlir/stencil_reuse.mlir
//                                                     # the buffered loops
func.func @top(%A: memref<10x10xi32>) -> memref<8x8xi32> {
  // The algorithm: stage "B", loops "i" and "j".
  %B = memref.alloc() {name = "B"} : memref<8x8xi32>
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %n = affine.load %A[%i, %j + 1] : memref<10x10xi32>
      %w = affine.load %A[%i + 1, %j] : memref<10x10xi32>
      %c = affine.load %A[%i + 1, %j + 1] : memref<10x10xi32>
      %e = affine.load %A[%i + 1, %j + 2] : memref<10x10xi32>
      %s = affine.load %A[%i + 2, %j + 1] : memref<10x10xi32>
      %0 = arith.addi %n, %w : i32
      %1 = arith.addi %0, %c : i32
      %2 = arith.addi %1, %e : i32
      %3 = arith.addi %2, %s : i32
      affine.store %3, %B[%i, %j] : memref<8x8xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "B"}

  // The schedule: handles name the stage and its loops; the engine
  // (--hcl-apply-customizations) applies the primitives in order.
  %s = hcl.create_stage_handle "B" : !hcl.StageHandle
  %li = hcl.create_loop_handle %s, "i" : !hcl.LoopHandle
  %lj = hcl.create_loop_handle %s, "j" : !hcl.LoopHandle
  %lb = hcl.reuse_at(%s, %A : memref<10x10xi32>, %li) -> memref<3x10xi32>
  %wb = hcl.reuse_at(%s, %lb : memref<3x10xi32>, %lj) -> memref<3x3xi32>
  hcl.partition(%lb : memref<3x10xi32>, Complete, 1)
  hcl.partition(%wb : memref<3x3xi32>, Complete, 0)
  hcl.pipeline(%s, %lj, 1)
  return %B : memref<8x8xi32>
}
