// hcl.clone(@f, %s...) (HeteroCL-MLIR's clone): the calls each handle names
// get a copy of @f of their own, with @f's own schedule. A handle names the
// calls with its stage_name, or, in HeteroCL-MLIR's spelling, every call of
// @f when it names @f itself. The program computes what it computed.
// RUN: hcl-opt %s --hcl-apply-customizations | FileCheck %s
// RUN: hcl check %s | FileCheck %s --check-prefix=EXEC
// RUN: hcl check --hls %s | FileCheck %s --check-prefix=EXEC

// EXEC: OK

// The copy is placed after @scale, split as @scale is.
// CHECK-LABEL: func.func @scale(
// CHECK:         affine.for {{.*}} = 0 to 4 {
// CHECK:         } {loop_name = "i.outer"
// CHECK-LABEL: func.func private @scale_second(
// CHECK:         affine.for {{.*}} = 0 to 4 {
// CHECK:         } {loop_name = "i.outer"
// CHECK-LABEL: func.func @top(
// CHECK:         call @scale(%arg0, %arg1)
// CHECK:         call @scale_second(%arg1, %arg2)
func.func @scale(%A: memref<16xf32>, %B: memref<16xf32>) {
  %s = hcl.create_op_handle "s"
  %li = hcl.create_loop_handle %s, "i"
  affine.for %i = 0 to 16 {
    %a = affine.load %A[%i] : memref<16xf32>
    %b = arith.addf %a, %a : f32
    affine.store %b, %B[%i] : memref<16xf32>
  } {loop_name = "i", op_name = "s"}
  %lo, %lin = hcl.split (%li, 4)
  return
}

func.func @top(%A: memref<16xf32>, %B: memref<16xf32>, %C: memref<16xf32>) {
  call @scale(%A, %B) {stage_name = "first"} : (memref<16xf32>, memref<16xf32>) -> ()
  call @scale(%B, %C) {stage_name = "second"} : (memref<16xf32>, memref<16xf32>) -> ()
  %s = hcl.create_op_handle "second"
  hcl.clone(@scale, %s)
  return
}

// By the callee's name: every call of @inc in @bycallee gets @inc_inc.
// CHECK-LABEL: func.func private @inc_inc(
// CHECK-LABEL: func.func @bycallee(
// CHECK:         call @inc_inc(
// CHECK:         call @inc_inc(
func.func @inc(%A: memref<8xi32>) {
  affine.for %i = 0 to 8 {
    %a = affine.load %A[%i] : memref<8xi32>
    %c1 = arith.constant 1 : i32
    %b = arith.addi %a, %c1 : i32
    affine.store %b, %A[%i] : memref<8xi32>
  } {loop_name = "i", op_name = "inc"}
  return
}

func.func @bycallee(%A: memref<8xi32>) {
  call @inc(%A) : (memref<8xi32>) -> ()
  call @inc(%A) : (memref<8xi32>) -> ()
  %s = hcl.create_op_handle "inc"
  hcl.clone(@inc, %s)
  return
}
