// HeteroCL-MLIR writes handles without their types; the parser supplies
// them, and the printed form spells them out.
// RUN: hcl-opt %s | FileCheck %s
// RUN: hcl-opt %s | hcl-opt | FileCheck %s

// CHECK-LABEL: func.func @untyped_handles
// CHECK:         %[[S:.*]] = hcl.create_op_handle "S" : !hcl.StageHandle
// CHECK-NEXT:    %[[I:.*]] = hcl.create_loop_handle %[[S]], "i" : !hcl.LoopHandle
// CHECK-NEXT:    %{{.*}} = hcl.create_stage_handle "S" : !hcl.StageHandle
// CHECK-NEXT:    %{{.*}} = hcl.create_loop_handle "j" : !hcl.LoopHandle
// CHECK:         hcl.pipeline(%[[I]])
func.func @untyped_handles(%A: memref<4x4xf32>) {
  %s = hcl.create_op_handle "S"
  %li = hcl.create_loop_handle %s, "i"
  %s2 = hcl.create_stage_handle "S"
  %lj = hcl.create_loop_handle "j"
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 4 {
      %v = affine.load %A[%i, %j] : memref<4x4xf32>
      affine.store %v, %A[%i, %j] : memref<4x4xf32>
    } {loop_name = "j"}
  } {loop_name = "i", op_name = "S"}
  hcl.pipeline(%li)
  return
}
