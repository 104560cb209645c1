// hcl.parallel is a CPU request: Vitis HLS has no parallel loop, so the HLS
// C++ says so on the loop instead of silently dropping it.
// RUN: hcl-opt %s --hcl-apply-customizations | hcl-translate --emit-hls-cpp | FileCheck %s
// CHECK: l_i: for (int i = 0; i < 8; i++) {
// CHECK-NEXT: // hcl.parallel: threads on the CPU only; for hardware, unroll or pipeline this loop
// CHECK-NEXT: l_j: for

func.func @top(%A: memref<8x8xi32>) -> memref<8x8xi32> {
  %s = hcl.create_stage_handle "B" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %B = memref.alloc() {name = "B"} : memref<8x8xi32>
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %a = affine.load %A[%i, %j] : memref<8x8xi32>
      %b = arith.addi %a, %a : i32
      affine.store %b, %B[%i, %j] : memref<8x8xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "B"}
  hcl.parallel(%s, %li)
  return %B : memref<8x8xi32>
}
