// reshape that cannot apply gives a located error. (Reshapes the verifier
// rejects, such as a different element count, are in
// test/Dialect/HCL/invalid.mlir; the errors reshape shares with partition
// for buffers passed between functions are all in partition-errors.mlir.)
// RUN: hcl-opt %s -split-input-file --hcl-apply-customizations -verify-diagnostics

// The partition layout describes the banks of the old shape.
func.func @after_partition(%A: memref<4x4xf32>) {
  hcl.partition(%A : memref<4x4xf32>, Cyclic, 2, 2)
  // expected-error @+1 {{the target is already partitioned ('memref<4x4xf32, affine_map<(d0, d1) -> (0, d1 mod 2, d0, d1 floordiv 2)>>'): reshape before partition}}
  %B = hcl.reshape %A : memref<4x4xf32> to memref<16xf32>
  return
}

// -----

func.func @strided_layout(%A: memref<4x4xf32, strided<[1, 4]>>) {
  // expected-error @+1 {{reshape needs a target without a layout map, got 'memref<4x4xf32, strided<[1, 4]>>'}}
  %B = hcl.reshape %A : memref<4x4xf32, strided<[1, 4]>> to memref<16xf32>
  return
}

// -----

// The buffer stays in its memory space.
func.func @other_memory_space(%A: memref<4x4xf32>) {
  // expected-error @+1 {{reshape of the target makes 'memref<16xf32>', not the 'memref<16xf32, 1>' written here}}
  %B = hcl.reshape %A : memref<4x4xf32> to memref<16xf32, 1>
  return
}

// -----

// memref.copy needs both sides in the same shape.
func.func @copied(%A: memref<4x4xf32>, %C: memref<4x4xf32>) {
  // expected-error @+1 {{reshape cannot change the type of a buffer used by 'memref.copy'}}
  %B = hcl.reshape %A : memref<4x4xf32> to memref<16xf32>
  // expected-note @+1 {{used here}}
  memref.copy %A, %C : memref<4x4xf32> to memref<4x4xf32>
  return
}

// -----

func.func @stage(%X: memref<4x4xf32>) {
  return
}

func.func @callee_shared(%A: memref<4x4xf32>, %C: memref<4x4xf32>) {
  // expected-error @+1 {{reshape would change argument 0 of @stage, which is also called with a buffer of the old type}}
  %B = hcl.reshape %A : memref<4x4xf32> to memref<2x8xf32>
  func.call @stage(%A) : (memref<4x4xf32>) -> ()
  // expected-note @+1 {{called here with another buffer}}
  func.call @stage(%C) : (memref<4x4xf32>) -> ()
  return
}
