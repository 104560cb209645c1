// Constant and affine out-of-range indices are located errors at compile
// time (issue 15, "Bounds"); guarded, strided and unknown indices are not.
// RUN: hcl-opt %s -split-input-file -hcl-verify-bounds -verify-diagnostics -o /dev/null
// The same check runs when a schedule is applied, before and after.
// RUN: hcl-opt %s -split-input-file -hcl-apply-customizations -verify-diagnostics -o /dev/null

// A(i + 1, j) over every row of a 10-row tensor.
func.func @shifted(%A: memref<10x4xf32>) -> memref<10x4xf32> {
  %B = memref.alloc() {name = "B"} : memref<10x4xf32>
  affine.for %i = 0 to 10 {
    affine.for %j = 0 to 4 {
      // expected-error @+1 {{index out of bounds: dimension 0 of argument 0 of @shifted (memref<10x4xf32>, valid 0..9) is indexed over 1..10 in stage 'B'}}
      %a = affine.load %A[%i + 1, %j] : memref<10x4xf32>
      affine.store %a, %B[%i, %j] : memref<10x4xf32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "B"}
  return %B : memref<10x4xf32>
}

// -----

// A(12, j) on a 10-row tensor, named by its allocation.
func.func @constant_row() -> memref<4xf32> {
  %A = memref.alloc() {name = "A"} : memref<10x4xf32>
  %C = memref.alloc() {name = "C"} : memref<4xf32>
  affine.for %j = 0 to 4 {
    // expected-error @+1 {{dimension 0 of 'A' (memref<10x4xf32>, valid 0..9) is indexed over 12..12 in stage 'C'}}
    %a = affine.load %A[12, %j] : memref<10x4xf32>
    affine.store %a, %C[%j] : memref<4xf32>
  } {loop_name = "j", stage_name = "C"}
  return %C : memref<4xf32>
}

// -----

// A negative index, and one through memref.load with a constant.
func.func @negative_and_memref(%A: memref<16xi32>) -> memref<16xi32> {
  %B = memref.alloc() {name = "B"} : memref<16xi32>
  %c99 = arith.constant 99 : index
  affine.for %i = 0 to 16 {
    // expected-error @+1 {{dimension 0 of argument 0 of @negative_and_memref (memref<16xi32>, valid 0..15) is indexed over -1..14 in stage 'B'}}
    %a = affine.load %A[%i - 1] : memref<16xi32>
    // expected-error @+1 {{is indexed over 99..99 in stage 'B'}}
    %b = memref.load %A[%c99] : memref<16xi32>
    %s = arith.addi %a, %b : i32
    affine.store %s, %B[%i] : memref<16xi32>
  } {loop_name = "i", stage_name = "B"}
  return %B : memref<16xi32>
}

// -----

// The same reads under affine.if guards (ResNet-20's padding) are in
// bounds; so is a strided loop whose last iteration stays inside, code that
// never runs, an index the analysis cannot know, and an else region.
func.func @in_bounds(%A: memref<10xf32>, %n: index) -> memref<10xf32> {
  %B = memref.alloc() {name = "B"} : memref<10xf32>
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 10 {
    affine.if affine_set<(d0) : (d0 - 1 >= 0, 9 - d0 - 1 >= 0)>(%i) {
      %l = affine.load %A[%i - 1] : memref<10xf32>
      %r = affine.load %A[%i + 1] : memref<10xf32>
      %s = arith.addf %l, %r : f32
      affine.store %s, %B[%i] : memref<10xf32>
    } else {
      affine.store %zero, %B[%i] : memref<10xf32>
    }
    affine.if affine_set<(d0) : (d0 - 9 >= 0)>(%i) {
    } else {
      %x = affine.load %A[%i + 1] : memref<10xf32>
    }
    %u = affine.load %A[%n] : memref<10xf32>
  } {loop_name = "i", stage_name = "B"}
  affine.for %k = 0 to 9 step 3 {
    %a = affine.load %A[%k + 3] : memref<10xf32>
  }
  affine.for %k = 5 to 3 {
    %a = affine.load %A[%k + 20] : memref<10xf32>
  }
  return %B : memref<10xf32>
}

// -----

// A strided loop whose last iteration leaves: k + 1 reaches 10.
func.func @strided(%A: memref<10xf32>) {
  affine.for %k = 0 to 10 step 3 {
    // expected-error @+1 {{is indexed over 1..10}}
    %a = affine.load %A[%k + 1] : memref<10xf32>
  }
  return
}

// -----

// A vector read of 4 elements from index 8 leaves a 10-element tensor.
func.func @vector(%A: memref<10xf32>) {
  affine.for %k = 0 to 3 {
    // expected-error @+1 {{is indexed over 0..11}}
    %v = affine.vector_load %A[%k * 4] : memref<10xf32>, vector<4xf32>
  }
  return
}
