// partition that cannot apply gives a located error; the pass fails instead
// of leaving the array unpartitioned. (Errors the op verifier reports, such
// as a dimension out of range for the written type, are in
// test/Dialect/HCL/invalid.mlir.)
// RUN: hcl-opt %s -split-input-file --hcl-apply-customizations -verify-diagnostics

// A dimension is partitioned one way only.
func.func @conflicting_kinds(%A: memref<32x32xi32>) {
  hcl.partition(%A : memref<32x32xi32>, Cyclic, 1, 4)
  // expected-error @+1 {{dimension 1 is already partitioned (Cyclic 4); it cannot also be partitioned Block 4}}
  hcl.partition(%A : memref<32x32xi32>, Block, 1, 4)
  return
}

// -----

// Every dimension (dim 0) includes one partitioned differently before.
func.func @conflicting_factor_dim0(%A: memref<8x8xi32>) {
  hcl.partition(%A : memref<8x8xi32>, Cyclic, 2, 2)
  // expected-error @+1 {{dimension 2 is already partitioned (Cyclic 2); it cannot also be partitioned Cyclic 4}}
  hcl.partition(%A : memref<8x8xi32>, Cyclic, 0, 4)
  return
}

// -----

func.func @one_bank(%A: memref<16xf32>) {
  // expected-error @+1 {{a Cyclic 1 partition keeps dimension 1 in one bank; give at least 2 banks}}
  hcl.partition(%A : memref<16xf32>, Cyclic, 1, 1)
  return
}

// -----

// 10 elements into 6 blocks: blocks of 2 make 5 banks, the 6th is empty.
func.func @block_leaves_bank_empty(%A: memref<4x10xf32>) {
  // expected-error @+1 {{a Block partition of dimension 2 (size 10) into 6 banks leaves a bank empty: banks of 2 elements make only 5 banks; use factor 5}}
  hcl.partition(%A : memref<4x10xf32>, Block, 2, 6)
  return
}

// -----

func.func @block_of_one_element(%A: memref<8xf32>) {
  // expected-error @+1 {{a Block partition of dimension 1 (size 8) into 8 banks gives banks of one element; use Complete}}
  hcl.partition(%A : memref<8xf32>, Block, 1, 8)
  return
}

// -----

// After reshape, %A has one dimension; the partition was written for two.
func.func @dim_out_of_range_after_reshape(%A: memref<4x4xf32>) {
  %B = hcl.reshape %A : memref<4x4xf32> to memref<16xf32>
  // expected-error @+1 {{partition dimension 2 is out of range for the target, now 'memref<16xf32>'}}
  hcl.partition(%A : memref<4x4xf32>, Cyclic, 2, 2)
  return
}

// -----

func.func @dynamic_shape(%A: memref<?x4xf32>) {
  // expected-error @+1 {{partition needs a target with a static shape, got 'memref<?x4xf32>'}}
  hcl.partition(%A : memref<?x4xf32>, Complete, 2)
  return
}

// -----

func.func @strided_layout(%A: memref<4x8xf32, strided<[1, 4]>>) {
  // expected-error @+1 {{the target's layout is not a partition: 'memref<4x8xf32, strided<[1, 4]>>'}}
  hcl.partition(%A : memref<4x8xf32, strided<[1, 4]>>, Complete, 1)
  return
}

// -----

func.func @loop_carried(%A: memref<8xf32>) {
  %r = affine.for %i = 0 to 2 iter_args(%X = %A) -> (memref<8xf32>) {
    // expected-error @+1 {{partition needs a buffer (memref.alloc, memref.alloca) or a function argument; the target is a block argument of 'affine.for'}}
    hcl.partition(%X : memref<8xf32>, Complete, 1)
    affine.yield %X : memref<8xf32>
  }
  return
}

// -----

// A view of the buffer would keep the old type.
func.func @used_by_cast(%A: memref<8xf32>) {
  // expected-error @+1 {{partition cannot change the type of a buffer used by 'memref.cast'}}
  hcl.partition(%A : memref<8xf32>, Cyclic, 1, 2)
  // expected-note @+1 {{used here}}
  %c = memref.cast %A : memref<8xf32> to memref<?xf32>
  return
}

// -----

func.func private @external(memref<8xf32>)

func.func @passed_to_declaration(%A: memref<8xf32>) {
  // expected-error @+1 {{partition cannot change the type of an argument of @external, which has no body}}
  hcl.partition(%A : memref<8xf32>, Cyclic, 1, 2)
  // expected-note @+1 {{passed here}}
  func.call @external(%A) : (memref<8xf32>) -> ()
  return
}

// -----

func.func @stage(%X: memref<8xf32>) {
  return
}

func.func @referenced(%A: memref<8xf32>) {
  // expected-note @+1 {{referred to here}}
  %f = func.constant @stage : (memref<8xf32>) -> ()
  // expected-error @+1 {{partition cannot change the type of @stage, which 'func.constant' refers to without calling it}}
  hcl.partition(%A : memref<8xf32>, Cyclic, 1, 2)
  func.call @stage(%A) : (memref<8xf32>) -> ()
  return
}

// -----

// @stage also takes %B, which is not partitioned: one signature cannot
// serve both.
func.func @stage(%X: memref<8xf32>) {
  return
}

func.func @callee_shared(%A: memref<8xf32>, %B: memref<8xf32>) {
  // expected-error @+1 {{partition would change argument 0 of @stage, which is also called with a buffer of the old type}}
  hcl.partition(%A : memref<8xf32>, Cyclic, 1, 2)
  func.call @stage(%A) : (memref<8xf32>) -> ()
  // expected-note @+1 {{called here with another buffer}}
  func.call @stage(%B) : (memref<8xf32>) -> ()
  return
}

// -----

// The argument of a function that is called: its callers pass buffers of
// the old type.
func.func @stage(%X: memref<8xf32>) {
  // expected-error @+1 {{partition would change argument 0 of @stage, which is also called with a buffer of the old type}}
  hcl.partition(%X : memref<8xf32>, Complete, 1)
  return
}

func.func @caller(%A: memref<8xf32>) {
  // expected-note @+1 {{called here with another buffer}}
  func.call @stage(%A) : (memref<8xf32>) -> ()
  return
}

// -----

// One result, two buffers: only one of them is partitioned.
func.func @two_returns(%c: i1) -> memref<8xf32> {
  %A = memref.alloc() : memref<8xf32>
  %B = memref.alloc() : memref<8xf32>
  // expected-error @+1 {{partition would change result 0 of @two_returns, which also returns a buffer of the old type}}
  hcl.partition(%A : memref<8xf32>, Cyclic, 1, 2)
  cf.cond_br %c, ^a, ^b
^a:
  return %A : memref<8xf32>
^b:
  // expected-note @+1 {{returned here}}
  return %B : memref<8xf32>
}
