// compute_at that cannot apply gives a located error.
// RUN: hcl-opt %s -split-input-file --hcl-apply-customizations -verify-diagnostics

// The consumer comes first: there is nothing to compute at its loop.
func.func @consumer_first(%A: memref<8xi32>) {
  %B = memref.alloc() : memref<8xi32>
  %C = memref.alloc() : memref<8xi32>
  %sB = hcl.create_stage_handle "B" : !hcl.StageHandle
  %sC = hcl.create_stage_handle "C" : !hcl.StageHandle
  %li = hcl.create_loop_handle %sC, "i" : !hcl.LoopHandle
  affine.for %i = 0 to 8 {
    %x = affine.load %B[%i] : memref<8xi32>
    affine.store %x, %C[%i] : memref<8xi32>
  } {loop_name = "i", stage_name = "C"}
  affine.for %i = 0 to 8 {
    %a = affine.load %A[%i] : memref<8xi32>
    affine.store %a, %B[%i] : memref<8xi32>
  } {loop_name = "i", stage_name = "B"}
  // expected-error @+1 {{cannot compute stage 'B' at loop 'i' of stage 'C'}}
  hcl.compute_at(%sB, %sC, %li)
  return
}

// -----

func.func @no_consumer_loop(%A: memref<8xi32>) {
  %B = memref.alloc() : memref<8xi32>
  %sB = hcl.create_stage_handle "B" : !hcl.StageHandle
  %sC = hcl.create_stage_handle "C" : !hcl.StageHandle
  %lk = hcl.create_loop_handle "k" : !hcl.LoopHandle
  affine.for %i = 0 to 8 {
    %a = affine.load %A[%i] : memref<8xi32>
    affine.store %a, %B[%i] : memref<8xi32>
  } {loop_name = "i", stage_name = "B"}
  affine.for %k = 0 to 8 {
    %x = affine.load %B[%k] : memref<8xi32>
    affine.store %x, %A[%k] : memref<8xi32>
  } {loop_name = "k", stage_name = "C"}
  affine.for %j = 0 to 8 {
    %x = affine.load %B[%j] : memref<8xi32>
    affine.store %x, %A[%j] : memref<8xi32>
  } {loop_name = "j", stage_name = "D"}
  %sD = hcl.create_stage_handle "D" : !hcl.StageHandle
  // expected-error @+1 {{stage 'D' has no loop named 'k'}}
  hcl.compute_at(%sB, %sD, %lk)
  return
}

// -----

// The producer initializes what the consumer accumulates into (found by the
// random schedule test): inside loop r it would reset the sum every time.
func.func @init_of_accumulator(%in: memref<3xi32>) -> memref<1xi32> {
  %s0 = hcl.create_stage_handle "s0" : !hcl.StageHandle
  %s1 = hcl.create_stage_handle "s1" : !hcl.StageHandle
  %lr = hcl.create_loop_handle %s1, "r" : !hcl.LoopHandle
  %c3 = arith.constant 3 : i32
  %acc = memref.alloc() {name = "acc"} : memref<1xi32>
  affine.for %i = 0 to 1 {
    affine.store %c3, %acc[%i] : memref<1xi32>
  } {loop_name = "i", stage_name = "s0"}
  affine.for %r = 0 to 3 {
    %x = affine.load %in[%r] : memref<3xi32>
    %a = affine.load %acc[0] : memref<1xi32>
    %s = arith.addi %x, %a : i32
    affine.store %s, %acc[0] : memref<1xi32>
  } {loop_name = "r", reduction = 1 : i32, stage_name = "s1"}
  // expected-error @+1 {{cannot compute stage 's0' at loop 'r' of stage 's1': the consumer also writes the producer's output, which the producer would overwrite in every iteration}}
  hcl.compute_at(%s0, %s1, %lr)
  return %acc : memref<1xi32>
}

// -----

