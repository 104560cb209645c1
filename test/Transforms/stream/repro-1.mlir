// Not a lit test (lit.local.cfg excludes repro-*.mlir): an inferred stream
// depth far larger than needed, found by random_pipelines.py.
//
//   hcl-opt repro-1.mlir --hcl-apply-customizations | grep stream_depth
// gives B `stream_depth = 64` (all of B), yet with `{depth = 2}` on the
// hcl.to the deadlock check accepts it and `hcl check --hls` (threads,
// bounded FIFOs) says OK: 2 is enough.
//
// P writes B (streamed to D) and X, an ordinary buffer that E, after D,
// reads. StreamCheck's unbounded run advances the process furthest
// downstream first: E, which waits for P to finish (X), so P writes all 64
// elements of B before D reads any, and the largest occupancy it sees (64)
// becomes the inferred depth. D does not wait for E, so in the region D
// drains B as P fills it. The depth is safe, only wasteful (a 64-deep FIFO
// for 2). random_pipelines.py predicts what hcl does, this included.
func.func @top(%A: memref<8x8xi32>) -> memref<8x8xi32> {
  %sD = hcl.create_stage_handle "D" : !hcl.StageHandle
  %B = memref.alloc() {name = "B"} : memref<8x8xi32>
  %X = memref.alloc() {name = "X"} : memref<8x8xi32>
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %x = affine.load %A[%i, %j] : memref<8x8xi32>
      affine.store %x, %B[%i, %j] : memref<8x8xi32>
      affine.store %x, %X[%i, %j] : memref<8x8xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "P"}
  %D = memref.alloc() {name = "D"} : memref<8x8xi32>
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %x = affine.load %B[%i, %j] : memref<8x8xi32>
      affine.store %x, %D[%i, %j] : memref<8x8xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "D"}
  %E = memref.alloc() {name = "E"} : memref<8x8xi32>
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %x = affine.load %X[%i, %j] : memref<8x8xi32>
      %y = affine.load %D[%i, %j] : memref<8x8xi32>
      %z = arith.addi %x, %y : i32
      affine.store %z, %E[%i, %j] : memref<8x8xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "E"}
  hcl.to(%B : memref<8x8xi32>, %sD)
  return %E : memref<8x8xi32>
}
