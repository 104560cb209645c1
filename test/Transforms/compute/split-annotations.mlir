// split keeps a loop's requests where they mean something: pipeline and
// unroll on the inner loop, parallel on the outer one, reduction on both.
// RUN: hcl-opt %s --hcl-apply-customizations | FileCheck %s
// RUN: hcl check %s --entry pipelined | FileCheck %s --check-prefix=EXEC
// EXEC: hcl check: OK

// CHECK-LABEL: func.func @pipelined(
// CHECK: } {loop_name = "i.inner", pipeline_ii = 2 : i32, reduction = 1 : i32, unroll = 2 : i32}
// CHECK-NEXT: } {loop_name = "i.outer", reduction = 1 : i32, stage_name = "S"}
func.func @pipelined(%A: memref<16xi32>, %R: memref<1xi32>) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  affine.for %i = 0 to 16 {
    %a = affine.load %A[%i] : memref<16xi32>
    %r = affine.load %R[0] : memref<1xi32>
    %b = arith.addi %a, %r : i32
    affine.store %b, %R[0] : memref<1xi32>
  } {loop_name = "i", stage_name = "S", reduction = 1 : i32}
  hcl.pipeline(%s, %li, 2)
  hcl.unroll(%s, %li, 2)
  %o, %n = hcl.split(%s, %li, 4)
  return
}

// CHECK-LABEL: func.func @parallel_outer(
// CHECK: } {loop_name = "i.inner"}
// CHECK-NEXT: } {loop_name = "i.outer", parallel, stage_name = "P"}
func.func @parallel_outer(%A: memref<16xf32>) {
  %s = hcl.create_stage_handle "P" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  affine.for %i = 0 to 16 {
    %a = affine.load %A[%i] : memref<16xf32>
    %b = arith.addf %a, %a : f32
    affine.store %b, %A[%i] : memref<16xf32>
  } {loop_name = "i", stage_name = "P"}
  hcl.parallel(%s, %li)
  %o, %n = hcl.split(%s, %li, 4)
  return
}
