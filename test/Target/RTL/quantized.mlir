// hcl.quantize retypes a tensor's storage, not its computation: the
// arithmetic stays in floats between conversions, so a quantized float
// kernel is refused at the first load, where the element becomes a float
// again (the constants the lowering hoists have no line of their own):
// there, the 16-bit integer's conversion has no float unit.
// RUN: not hcl check --rtl %s 2>&1 | FileCheck %s
// CHECK: quantized.mlir:[[@LINE+6]]:14: error: rtl: 'arith.sitofp' of i16 to f32 has no float unit
func.func @top(%A: memref<4x4xf32>, %B: memref<4x4xf32>, %C: memref<4x4xf32>) {
  %s = hcl.create_stage_handle "s" : !hcl.StageHandle
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 4 {
      affine.for %k = 0 to 4 {
        %a = affine.load %A[%i, %k] : memref<4x4xf32>
        %b = affine.load %B[%k, %j] : memref<4x4xf32>
        %c = affine.load %C[%i, %j] : memref<4x4xf32>
        %p = arith.mulf %a, %b : f32
        %n = arith.addf %p, %c : f32
        affine.store %n, %C[%i, %j] : memref<4x4xf32>
      } {loop_name = "k"}
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "s"}
  hcl.quantize(%A : memref<4x4xf32>, !hcl.Fixed<16, 8>)
  hcl.quantize(%B : memref<4x4xf32>, !hcl.Fixed<16, 8>)
  hcl.quantize(%C : memref<4x4xf32>, !hcl.Fixed<16, 8>)
  return
}
