// The loops compute_at copies into the consumer (`B.j`) can be named by later
// primitives (found by the random schedule test: the handle's verifier used
// to reject the name before compute_at had made the loop).
// RUN: hcl-opt %s --hcl-apply-customizations | FileCheck %s
// RUN: hcl check %s | FileCheck %s --check-prefix=EXEC
// EXEC: hcl check: OK
// CHECK: {loop_name = "B.j", pipeline_ii = 1 : i32}
func.func @top(%A: memref<10x10xi32>) -> memref<8x8xi32> {
  %B = memref.alloc() {name = "B"} : memref<10x10xi32>
  %C = memref.alloc() {name = "C"} : memref<8x8xi32>
  %sB = hcl.create_stage_handle "B" : !hcl.StageHandle
  %sC = hcl.create_stage_handle "C" : !hcl.StageHandle
  %li = hcl.create_loop_handle %sC, "i" : !hcl.LoopHandle
  %one = arith.constant 1 : i32
  affine.for %i = 0 to 10 {
    affine.for %j = 0 to 10 {
      %a = affine.load %A[%i, %j] : memref<10x10xi32>
      %b = arith.addi %a, %one : i32
      affine.store %b, %B[%i, %j] : memref<10x10xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "B"}
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %x = affine.load %B[%i, %j] : memref<10x10xi32>
      %y = affine.load %B[%i + 2, %j + 1] : memref<10x10xi32>
      %s = arith.addi %x, %y : i32
      affine.store %s, %C[%i, %j] : memref<8x8xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "C"}
  hcl.compute_at(%sB, %sC, %li)
  %lBj = hcl.create_loop_handle %sC, "B.j" : !hcl.LoopHandle
  hcl.pipeline(%sC, %lBj)
  return %C : memref<8x8xi32>
}
