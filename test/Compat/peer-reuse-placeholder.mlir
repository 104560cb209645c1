// HeteroCL's Python front end declares every reuse_at result memref<1xf32>,
// whatever buffer the schedule makes. Over a target of another element type
// hcl reads that declaration as the placeholder it is (as memref<*xT>: the
// schedule chooses the buffer), also when the result is the target of the
// next reuse_at (a line buffer, then a window buffer over it).
// RUN: hcl-opt %s --hcl-apply-customizations | FileCheck %s
// RUN: hcl check %s | FileCheck %s --check-prefix=EXEC
// RUN: hcl check --hls %s | FileCheck %s --check-prefix=EXEC
// EXEC: hcl check{{.*}}: OK

// CHECK-LABEL: func.func @stencil
// CHECK: memref.alloc() : memref<3x10xi8>
// CHECK: memref.alloc() : memref<3x3xi8>
// CHECK-NOT: hcl.
func.func @stencil(%A: memref<10x10xi8>) -> memref<8x8xi8> {
  %s = hcl.create_op_handle "B"
  %li = hcl.create_loop_handle %s, "i"
  %lj = hcl.create_loop_handle %s, "j"
  %B = memref.alloc() {name = "B"} : memref<8x8xi8>
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %a = affine.load %A[%i, %j] : memref<10x10xi8>
      %b = affine.load %A[%i + 2, %j + 2] : memref<10x10xi8>
      %c = arith.addi %a, %b : i8
      affine.store %c, %B[%i, %j] : memref<8x8xi8>
    } {loop_name = "j"}
  } {loop_name = "i", op_name = "B"}
  %lb = hcl.reuse_at(%A : memref<10x10xi8>, %li) -> memref<1xf32>
  %wb = hcl.reuse_at(%lb : memref<1xf32>, %lj) -> memref<1xf32>
  return %B : memref<8x8xi8>
}
