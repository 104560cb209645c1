// --hcl-fuse-epilogues does not take a stage that reads the reduction's
// output through a view: the HLS C++ emitter has no views, so this case is
// apart from fuse-epilogues.mlir, whose functions are also run.
//
// RUN: hcl-opt %s --hcl-fuse-epilogues | FileCheck %s

// Through a view the same indices may name another element: C[j, i]
// through the transpose, which a block may not have finished yet. No
// epilogue, although the stage also reads C at the element it writes.
// CHECK-LABEL: func.func @through_view(
// CHECK:         } {loop_name = "i", stage_name = "s"}
// CHECK:         } {loop_name = "i", stage_name = "t"}
func.func @through_view(%A: memref<8x8xf32>, %B: memref<8x8xf32>,
                        %out: memref<8x8xf32>) {
  %C = memref.alloc() {name = "C"} : memref<8x8xf32>
  %T = memref.transpose %C (i, j) -> (j, i) : memref<8x8xf32> to memref<8x8xf32, strided<[1, 8]>>
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %zero = arith.constant 0.0 : f32
      affine.store %zero, %C[%i, %j] : memref<8x8xf32>
      affine.for %k = 0 to 8 {
        %a = affine.load %A[%i, %k] : memref<8x8xf32>
        %b = affine.load %B[%k, %j] : memref<8x8xf32>
        %c = affine.load %C[%i, %j] : memref<8x8xf32>
        %p = arith.mulf %a, %b : f32
        %q = arith.addf %c, %p : f32
        affine.store %q, %C[%i, %j] : memref<8x8xf32>
      } {loop_name = "k", reduction = 1 : i32}
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "s"}
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %c = affine.load %C[%i, %j] : memref<8x8xf32>
      %t = affine.load %T[%i, %j] : memref<8x8xf32, strided<[1, 8]>>
      %s = arith.addf %c, %t : f32
      affine.store %s, %out[%i, %j] : memref<8x8xf32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "t"}
  return
}
