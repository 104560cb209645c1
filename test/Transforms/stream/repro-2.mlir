// Not a lit test (lit.local.cfg excludes repro-*.mlir): a legal program
// refused, found by random_pipelines.py.
//
//   hcl-opt repro-2.mlir --hcl-apply-customizations
// says "error: hcl.to: no stage reads 'B'", although stage C reads B (each
// element once, in order, once its two identical loads are one read, as
// hcl.to makes them). Without the reorder of the unrelated stage D, or
// with arith.addi instead of arith.xori, B is streamed (stream_depth = 2).
//
// hcl.to merges the repeated loads of B[i][j] in C (mergeRepeatedReads),
// which leaves %v = arith.xori %x, %x; the reorder of D, applied later,
// simplifies the whole function, which folds that to 0 and deletes C's
// load of B, so when the streams are checked C no longer reads B. The
// verdict depends on an unrelated primitive, and the message blames the
// program for what the compiler did: either the stream should be dropped
// quietly (nothing needs it) or the check should see the loads as written.
// random_pipelines.py does not make `X op X` with an op that folds to a
// constant (xori, subi) for this reason.
func.func @top(%A: memref<8x8xi32>) -> memref<8x8xi32> {
  %sC = hcl.create_stage_handle "C" : !hcl.StageHandle
  %sD = hcl.create_stage_handle "D" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  %B = memref.alloc() {name = "B"} : memref<8x8xi32>
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %x = affine.load %A[%i, %j] : memref<8x8xi32>
      affine.store %x, %B[%i, %j] : memref<8x8xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "B"}
  %C = memref.alloc() {name = "C"} : memref<8x8xi32>
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %x = affine.load %B[%i, %j] : memref<8x8xi32>
      %y = affine.load %B[%i, %j] : memref<8x8xi32>
      %v = arith.xori %x, %y : i32
      affine.store %v, %C[%i, %j] : memref<8x8xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "C"}
  %D = memref.alloc() {name = "D"} : memref<8x8xi32>
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %x = affine.load %A[%i, %j] : memref<8x8xi32>
      affine.store %x, %D[%i, %j] : memref<8x8xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "D"}
  hcl.to(%B : memref<8x8xi32>, %sC)
  hcl.reorder(%sD, %lj, %li)
  return %C : memref<8x8xi32>
}
