// The outlining document's three-stage program (B = A + 1, C = A + 1,
// D = B + C) with B and C streamed into D: the CPU results equal the
// unstreamed program's, the HLS C++ has hls::stream channels of the inferred
// depth in a dataflow region with each stage a function, and its C
// simulation (processes as threads, bounded FIFOs) matches the JIT.
// RUN: hcl-opt %s --hcl-apply-customizations | FileCheck %s --check-prefix=IR
// RUN: hcl check %s | FileCheck %s --check-prefix=CPU
// RUN: hcl-opt %s --hcl-apply-customizations | hcl-translate --emit-hls-cpp | FileCheck %s --check-prefix=HLS
// RUN: hcl check --hls %s | FileCheck %s --check-prefix=CSIM

// IR: func.func @top{{.*}}attributes {dataflow}
// IR: memref.alloc() {name = "B", stream_depth = 2 : i64}
// IR: memref.alloc() {name = "C", stream_depth = 2 : i64}
// CPU: hcl check: OK
// HLS: #include <hls_stream.h>
// HLS: void top_B(int32_t arg0[32][32], hls::stream<int32_t, 2> &arg1);
// HLS: void top(
// HLS: #pragma HLS dataflow
// HLS: hls::stream<int32_t, 2> B("B");
// HLS-NEXT: #pragma HLS stream variable=B depth=2
// HLS: #ifndef HCL_DATAFLOW_THREADS
// HLS-NEXT: top_B(arg0, B);
// HLS-NEXT: top_C(arg0, C);
// HLS-NEXT: top_D(B, C, result0);
// HLS-NEXT: #else
// HLS: region.add("D", {}, [&] { top_D(B, C, result0); });
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
  return %D : memref<32x32xi32>
}
