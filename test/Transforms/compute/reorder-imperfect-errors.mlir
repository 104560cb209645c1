// reorder refuses to distribute a loop when that is illegal or impossible.
// RUN: hcl-opt %s --hcl-apply-customizations -split-input-file -verify-diagnostics

// The band part writes A[i, j]; the part before it reads A[i - 1, .] in the
// next iteration: distribution would read before the write.
func.func @backward_dependence(%A: memref<8x8xi32>, %T: memref<8x8xi32>) {
  %s = hcl.create_stage_handle "s" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  affine.for %i = 1 to 8 {
    affine.for %j0 = 0 to 8 {
      %v = affine.load %A[%i - 1, %j0] : memref<8x8xi32>
      affine.store %v, %T[%i, %j0] : memref<8x8xi32>
    } {loop_name = "j0"}
    affine.for %j = 0 to 8 {
      %a = affine.load %A[%i, %j] : memref<8x8xi32>
      %b = arith.addi %a, %a : i32
      affine.store %b, %A[%i, %j] : memref<8x8xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "s"}
  // expected-error @+1 {{cannot distribute loop 'i' to reorder it: 'affine.store' in one iteration and 'affine.load' in a later one access the same element, and distribution would swap them}}
  hcl.reorder(%s, %lj, %li)
  return
}

// -----

// buffer_at's buffer is reused by every iteration of i (allocated once,
// outside it) and used by every part: distributing i would run all the
// fills before the first write-back.
func.func @buffer_across_parts(%A: memref<6x4xi32>, %B: memref<4x5xi32>, %C: memref<6x5xi32>) {
  %s = hcl.create_stage_handle "s" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  affine.for %i = 0 to 6 {
    affine.for %j = 0 to 5 {
      affine.for %k = 0 to 4 {
        %a = affine.load %A[%i, %k] : memref<6x4xi32>
        %b = affine.load %B[%k, %j] : memref<4x5xi32>
        %c = affine.load %C[%i, %j] : memref<6x5xi32>
        %p = arith.muli %a, %b : i32
        %t = arith.addi %p, %c : i32
        affine.store %t, %C[%i, %j] : memref<6x5xi32>
      } {loop_name = "k", reduction = 1 : i32}
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "s"}
  %buf = hcl.buffer_at(%s, %C : memref<6x5xi32>, %li) -> memref<5xi32>
  // expected-error @+1 {{cannot distribute loop 'i' to reorder it: 'affine.load' in one iteration and 'affine.store' in a later one access the same element, and distribution would swap them}}
  hcl.reorder(%s, %lj, %li)
  return
}

// -----

// After reuse_at the compute loop sits under the boundary guard.
func.func @under_guard(%A: memref<10x10xi32>, %B: memref<8x8xi32>) {
  %s = hcl.create_stage_handle "s" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %a = affine.load %A[%i, %j] : memref<10x10xi32>
      %b = affine.load %A[%i + 2, %j] : memref<10x10xi32>
      %c = arith.addi %a, %b : i32
      affine.store %c, %B[%i, %j] : memref<8x8xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "s"}
  %lb = hcl.reuse_at(%s, %A : memref<10x10xi32>, %li) -> memref<3x8xi32>
  // expected-error @+1 {{loop 'j' sits inside 'affine.if' within loop 'i'; reorder cannot move loops across it}}
  hcl.reorder(%s, %lj, %li)
  return
}

// -----

// A scalar computed before the band loop and used inside it.
func.func @scalar_across_parts(%A: memref<8x8xi32>, %R: memref<8xi32>) {
  %s = hcl.create_stage_handle "s" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  affine.for %i = 0 to 8 {
    %r = affine.load %R[%i] : memref<8xi32>
    affine.for %j = 0 to 8 {
      %a = affine.load %A[%i, %j] : memref<8x8xi32>
      %b = arith.addi %a, %r : i32
      affine.store %b, %A[%i, %j] : memref<8x8xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "s"}
  // expected-error @+1 {{cannot distribute loop 'i' to reorder it: a value computed by 'affine.load' in one part of its body is used by 'arith.addi' in another}}
  hcl.reorder(%s, %lj, %li)
  return
}
