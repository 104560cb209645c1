// RUN: hcl-opt %s --hcl-apply-customizations -split-input-file | FileCheck %s

// An internal buffer: stores quantize, loads convert back; the stages keep f32.
// CHECK-LABEL: func.func @internal
// CHECK: %[[T:.*]] = memref.alloc() {name = "T"} : memref<8x!hcl.Fixed<8, 4>>
// CHECK: %[[Q:.*]] = hcl.float_to_fixed %{{.*}} : f32 to !hcl.Fixed<8, 4>
// CHECK: affine.store %[[Q]], %[[T]]
// CHECK: %[[L:.*]] = affine.load %[[T]]
// CHECK: hcl.fixed_to_float %[[L]] : !hcl.Fixed<8, 4> to f32
func.func @internal(%A: memref<8xf32>, %B: memref<8xf32>) {
  %T = memref.alloc() {name = "T"} : memref<8xf32>
  affine.for %i = 0 to 8 {
    %a = affine.load %A[%i] : memref<8xf32>
    affine.store %a, %T[%i] : memref<8xf32>
  } {loop_name = "i", stage_name = "S"}
  affine.for %i = 0 to 8 {
    %t = affine.load %T[%i] : memref<8xf32>
    %d = arith.addf %t, %t : f32
    affine.store %d, %B[%i] : memref<8xf32>
  } {loop_name = "i", stage_name = "U"}
  hcl.quantize(%T : memref<8xf32>, !hcl.Fixed<8, 4>)
  return
}

// -----

// An argument: the signature changes; integers convert with int_to_fixed /
// fixed_to_int; an unsigned argument with uint_to_fixed.
// CHECK-LABEL: func.func @argument(%arg0: memref<8x!hcl.UFixed<12, 4>>, %arg1: memref<8xi8> {hcl.unsigned})
// CHECK: hcl.fixed_to_int %{{.*}} : !hcl.UFixed<12, 4> to i16
// CHECK: arith.extui %{{.*}} : i8 to i16
// CHECK: arith.trunci %{{.*}} : i16 to i8
func.func @argument(%A: memref<8xi16>, %B: memref<8xi16> {hcl.unsigned}) {
  affine.for %i = 0 to 8 {
    %a = affine.load %A[%i] : memref<8xi16>
    %b = affine.load %B[%i] : memref<8xi16>
    %s = arith.addi %a, %b : i16
    affine.store %s, %B[%i] : memref<8xi16>
  } {loop_name = "i", stage_name = "S"}
  hcl.quantize(%A : memref<8xi16>, !hcl.UFixed<12, 4>)
  hcl.downsize(%B : memref<8xi16>, i8)
  return
}
