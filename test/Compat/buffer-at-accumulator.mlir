// buffer_at at the loop around a reduction, every index of the target fixed
// in one of its iterations (HeteroCL-MLIR's buffer_gemm): a one-element
// buffer the reduction accumulates in, read from and written back to C.
// RUN: hcl-opt %s --hcl-apply-customizations | FileCheck %s
// RUN: hcl check %s | FileCheck %s --check-prefix=EXEC
// RUN: hcl check --hls %s | FileCheck %s --check-prefix=EXEC

// EXEC: OK

// CHECK:      %[[BUF:.*]] = memref.alloca() : memref<1xf32>
// CHECK-NEXT: affine.for %[[I:.*]] = 0 to 8 {
// CHECK-NEXT:   affine.for %[[J:.*]] = 0 to 8 {
// CHECK-NEXT:     %[[C0:.*]] = affine.load %{{.*}}[%[[I]], %[[J]]] : memref<8x8xf32>
// CHECK-NEXT:     affine.store %[[C0]], %[[BUF]][0] : memref<1xf32>
// CHECK-NEXT:     affine.for
// CHECK:            affine.load %[[BUF]][0] : memref<1xf32>
// CHECK:            affine.store %{{.*}}, %[[BUF]][0] : memref<1xf32>
// CHECK-NEXT:     } {loop_name = "k", reduction = 1 : i32}
// CHECK-NEXT:     %[[SUM:.*]] = affine.load %[[BUF]][0] : memref<1xf32>
// CHECK-NEXT:     affine.store %[[SUM]], %{{.*}}[%[[I]], %[[J]]] : memref<8x8xf32>
// CHECK-NEXT:   } {loop_name = "j"}
// CHECK-NOT:  memref.dealloc
func.func @top(%A: memref<8x4xf32>, %B: memref<4x8xf32>, %C: memref<8x8xf32>) {
  %s = hcl.create_op_handle "s"
  %lj = hcl.create_loop_handle %s, "j"
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      affine.for %k = 0 to 4 {
        %a = affine.load %A[%i, %k] : memref<8x4xf32>
        %b = affine.load %B[%k, %j] : memref<4x8xf32>
        %c = affine.load %C[%i, %j] : memref<8x8xf32>
        %p = arith.mulf %a, %b : f32
        %q = arith.addf %p, %c : f32
        affine.store %q, %C[%i, %j] : memref<8x8xf32>
      } {loop_name = "k", reduction = 1 : i32}
    } {loop_name = "j"}
  } {loop_name = "i", op_name = "s"}
  %buf = hcl.buffer_at(%C : memref<8x8xf32>, %lj) -> memref<1xf32>
  return
}
