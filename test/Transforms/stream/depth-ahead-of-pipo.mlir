// P writes B, streamed to D, and X, an ordinary buffer that E (after D)
// reads: E waits for P to finish, but D drains B as P fills it, so B needs
// only the minimum depth. (The first inference, pulling E first, let P run
// ahead and asked for all 64 elements; found by random_pipelines.py.)
// RUN: hcl-opt %s --hcl-apply-customizations | FileCheck %s
// RUN: hcl check --hls %s | FileCheck %s --check-prefix=CSIM
// CHECK: name = "B", stream_depth = 2 : i64
// CSIM: hcl check --hls: OK

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
