// --hcl-merge-identical-functions: private functions whose bodies differ
// only in their names and stage names become the first of them; a
// different body, a public function and one referred to by other than a
// call stay. The program computes the same before and after.
// RUN: hcl-opt %s --hcl-merge-identical-functions | FileCheck %s
// RUN: hcl run %s --random-inputs 1 > %t.plain
// RUN: hcl-opt %s --hcl-merge-identical-functions -o %t.mlir
// RUN: hcl run %t.mlir --random-inputs 1 > %t.merged
// RUN: grep -v "time\|compiled" %t.plain > %t.a && grep -v "time\|compiled" %t.merged > %t.b && diff %t.a %t.b

// CHECK: func.func private @scale_B(
// CHECK-NOT: func.func private @scale_C(
// CHECK: func.func private @add_one(
// CHECK: func.func @scale_public(
// CHECK: func.func private @scale_pinned(
// CHECK-LABEL: func.func @top(
// CHECK: call @scale_B(%{{.*}}, %arg0)
// CHECK: call @scale_B(%{{.*}}, %{{.*}})
// CHECK: call @add_one(
// CHECK: call @scale_public(
func.func private @scale_B(%out: memref<16xf32>, %in: memref<16xf32>) {
  affine.for %i = 0 to 16 {
    %a = affine.load %in[%i] : memref<16xf32>
    %b = arith.addf %a, %a : f32
    affine.store %b, %out[%i] : memref<16xf32>
  } {loop_name = "i", stage_name = "B"}
  return
}
func.func private @scale_C(%out: memref<16xf32>, %in: memref<16xf32>) {
  affine.for %i = 0 to 16 {
    %a = affine.load %in[%i] : memref<16xf32>
    %b = arith.addf %a, %a : f32
    affine.store %b, %out[%i] : memref<16xf32>
  } {loop_name = "i", stage_name = "C"}
  return
}
func.func private @add_one(%out: memref<16xf32>, %in: memref<16xf32>) {
  %one = arith.constant 1.0 : f32
  affine.for %i = 0 to 16 {
    %a = affine.load %in[%i] : memref<16xf32>
    %b = arith.addf %a, %one : f32
    affine.store %b, %out[%i] : memref<16xf32>
  } {loop_name = "i", stage_name = "D"}
  return
}
func.func @scale_public(%out: memref<16xf32>, %in: memref<16xf32>) {
  affine.for %i = 0 to 16 {
    %a = affine.load %in[%i] : memref<16xf32>
    %b = arith.addf %a, %a : f32
    affine.store %b, %out[%i] : memref<16xf32>
  } {loop_name = "i", stage_name = "E"}
  return
}
func.func private @scale_pinned(%out: memref<16xf32>, %in: memref<16xf32>) {
  affine.for %i = 0 to 16 {
    %a = affine.load %in[%i] : memref<16xf32>
    %b = arith.addf %a, %a : f32
    affine.store %b, %out[%i] : memref<16xf32>
  } {loop_name = "i", stage_name = "F"}
  return
}
func.func @top(%A: memref<16xf32>) -> memref<16xf32> {
  %B = memref.alloc() {name = "B"} : memref<16xf32>
  call @scale_B(%B, %A) : (memref<16xf32>, memref<16xf32>) -> ()
  %C = memref.alloc() {name = "C"} : memref<16xf32>
  call @scale_C(%C, %B) : (memref<16xf32>, memref<16xf32>) -> ()
  %D = memref.alloc() {name = "D"} : memref<16xf32>
  call @add_one(%D, %C) : (memref<16xf32>, memref<16xf32>) -> ()
  %E = memref.alloc() {name = "E"} : memref<16xf32>
  call @scale_public(%E, %D) : (memref<16xf32>, memref<16xf32>) -> ()
  %f = func.constant @scale_pinned : (memref<16xf32>, memref<16xf32>) -> ()
  return %E : memref<16xf32>
}
