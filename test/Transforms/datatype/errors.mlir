// Data-type customizations refuse buffers they cannot retype everywhere.
// RUN: hcl-opt %s --hcl-apply-customizations -split-input-file -verify-diagnostics

func.func @copied(%A: memref<8xf32>, %B: memref<8xf32>) {
  // expected-note @+1 {{used here}}
  memref.copy %A, %B : memref<8xf32> to memref<8xf32>
  // expected-error @+1 {{quantize cannot change the type of a buffer used by 'memref.copy'}}
  hcl.quantize(%A : memref<8xf32>, !hcl.Fixed<8, 4>)
  return
}

// -----

func.func @viewed(%A: memref<8xi32>) {
  // expected-note @+1 {{used here}}
  %v = memref.subview %A[0] [4] [1] : memref<8xi32> to memref<4xi32, strided<[1]>>
  // expected-error @+1 {{downsize cannot change the type of a buffer used by 'memref.subview'}}
  hcl.downsize(%A : memref<8xi32>, i8)
  return
}
