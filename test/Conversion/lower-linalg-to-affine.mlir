// linalg on memrefs becomes affine loops; a module without linalg is left
// as written (MLIR's pass alone would fold the unused constant away).
// RUN: hcl-opt --hcl-lower-linalg-to-affine --split-input-file %s | FileCheck %s

// CHECK-LABEL: func.func @matmul
// CHECK-NOT: linalg.
// CHECK: affine.for
// CHECK: affine.for
// CHECK: arith.mulf
func.func @matmul(%A: memref<4x8xf32>, %B: memref<8x4xf32>, %C: memref<4x4xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<4x4xf32>)
  linalg.matmul ins(%A, %B : memref<4x8xf32>, memref<8x4xf32>)
                outs(%C : memref<4x4xf32>)
  return
}

// -----

// CHECK-LABEL: func.func @untouched
// CHECK-NEXT: arith.constant 7 : i32
func.func @untouched(%A: memref<4xi32>) {
  %unused = arith.constant 7 : i32
  return
}
