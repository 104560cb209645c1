// hcl.vectorize that cannot be applied: a located error on the primitive,
// and the pass fails. (The width's verifier: test/Dialect/HCL/invalid.mlir.)
//
// RUN: hcl-opt %s -split-input-file --hcl-apply-customizations -verify-diagnostics

// A[i] = A[i-1] * 2: each lane would need the previous lane's result.
func.func @vectorize_recurrence(%A: memref<16xf32>) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  affine.for %i = 1 to 16 {
    %a = affine.load %A[%i - 1] : memref<16xf32>
    %b = arith.addf %a, %a : f32
    affine.store %b, %A[%i] : memref<16xf32>
  } {loop_name = "i", stage_name = "S"}
  // expected-error @+1 {{loop 'i' carries a dependence between iterations and cannot be vectorized}}
  hcl.vectorize(%s, %li, 4)
  return
}

// -----

// The reduction loop of a gemm accumulates into C[i][j].
func.func @vectorize_reduction(%A: memref<8x8xi32>, %B: memref<8x8xi32>, %C: memref<8x8xi32>) {
  %s = hcl.create_stage_handle "gemm" : !hcl.StageHandle
  %lk = hcl.create_loop_handle "k" : !hcl.LoopHandle
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      affine.for %k = 0 to 8 {
        %a = affine.load %A[%i, %k] : memref<8x8xi32>
        %b = affine.load %B[%k, %j] : memref<8x8xi32>
        %c = affine.load %C[%i, %j] : memref<8x8xi32>
        %p = arith.muli %a, %b : i32
        %sum = arith.addi %p, %c : i32
        affine.store %sum, %C[%i, %j] : memref<8x8xi32>
      } {loop_name = "k", reduction = 1 : i32}
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "gemm"}
  // expected-error @+1 {{loop 'k' carries a dependence between iterations and cannot be vectorized}}
  hcl.vectorize(%s, %lk, 8)
  return
}

// -----

// No loop of that name in the stage.
func.func @vectorize_unknown_loop(%A: memref<16xf32>) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  %lj = hcl.create_loop_handle "i.inner" : !hcl.LoopHandle
  affine.for %i = 0 to 16 {
    %a = affine.load %A[%i] : memref<16xf32>
    %b = arith.addf %a, %a : f32
    affine.store %b, %A[%i] : memref<16xf32>
  } {loop_name = "i", stage_name = "S"}
  // expected-error @+1 {{stage 'S' has no loop named 'i.inner'}}
  hcl.vectorize(%s, %lj, 4)
  return
}

// -----

// More lanes than iterations.
func.func @vectorize_too_wide(%A: memref<4xf32>) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  affine.for %i = 0 to 4 {
    %a = affine.load %A[%i] : memref<4xf32>
    %b = arith.addf %a, %a : f32
    affine.store %b, %A[%i] : memref<4xf32>
  } {loop_name = "i", stage_name = "S"}
  // expected-error @+1 {{vector width 8 is larger than the trip count 4 of loop 'i'}}
  hcl.vectorize(%s, %li, 8)
  return
}

// -----

// A producer that compute_at could not remove (another stage reads it) is
// still its own stage: its loop `x` is its own, not a copy's.
func.func @vectorize_producer_kept(%A: memref<4x8xf32>, %C: memref<4x8xf32>, %D: memref<4x8xf32>) {
  %sP = hcl.create_stage_handle "P" : !hcl.StageHandle
  %sC = hcl.create_stage_handle "C" : !hcl.StageHandle
  %lPy = hcl.create_loop_handle %sP, "y" : !hcl.LoopHandle
  %lCy = hcl.create_loop_handle %sC, "y" : !hcl.LoopHandle
  %P = memref.alloc() : memref<4x8xf32>
  affine.for %y = 0 to 4 {
    affine.for %x = 0 to 8 {
      %a = affine.load %A[%y, %x] : memref<4x8xf32>
      affine.store %a, %P[%y, %x] : memref<4x8xf32>
    } {loop_name = "x"}
  } {loop_name = "y", stage_name = "P"}
  affine.for %y = 0 to 4 {
    affine.for %x = 0 to 8 {
      %p = affine.load %P[%y, %x] : memref<4x8xf32>
      affine.store %p, %C[%y, %x] : memref<4x8xf32>
    } {loop_name = "x"}
  } {loop_name = "y", stage_name = "C"}
  affine.for %y = 0 to 4 {
    affine.for %x = 0 to 8 {
      %p = affine.load %P[%y, %x] : memref<4x8xf32>
      affine.store %p, %D[%y, %x] : memref<4x8xf32>
    } {loop_name = "x"}
  } {loop_name = "y", stage_name = "D"}
  hcl.compute_at(%sP, %sC, %lCy)
  // expected-error @+1 {{vector width 8 is larger than the trip count 4 of loop 'y'}}
  hcl.vectorize(%sP, %lPy, 8)
  memref.dealloc %P : memref<4x8xf32>
  return
}
