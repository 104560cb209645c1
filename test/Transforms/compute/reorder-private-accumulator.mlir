// A reduction's accumulator allocated inside the band (what `sum` lowers to)
// is new in every iteration, so it does not make reorder or tile illegal.
// RUN: hcl-opt %s --hcl-apply-customizations | FileCheck %s
// RUN: hcl check %s | FileCheck %s --check-prefix=EXEC
// EXEC: hcl check: OK
// CHECK: } {loop_name = "i"}
// CHECK-NEXT: } {loop_name = "j", parallel, stage_name = "C"}
func.func @top(%A: memref<6x4xi32>, %B: memref<4x5xi32>) -> memref<6x5xi32> {
  %s = hcl.create_stage_handle "C" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  %C = memref.alloc() {name = "C"} : memref<6x5xi32>
  %zero = arith.constant 0 : i32
  affine.for %i = 0 to 6 {
    affine.for %j = 0 to 5 {
      %acc = memref.alloca() {name = "sum"} : memref<1xi32>
      affine.store %zero, %acc[0] : memref<1xi32>
      affine.for %k = 0 to 4 {
        %a = affine.load %A[%i, %k] : memref<6x4xi32>
        %b = affine.load %B[%k, %j] : memref<4x5xi32>
        %p = arith.muli %a, %b : i32
        %o = affine.load %acc[0] : memref<1xi32>
        %n = arith.addi %o, %p : i32
        affine.store %n, %acc[0] : memref<1xi32>
      } {loop_name = "k", reduction = 1 : i32}
      %r = affine.load %acc[0] : memref<1xi32>
      affine.store %r, %C[%i, %j] : memref<6x5xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "C"}
  hcl.reorder(%s, %lj, %li)
  hcl.parallel(%s, %lj)
  return %C : memref<6x5xi32>
}
