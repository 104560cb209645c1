// Schedules that cannot be applied: each is a located error on the
// primitive, and the pass fails instead of skipping it. (Errors the op
// verifiers report before any schedule is applied are in
// test/Dialect/HCL/invalid.mlir.)
//
// RUN: hcl-opt %s -split-input-file --hcl-apply-customizations -verify-diagnostics

// split: the factor may not exceed the trip count.
func.func @split_factor_too_large(%A: memref<8xi32>) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  affine.for %i = 0 to 8 {
    %a = affine.load %A[%i] : memref<8xi32>
    %b = arith.addi %a, %a : i32
    affine.store %b, %A[%i] : memref<8xi32>
  } {loop_name = "i", stage_name = "S"}
  // expected-error @+1 {{split factor 9 is larger than the trip count 8 of loop 'i'}}
  %o, %n = hcl.split(%s, %li, 9)
  return
}

// -----

// tile: the same limit on each factor.
func.func @tile_factor_too_large(%A: memref<8x4xi32>) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 4 {
      %a = affine.load %A[%i, %j] : memref<8x4xi32>
      affine.store %a, %A[%i, %j] : memref<8x4xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "S"}
  // expected-error @+1 {{tile factor 5 is larger than the trip count 4 of loop 'j'}}
  %xo, %xi, %yo, %yi = hcl.tile(%s, %li, %lj, 2, 5)
  return
}

// -----

// split: the trip count counts iterations, not the upper bound (2 to 30 step
// 4 runs 7 times).
func.func @split_factor_too_large_step(%A: memref<32xf32>) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  affine.for %i = 2 to 30 step 4 {
    %a = affine.load %A[%i] : memref<32xf32>
    %b = arith.addf %a, %a : f32
    affine.store %b, %A[%i] : memref<32xf32>
  } {loop_name = "i", stage_name = "S"}
  // expected-error @+1 {{split factor 8 is larger than the trip count 7 of loop 'i'}}
  %o, %n = hcl.split(%s, %li, 8)
  return
}

// -----

// split: a loop created by an earlier split is checked the same way.
func.func @split_inner_factor_too_large(%A: memref<16xi32>) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  affine.for %i = 0 to 16 {
    %a = affine.load %A[%i] : memref<16xi32>
    %b = arith.addi %a, %a : i32
    affine.store %b, %A[%i] : memref<16xi32>
  } {loop_name = "i", stage_name = "S"}
  %o, %n = hcl.split(%s, %li, 4)
  // expected-error @+1 {{split factor 5 is larger than the trip count 4 of loop 'i.inner'}}
  %no, %ni = hcl.split(%s, %n, 5)
  return
}

// -----

// A handle may name a loop a primitive creates, but that loop must exist
// when the handle is used: no split made `i.outer` here.
func.func @derived_loop_missing(%A: memref<16xi32>) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  %lo = hcl.create_loop_handle "i.outer" : !hcl.LoopHandle
  affine.for %i = 0 to 16 {
    %a = affine.load %A[%i] : memref<16xi32>
    affine.store %a, %A[%i] : memref<16xi32>
  } {loop_name = "i", stage_name = "S"}
  // expected-error @+1 {{stage 'S' has no loop named 'i.outer'}}
  hcl.pipeline(%s, %lo)
  return
}

// -----

// reorder: A[i][j] = A[i-1][j+1] + 1 has the dependence distance (1, -1);
// swapping i and j would read A[i-1][j+1] before it is written.
func.func @reorder_violates_dependence(%A: memref<10x10xi32>) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  %c1 = arith.constant 1 : i32
  affine.for %i = 1 to 10 {
    affine.for %j = 0 to 9 {
      %a = affine.load %A[%i - 1, %j + 1] : memref<10x10xi32>
      %b = arith.addi %a, %c1 : i32
      affine.store %b, %A[%i, %j] : memref<10x10xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "S"}
  // expected-error @+1 {{this reorder would violate a dependence between iterations of the nest}}
  hcl.reorder(%s, %lj, %li)
  return
}

// -----

// reorder: two sibling loops are not one nest.
func.func @reorder_siblings(%A: memref<10xi32>, %B: memref<10xi32>) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  affine.for %k = 0 to 2 {
    affine.for %i = 0 to 10 {
      %a = affine.load %A[%i] : memref<10xi32>
      affine.store %a, %B[%i] : memref<10xi32>
    } {loop_name = "i"}
    affine.for %j = 0 to 10 {
      %b = affine.load %B[%j] : memref<10xi32>
      affine.store %b, %A[%j] : memref<10xi32>
    } {loop_name = "j"}
  } {loop_name = "k", stage_name = "S"}
  // expected-error @+1 {{loops 'j' and 'i' are not in one loop nest}}
  hcl.reorder(%s, %lj, %li)
  return
}

// -----

// fuse: `i` and `k` are not consecutive (`j` sits between them).
func.func @fuse_not_consecutive(%A: memref<4x5x6xf32>) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %lk = hcl.create_loop_handle "k" : !hcl.LoopHandle
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 5 {
      affine.for %k = 0 to 6 {
        %a = affine.load %A[%i, %j, %k] : memref<4x5x6xf32>
        %b = arith.mulf %a, %a : f32
        affine.store %b, %A[%i, %j, %k] : memref<4x5x6xf32>
      } {loop_name = "k"}
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "S"}
  // expected-error @+1 {{fuse needs consecutive loops listed outermost first, with nothing between them}}
  %f = hcl.fuse(%s, %li, %lk)
  return
}

