// Over an f32 target, HeteroCL's placeholder memref<1xf32> could be the
// buffer's type, so it is held to it (peer-reuse-placeholder.mlir).
// RUN: hcl-opt %s --hcl-apply-customizations -verify-diagnostics

func.func @f32_target(%A: memref<10x10xf32>) -> memref<8x8xf32> {
  %s = hcl.create_op_handle "B"
  %li = hcl.create_loop_handle %s, "i"
  %B = memref.alloc() {name = "B"} : memref<8x8xf32>
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %a = affine.load %A[%i, %j] : memref<10x10xf32>
      %b = affine.load %A[%i + 2, %j + 2] : memref<10x10xf32>
      %c = arith.addf %a, %b : f32
      affine.store %c, %B[%i, %j] : memref<8x8xf32>
    } {loop_name = "j"}
  } {loop_name = "i", op_name = "B"}
  // expected-error @+1 {{reuse_at at loop 'i' makes a 'memref<3x10xf32>', not the 'memref<1xf32>' written here}}
  %lb = hcl.reuse_at(%A : memref<10x10xf32>, %li) -> memref<1xf32>
  return %B : memref<8x8xf32>
}
