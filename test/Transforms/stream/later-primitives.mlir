// Primitives after hcl.to that retype the streamed buffers (partition of B,
// quantize of C to fixed point): the channels keep their depth, the HLS C++
// streams the new element type, and both paths match the unscheduled program.
// RUN: hcl-opt %s --hcl-apply-customizations | FileCheck %s --check-prefix=IR
// RUN: hcl check %s | FileCheck %s --check-prefix=CPU
// RUN: hcl check --hls %s | FileCheck %s --check-prefix=CSIM
// IR: memref.alloc() {name = "C", stream_depth = 2 : i64} : memref<32x32x!hcl.Fixed<16, 8>>
// CPU: hcl check: OK
// CSIM: hcl check --hls: OK

func.func @top(%A: memref<32x32xf32>) -> memref<32x32xf32> {
  %sB = hcl.create_stage_handle "B" : !hcl.StageHandle
  %sC = hcl.create_stage_handle "C" : !hcl.StageHandle
  %sD = hcl.create_stage_handle "D" : !hcl.StageHandle
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  %c1 = arith.constant 1.0 : f32
  %B = memref.alloc() {name = "B"} : memref<32x32xf32>
  affine.for %i = 0 to 32 {
    affine.for %j = 0 to 32 {
      %a = affine.load %A[%i, %j] : memref<32x32xf32>
      %b = arith.addf %a, %c1 : f32
      affine.store %b, %B[%i, %j] : memref<32x32xf32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "B"}
  %C = memref.alloc() {name = "C"} : memref<32x32xf32>
  affine.for %i = 0 to 32 {
    affine.for %j = 0 to 32 {
      %a = affine.load %A[%i, %j] : memref<32x32xf32>
      %c = arith.addf %a, %c1 : f32
      affine.store %c, %C[%i, %j] : memref<32x32xf32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "C"}
  %D = memref.alloc() {name = "D"} : memref<32x32xf32>
  affine.for %i = 0 to 32 {
    affine.for %j = 0 to 32 {
      %b = affine.load %B[%i, %j] : memref<32x32xf32>
      %c = affine.load %C[%i, %j] : memref<32x32xf32>
      %d = arith.addf %b, %c : f32
      affine.store %d, %D[%i, %j] : memref<32x32xf32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "D"}
  hcl.pipeline(%sB, %lj, 1)
  hcl.pipeline(%sD, %lj, 1)
  hcl.to(%B : memref<32x32xf32>, %sD)
  hcl.to(%C : memref<32x32xf32>, %sD)
  hcl.partition(%B : memref<32x32xf32>, Cyclic, 2, 4)
  hcl.quantize(%C : memref<32x32xf32>, !hcl.Fixed<16, 8>)
  return %D : memref<32x32xf32>
}
