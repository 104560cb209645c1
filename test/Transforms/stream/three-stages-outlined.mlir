// The three-stage program streamed, then outlined as the outlining document
// does (each stage a function): the channels are checked through the calls,
// passed to the stage functions as hls::stream references, and the threaded
// C simulation matches the JIT.
// RUN: hcl check %s | FileCheck %s --check-prefix=CPU
// RUN: hcl-opt %s --hcl-apply-customizations | hcl-translate --emit-hls-cpp | FileCheck %s --check-prefix=HLS
// RUN: hcl check --hls %s | FileCheck %s --check-prefix=CSIM

// CPU: hcl check: OK
// HLS: void Stage_D(hls::stream<int32_t, 2> &arg0, hls::stream<int32_t, 2> &arg1, int32_t arg2[32][32])
// HLS: region.add("B", {}, [&] { Stage_B(arg0, B); });
// CSIM: hcl check --hls: OK

func.func @top(%A: memref<32x32xi32>) -> memref<32x32xi32> {
  %sB = hcl.create_stage_handle "B" : !hcl.StageHandle
  %sC = hcl.create_stage_handle "C" : !hcl.StageHandle
  %sD = hcl.create_stage_handle "D" : !hcl.StageHandle
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  %c1 = arith.constant 1 : i32
  %B = memref.alloc() {name = "B"} : memref<32x32xi32>
  affine.for %i = 0 to 32 {
    affine.for %j = 0 to 32 {
      %a = affine.load %A[%i, %j] : memref<32x32xi32>
      %b = arith.addi %a, %c1 : i32
      affine.store %b, %B[%i, %j] : memref<32x32xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "B"}
  %C = memref.alloc() {name = "C"} : memref<32x32xi32>
  affine.for %i = 0 to 32 {
    affine.for %j = 0 to 32 {
      %a = affine.load %A[%i, %j] : memref<32x32xi32>
      %c = arith.addi %a, %c1 : i32
      affine.store %c, %C[%i, %j] : memref<32x32xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "C"}
  %D = memref.alloc() {name = "D"} : memref<32x32xi32>
  affine.for %i = 0 to 32 {
    affine.for %j = 0 to 32 {
      %b = affine.load %B[%i, %j] : memref<32x32xi32>
      %c = affine.load %C[%i, %j] : memref<32x32xi32>
      %d = arith.addi %b, %c : i32
      affine.store %d, %D[%i, %j] : memref<32x32xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "D"}
  hcl.pipeline(%sB, %lj, 1)
  hcl.pipeline(%sD, %lj, 1)
  hcl.to(%B : memref<32x32xi32>, %sD)
  hcl.to(%C : memref<32x32xi32>, %sD)
  hcl.outline (%sB)
  hcl.outline (%sC)
  hcl.outline (%sD)
  return %D : memref<32x32xi32>
}
