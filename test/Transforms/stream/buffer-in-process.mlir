// buffer_at on the consumer of a stream (issue 16): its buffer is allocated
// once at the function's entry, and in the HLS dataflow region it moves into
// the consumer's process as a local array, not a channel between processes.
// RUN: hcl check %s | FileCheck %s --check-prefix=CPU
// RUN: hcl check --hls %s | FileCheck %s --check-prefix=CSIM
// RUN: hcl-opt %s --hcl-apply-customizations | hcl-translate --emit-hls-cpp | FileCheck %s --check-prefix=HLS
// CPU: hcl check: OK
// CSIM: hcl check --hls: OK
// HLS-LABEL: void top_D({{.*}}) {
// HLS:         float D_row[16];
// HLS-LABEL: void top({{.*}}) {
// HLS-NOT:     D_row

func.func @top(%A: memref<8x16xf32>) -> memref<8x16xf32> {
  %sB = hcl.create_stage_handle "B" : !hcl.StageHandle
  %sD = hcl.create_stage_handle "D" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %c1 = arith.constant 1.0 : f32
  %B = memref.alloc() {name = "B"} : memref<8x16xf32>
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 16 {
      %a = affine.load %A[%i, %j] : memref<8x16xf32>
      %b = arith.addf %a, %c1 : f32
      affine.store %b, %B[%i, %j] : memref<8x16xf32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "B"}
  %D = memref.alloc() {name = "D"} : memref<8x16xf32>
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 16 {
      %b = affine.load %B[%i, %j] : memref<8x16xf32>
      %d = arith.mulf %b, %b : f32
      affine.store %d, %D[%i, %j] : memref<8x16xf32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "D"}
  hcl.to(%B : memref<8x16xf32>, %sD)
  %row = hcl.buffer_at(%sD, %D : memref<8x16xf32>, %li) {buffer_name = "D_row"} -> memref<16xf32>
  return %D : memref<8x16xf32>
}
