// reuse_at and buffer_at with an unranked result type let the engine choose
// the buffer's shape (what the C++ front end writes); later primitives can
// use such a buffer as a target.
// RUN: hcl-opt %s --hcl-apply-customizations | FileCheck %s
// RUN: hcl check %s --entry stencil | FileCheck %s --check-prefix=EXEC
// RUN: hcl check %s --entry gemm | FileCheck %s --check-prefix=EXEC
// EXEC: hcl check: OK

// CHECK-LABEL: func.func @stencil
// CHECK: memref.alloc() : memref<3x10xi32>
// CHECK: memref.alloc() : memref<3x3xi32, #{{.*}}>
func.func @stencil(%A: memref<10x10xi32>) -> memref<8x8xi32> {
  %s = hcl.create_stage_handle "B" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  %B = memref.alloc() {name = "B"} : memref<8x8xi32>
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %a = affine.load %A[%i, %j] : memref<10x10xi32>
      %b = affine.load %A[%i + 2, %j + 2] : memref<10x10xi32>
      %c = arith.addi %a, %b : i32
      affine.store %c, %B[%i, %j] : memref<8x8xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "B"}
  %lb = hcl.reuse_at(%s, %A : memref<10x10xi32>, %li) -> memref<*xi32>
  %wb = hcl.reuse_at(%s, %lb : memref<*xi32>, %lj) -> memref<*xi32>
  hcl.partition(%wb : memref<*xi32>, Complete, 0)
  return %B : memref<8x8xi32>
}

// CHECK-LABEL: func.func @gemm
// CHECK: memref.alloca() : memref<5xf32>
func.func @gemm(%A: memref<4x3xf32>, %B: memref<3x5xf32>, %C: memref<4x5xf32>) {
  %s = hcl.create_stage_handle "s" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 5 {
      affine.for %k = 0 to 3 {
        %a = affine.load %A[%i, %k] : memref<4x3xf32>
        %b = affine.load %B[%k, %j] : memref<3x5xf32>
        %c = affine.load %C[%i, %j] : memref<4x5xf32>
        %p = arith.mulf %a, %b : f32
        %t = arith.addf %p, %c : f32
        affine.store %t, %C[%i, %j] : memref<4x5xf32>
      } {loop_name = "k", reduction = 1 : i32}
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "s"}
  %buf = hcl.buffer_at(%s, %C : memref<4x5xf32>, %li) -> memref<*xf32>
  return
}
