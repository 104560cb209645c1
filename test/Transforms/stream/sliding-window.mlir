// A producer streaming into a 3x3 stencil: the consumer reads each element
// of B up to nine times, which a FIFO cannot give, until reuse_at gives it
// a line buffer (along i) and a window (along j); then it reads each element
// once, row-major, and B streams. CPU results and the threaded C simulation
// (bounded FIFO of the inferred depth) equal the unscheduled program.
// RUN: hcl-opt %s --hcl-apply-customizations | FileCheck %s --check-prefix=IR
// RUN: hcl check %s | FileCheck %s --check-prefix=CPU
// RUN: hcl check --hls %s | FileCheck %s --check-prefix=CSIM
// RUN: hcl-opt %s --hcl-apply-customizations | hcl-translate --emit-hls-cpp | FileCheck %s --check-prefix=HLS

// IR: memref.alloc() {name = "B", stream_depth = 2 : i64} : memref<10x10xi32>
// CPU: hcl check: OK
// CSIM: hcl check --hls: OK
// HLS: void top_C(hls::stream<int32_t, 2> &arg0, int32_t arg1[8][8])
// HLS: int32_t {{.*}} = arg0.read();

func.func @top(%A: memref<10x10xi32>) -> memref<8x8xi32> {
  %sB = hcl.create_stage_handle "B" : !hcl.StageHandle
  %sC = hcl.create_stage_handle "C" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  %c3 = arith.constant 3 : i32
  %B = memref.alloc() {name = "B"} : memref<10x10xi32>
  affine.for %i = 0 to 10 {
    affine.for %j = 0 to 10 {
      %a = affine.load %A[%i, %j] : memref<10x10xi32>
      %b = arith.muli %a, %c3 : i32
      affine.store %b, %B[%i, %j] : memref<10x10xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "B"}
  %C = memref.alloc() {name = "C"} : memref<8x8xi32>
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %s0 = affine.load %B[%i, %j] : memref<10x10xi32>
      %s1 = affine.load %B[%i, %j + 1] : memref<10x10xi32>
      %s2 = affine.load %B[%i, %j + 2] : memref<10x10xi32>
      %s3 = affine.load %B[%i + 1, %j] : memref<10x10xi32>
      %s4 = affine.load %B[%i + 1, %j + 1] : memref<10x10xi32>
      %s5 = affine.load %B[%i + 1, %j + 2] : memref<10x10xi32>
      %s6 = affine.load %B[%i + 2, %j] : memref<10x10xi32>
      %s7 = affine.load %B[%i + 2, %j + 1] : memref<10x10xi32>
      %s8 = affine.load %B[%i + 2, %j + 2] : memref<10x10xi32>
      %t0 = arith.addi %s0, %s1 : i32
      %t1 = arith.addi %t0, %s2 : i32
      %t2 = arith.addi %t1, %s3 : i32
      %t3 = arith.subi %t2, %s4 : i32
      %t4 = arith.addi %t3, %s5 : i32
      %t5 = arith.addi %t4, %s6 : i32
      %t6 = arith.addi %t5, %s7 : i32
      %t7 = arith.addi %t6, %s8 : i32
      affine.store %t7, %C[%i, %j] : memref<8x8xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "C"}
  %lb = hcl.reuse_at(%sC, %B : memref<10x10xi32>, %li) -> memref<3x10xi32>
  %wb = hcl.reuse_at(%sC, %lb : memref<3x10xi32>, %lj) -> memref<3x3xi32>
  hcl.pipeline(%sC, %lj, 1)
  hcl.to(%B : memref<10x10xi32>, %sC)
  return %C : memref<8x8xi32>
}