// After reuse_at the consumer's body is under affine.if guards, which MLIR's
// slice fusion does not handle (found by the random schedule test).
func.func @after_reuse_at(%A: memref<10xi32>) -> memref<8xi32> {
  %sP = hcl.create_stage_handle "P" : !hcl.StageHandle
  %sC = hcl.create_stage_handle "C" : !hcl.StageHandle
  %li = hcl.create_loop_handle %sC, "i" : !hcl.LoopHandle
  %P = memref.alloc() {name = "P"} : memref<10xi32>
  %C = memref.alloc() {name = "C"} : memref<8xi32>
  affine.for %i = 0 to 10 {
    %a = affine.load %A[%i] : memref<10xi32>
    affine.store %a, %P[%i] : memref<10xi32>
  } {loop_name = "i", stage_name = "P"}
  affine.for %i = 0 to 8 {
    %x = affine.load %P[%i] : memref<10xi32>
    %y = affine.load %P[%i + 2] : memref<10xi32>
    %z = arith.addi %x, %y : i32
    affine.store %z, %C[%i] : memref<8xi32>
  } {loop_name = "i", stage_name = "C"}
  %lb = hcl.reuse_at(%sC, %P : memref<10xi32>, %li) -> memref<*xi32>
  // expected-error @+1 {{cannot compute stage 'P' at loop 'i' of stage 'C': MLIR's slice fusion does not handle these nests (it needs plain affine loops, loads and stores: no affine.if, as reuse_at leaves; apply compute_at before reuse_at)}}
  hcl.compute_at(%sP, %sC, %li)
  return %C : memref<8xi32>
}

// -----

// The consumer reads two rows of the sum: the windows [i, i + 2) of
// consecutive rows overlap, so row i + 1 would be summed twice.
func.func @reduction_overlapping_windows(%A: memref<5x8xi32>) -> memref<4xi32> {
  %sS = hcl.create_stage_handle "S" : !hcl.StageHandle
  %sO = hcl.create_stage_handle "O" : !hcl.StageHandle
  %li = hcl.create_loop_handle %sO, "i" : !hcl.LoopHandle
  %zero = arith.constant 0 : i32
  %S = memref.alloc() {name = "S"} : memref<5xi32>
  %O = memref.alloc() {name = "O"} : memref<4xi32>
  affine.for %i = 0 to 5 {
    affine.store %zero, %S[%i] : memref<5xi32>
    affine.for %k = 0 to 8 {
      %a = affine.load %A[%i, %k] : memref<5x8xi32>
      %s = affine.load %S[%i] : memref<5xi32>
      %t = arith.addi %s, %a : i32
      affine.store %t, %S[%i] : memref<5xi32>
    } {loop_name = "k", reduction = 1 : i32}
  } {loop_name = "i", stage_name = "S"}
  affine.for %i = 0 to 4 {
    %x = affine.load %S[%i] : memref<5xi32>
    %y = affine.load %S[%i + 1] : memref<5xi32>
    %o = arith.addi %x, %y : i32
    affine.store %o, %O[%i] : memref<4xi32>
  } {loop_name = "i", stage_name = "O"}
  // expected-error @+1 {{cannot compute stage 'S' at loop 'i' of stage 'O': the producer reads a buffer it writes (an in-place update or a reduction into its output), and the consumer's loops down to 'i' need overlapping parts of it, so running parts of it inside the consumer would repeat the update (compute it at an outer loop)}}
  hcl.compute_at(%sS, %sO, %li)
  return %O : memref<4xi32>
}

// -----

// An in-place update of an argument of which the consumer reads half: the
// other half must still be updated, so the producer would stay and its copy
// would add 1 a second time to the half the consumer reads.
func.func @inplace_update_read_in_part(%C: memref<8xi32>, %D: memref<4xi32>) {
  %s0 = hcl.create_stage_handle "s0" : !hcl.StageHandle
  %s1 = hcl.create_stage_handle "s1" : !hcl.StageHandle
  %li = hcl.create_loop_handle %s1, "i" : !hcl.LoopHandle
  %one = arith.constant 1 : i32
  affine.for %i = 0 to 8 {
    %c = affine.load %C[%i] : memref<8xi32>
    %t = arith.addi %c, %one : i32
    affine.store %t, %C[%i] : memref<8xi32>
  } {loop_name = "i", stage_name = "s0"}
  affine.for %i = 0 to 4 {
    %c = affine.load %C[%i] : memref<8xi32>
    affine.store %c, %D[%i] : memref<4xi32>
  } {loop_name = "i", stage_name = "s1"}
  // expected-error @+1 {{cannot compute stage 's0' at loop 'i' of stage 's1': the producer reads a buffer it writes (an in-place update or a reduction into its output) that is not private to these two stages (an argument, or read by other stages), and the consumer needs only part of it, so the producer stays and its copy inside the consumer would repeat the update (compute its other consumers at this one first)}}
  hcl.compute_at(%s0, %s1, %li)
  return
}
