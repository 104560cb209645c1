// A customization template (HeteroCL-MLIR's hcl.customization / hcl.apply):
// written once over an array of any element type and loop handles, applied
// to two stages. Each hcl.apply is replaced by the template's body with its
// arguments, then applied in program order.
// RUN: hcl-opt %s --hcl-apply-customizations | FileCheck %s
// RUN: hcl check %s | FileCheck %s --check-prefix=EXEC

// EXEC: hcl check: OK: @top

// CHECK-NOT: hcl.customization
// CHECK-LABEL: func.func @top
// CHECK:         } {loop_name = "j1", pipeline_ii = 1 : i32}
// CHECK:         } {loop_name = "j2", pipeline_ii = 1 : i32}
// CHECK-NOT: hcl.

hcl.customization @row_opt(%A: memref<?x?x!hcl.Type>, %j: !hcl.LoopHandle) {
  hcl.pipeline(%j, 1)
  hcl.partition(%A: memref<?x?x!hcl.Type>, "CompletePartition", 2)
  hcl.end
}

func.func @top(%A: memref<4x8xi32>, %B: memref<4x8xi32>, %C: memref<4x8xf32>) {
  %s1 = hcl.create_op_handle "s1"
  %j1 = hcl.create_loop_handle %s1, "j1"
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 8 {
      %a = affine.load %A[%i, %j] : memref<4x8xi32>
      %b = arith.addi %a, %a : i32
      affine.store %b, %B[%i, %j] : memref<4x8xi32>
    } {loop_name = "j1"}
  } {loop_name = "i1", op_name = "s1"}
  %s2 = hcl.create_op_handle "s2"
  %j2 = hcl.create_loop_handle %s2, "j2"
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 8 {
      %c = affine.load %C[%i, %j] : memref<4x8xf32>
      %d = arith.mulf %c, %c : f32
      affine.store %d, %C[%i, %j] : memref<4x8xf32>
    } {loop_name = "j2"}
  } {loop_name = "i2", op_name = "s2"}
  hcl.apply @row_opt(%B, %j1) : (memref<4x8xi32>, !hcl.LoopHandle) -> ()
  hcl.apply @row_opt(%C, %j2) : (memref<4x8xf32>, !hcl.LoopHandle) -> ()
  return
}
