// A partition of the producer's buffer after compute_at does not keep the
// producer's nest alive: schedule ops are not readers of the buffer.
// RUN: hcl-opt %s --hcl-apply-customizations | FileCheck %s
// RUN: hcl check %s | FileCheck %s --check-prefix=EXEC
// EXEC: hcl check: OK

// CHECK-LABEL: func.func @top
// CHECK: memref.alloc() {name = "B"} : memref<8xi32, #{{.*}}>
// CHECK-NOT: stage_name = "B"
// CHECK: stage_name = "C"
func.func @top(%A: memref<8xi32>) -> memref<8xi32> {
  %sB = hcl.create_stage_handle "B" : !hcl.StageHandle
  %sC = hcl.create_stage_handle "C" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %B = memref.alloc() {name = "B"} : memref<8xi32>
  %C = memref.alloc() {name = "C"} : memref<8xi32>
  affine.for %i = 0 to 8 {
    %a = affine.load %A[%i] : memref<8xi32>
    %b = arith.addi %a, %a : i32
    affine.store %b, %B[%i] : memref<8xi32>
  } {loop_name = "i", stage_name = "B"}
  affine.for %i = 0 to 8 {
    %b = affine.load %B[%i] : memref<8xi32>
    %c = arith.muli %b, %b : i32
    affine.store %c, %C[%i] : memref<8xi32>
  } {loop_name = "i", stage_name = "C"}
  hcl.compute_at(%sB, %sC, %li)
  hcl.partition(%B : memref<8xi32>, Cyclic, 1, 2)
  return %C : memref<8xi32>
}