// -----

// fuse: an operation between the loops.
func.func @fuse_imperfect(%A: memref<10x10xi32>, %B: memref<10xi32>) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  %c0 = arith.constant 0 : i32
  affine.for %i = 0 to 10 {
    affine.store %c0, %B[%i] : memref<10xi32>
    affine.for %j = 0 to 10 {
      %a = affine.load %A[%i, %j] : memref<10x10xi32>
      affine.store %a, %B[%i] : memref<10xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "S"}
  // expected-error @+1 {{loops 'i' and 'j' are not perfectly nested: other operations sit between them}}
  %f = hcl.fuse(%s, %li, %lj)
  return
}

// -----

// tile: `k` is inside `i` but not directly.
func.func @tile_not_directly_nested(%A: memref<4x5x6xi32>) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %lk = hcl.create_loop_handle "k" : !hcl.LoopHandle
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 5 {
      affine.for %k = 0 to 6 {
        %a = affine.load %A[%i, %j, %k] : memref<4x5x6xi32>
        %b = arith.addi %a, %a : i32
        affine.store %b, %A[%i, %j, %k] : memref<4x5x6xi32>
      } {loop_name = "k"}
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "S"}
  // expected-error @+1 {{tile needs 'k' directly inside 'i'}}
  %a, %b, %c, %d = hcl.tile(%s, %li, %lk, 2, 2)
  return
}

// -----

// parallel: A[i] = A[i-1] carries a dependence from one iteration to the
// next.
func.func @parallel_recurrence(%A: memref<10xf32>) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  affine.for %i = 1 to 10 {
    %a = affine.load %A[%i - 1] : memref<10xf32>
    %b = arith.addf %a, %a : f32
    affine.store %b, %A[%i] : memref<10xf32>
  } {loop_name = "i", stage_name = "S"}
  // expected-error @+1 {{loop 'i' carries a dependence between iterations and cannot be parallel}}
  hcl.parallel(%s, %li)
  return
}

// -----

// parallel: the reduction loop of a gemm accumulates into C[i][j].
func.func @parallel_reduction(%A: memref<8x6xi32>, %B: memref<6x5xi32>, %C: memref<8x5xi32>) {
  %s = hcl.create_stage_handle "gemm" : !hcl.StageHandle
  %lk = hcl.create_loop_handle "k" : !hcl.LoopHandle
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 5 {
      affine.for %k = 0 to 6 {
        %a = affine.load %A[%i, %k] : memref<8x6xi32>
        %b = affine.load %B[%k, %j] : memref<6x5xi32>
        %c = affine.load %C[%i, %j] : memref<8x5xi32>
        %p = arith.muli %a, %b : i32
        %sum = arith.addi %p, %c : i32
        affine.store %sum, %C[%i, %j] : memref<8x5xi32>
      } {loop_name = "k", reduction = 1 : i32}
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "gemm"}
  // expected-error @+1 {{loop 'k' carries a dependence between iterations and cannot be parallel}}
  hcl.parallel(%s, %lk)
  return
}

// -----

// Two loops named `i` in one stage: the handle is ambiguous.
func.func @duplicate_loop_names(%A: memref<10xf32>) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  affine.for %k = 0 to 2 {
    affine.for %i = 0 to 10 {
      %a = affine.load %A[%i] : memref<10xf32>
      %b = arith.addf %a, %a : f32
      affine.store %b, %A[%i] : memref<10xf32>
    } {loop_name = "i"}
    affine.for %i = 0 to 10 {
      %a = affine.load %A[%i] : memref<10xf32>
      %b = arith.mulf %a, %a : f32
      affine.store %b, %A[%i] : memref<10xf32>
    } {loop_name = "i"}
  } {loop_name = "k", stage_name = "S"}
  // expected-error @+1 {{stage 'S' has 2 loops named 'i'; loop names must be unique within a stage}}
  hcl.pipeline(%s, %li)
  return
}

// -----

// Two loop nests named `S`: the stage handle is ambiguous.
func.func @duplicate_stage_names(%A: memref<10xi32>, %B: memref<10xi32>) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  affine.for %i = 0 to 10 {
    %a = affine.load %A[%i] : memref<10xi32>
    affine.store %a, %B[%i] : memref<10xi32>
  } {loop_name = "i", stage_name = "S"}
  affine.for %j = 0 to 10 {
    %b = affine.load %B[%j] : memref<10xi32>
    affine.store %b, %A[%j] : memref<10xi32>
  } {loop_name = "j", stage_name = "S"}
  // expected-error @+1 {{2 loop nests are named 'S'; stage names must be unique}}
  %o, %n = hcl.split(%s, %li, 2)
  return
}

// -----

// The error stops the schedule where it is: the pipeline before it applied,
// the second split after it is not reached (no second error).
func.func @error_stops(%A: memref<16xf32>) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  affine.for %i = 0 to 16 {
    %a = affine.load %A[%i] : memref<16xf32>
    %b = arith.addf %a, %a : f32
    affine.store %b, %A[%i] : memref<16xf32>
  } {loop_name = "i", stage_name = "S"}
  hcl.pipeline(%s, %li)
  // expected-error @+1 {{split factor 32 is larger than the trip count 16 of loop 'i'}}
  %o, %n = hcl.split(%s, %li, 32)
  %o2, %n2 = hcl.split(%s, %li, 64)
  return
}
