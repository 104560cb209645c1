// hcl.to refuses what a FIFO cannot carry, with a located error that says
// why; the pass fails rather than emit a stream that would read the wrong
// element or deadlock.
// RUN: hcl-opt %s -split-input-file --hcl-apply-customizations -verify-diagnostics

// Only a buffer between two stages of the function can be a stream.
func.func @argument(%A: memref<8x8xi32>) -> memref<8x8xi32> {
  %sB = hcl.create_stage_handle "B" : !hcl.StageHandle
  %B = memref.alloc() {name = "B"} : memref<8x8xi32>
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %a = affine.load %A[%i, %j] : memref<8x8xi32>
      affine.store %a, %B[%i, %j] : memref<8x8xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "B"}
  // expected-error @+1 {{hcl.to streams a buffer that @argument allocates between two of its stages; this one is an argument of the function}}
  hcl.to(%A : memref<8x8xi32>, %sB)
  return %B : memref<8x8xi32>
}

// -----

func.func @result(%A: memref<8x8xi32>) -> memref<8x8xi32> {
  %sB = hcl.create_stage_handle "B" : !hcl.StageHandle
  %sC = hcl.create_stage_handle "C" : !hcl.StageHandle
  %B = memref.alloc() {name = "B"} : memref<8x8xi32>
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %a = affine.load %A[%i, %j] : memref<8x8xi32>
      affine.store %a, %B[%i, %j] : memref<8x8xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "B"}
  %C = memref.alloc() {name = "C"} : memref<8x8xi32>
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %b = affine.load %B[%i, %j] : memref<8x8xi32>
      affine.store %b, %C[%i, %j] : memref<8x8xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "C"}
  // expected-error @+1 {{hcl.to: 'B' is a result of @result: only a buffer between two stages can be a stream}}
  hcl.to(%B : memref<8x8xi32>, %sC)
  return %B : memref<8x8xi32>
}

// -----

func.func @not_read(%A: memref<8x8xi32>) -> memref<8x8xi32> {
  %sB = hcl.create_stage_handle "B" : !hcl.StageHandle
  %sC = hcl.create_stage_handle "C" : !hcl.StageHandle
  %B = memref.alloc() {name = "B"} : memref<8x8xi32>
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %a = affine.load %A[%i, %j] : memref<8x8xi32>
      affine.store %a, %B[%i, %j] : memref<8x8xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "B"}
  %C = memref.alloc() {name = "C"} : memref<8x8xi32>
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %a = affine.load %A[%i, %j] : memref<8x8xi32>
      affine.store %a, %C[%i, %j] : memref<8x8xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "C"}
  // expected-error @+1 {{hcl.to: stage 'C' does not read 'B'}}
  hcl.to(%B : memref<8x8xi32>, %sC)
  return %C : memref<8x8xi32>
}

// -----

// A stencil reads each element up to three times: a stream is read once per
// element (reuse_at keeps the window; see sliding-window.mlir).
func.func @read_twice(%A: memref<8x8xi32>) -> memref<8x6xi32> {
  %sB = hcl.create_stage_handle "B" : !hcl.StageHandle
  %sC = hcl.create_stage_handle "C" : !hcl.StageHandle
  %B = memref.alloc() {name = "B"} : memref<8x8xi32>
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %a = affine.load %A[%i, %j] : memref<8x8xi32>
      affine.store %a, %B[%i, %j] : memref<8x8xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "B"}
  %C = memref.alloc() {name = "C"} : memref<8x6xi32>
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 6 {
      %x = affine.load %B[%i, %j] : memref<8x8xi32>
      %y = affine.load %B[%i, %j + 1] : memref<8x8xi32>
      %z = affine.load %B[%i, %j + 2] : memref<8x8xi32>
      %s = arith.addi %x, %y : i32
      %t = arith.addi %s, %z : i32
      affine.store %t, %C[%i, %j] : memref<8x6xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "C"}
  // expected-error @+1 {{hcl.to: 'C' reads B[0][1] twice: a stream is read once per element (keep a sliding window in a reuse buffer: reuse_at)}}
  hcl.to(%B : memref<8x8xi32>, %sC)
  return %C : memref<8x6xi32>
}

// -----

func.func @transposed(%A: memref<8x8xi32>) -> memref<8x8xi32> {
  %sB = hcl.create_stage_handle "B" : !hcl.StageHandle
  %sC = hcl.create_stage_handle "C" : !hcl.StageHandle
  %B = memref.alloc() {name = "B"} : memref<8x8xi32>
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %a = affine.load %A[%i, %j] : memref<8x8xi32>
      affine.store %a, %B[%i, %j] : memref<8x8xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "B"}
  %C = memref.alloc() {name = "C"} : memref<8x8xi32>
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %b = affine.load %B[%j, %i] : memref<8x8xi32>
      affine.store %b, %C[%i, %j] : memref<8x8xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "C"}
  // expected-error @+1 {{hcl.to: order differs: 'B' writes 'B' row-major, 'C' reads it column-major (element 1 written is B[0][1], read is B[1][0])}}
  hcl.to(%B : memref<8x8xi32>, %sC)
  return %C : memref<8x8xi32>
}

// -----

// A reorder after hcl.to changes the consumer's order: checked after the
// whole schedule.
func.func @reordered_later(%A: memref<8x8xi32>) -> memref<8x8xi32> {
  %sB = hcl.create_stage_handle "B" : !hcl.StageHandle
  %sC = hcl.create_stage_handle "C" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  %B = memref.alloc() {name = "B"} : memref<8x8xi32>
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %a = affine.load %A[%i, %j] : memref<8x8xi32>
      affine.store %a, %B[%i, %j] : memref<8x8xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "B"}
  %C = memref.alloc() {name = "C"} : memref<8x8xi32>
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %b = affine.load %B[%i, %j] : memref<8x8xi32>
      affine.store %b, %C[%i, %j] : memref<8x8xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "C"}
  // expected-error @+1 {{hcl.to: order differs: 'B' writes 'B' row-major, 'C' reads it column-major}}
  hcl.to(%B : memref<8x8xi32>, %sC)
  hcl.reorder(%sC, %lj, %li)
  return %C : memref<8x8xi32>
}

// -----

func.func @two_consumers(%A: memref<8x8xi32>) -> memref<8x8xi32> {
  %sC = hcl.create_stage_handle "C" : !hcl.StageHandle
  %B = memref.alloc() {name = "B"} : memref<8x8xi32>
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %a = affine.load %A[%i, %j] : memref<8x8xi32>
      affine.store %a, %B[%i, %j] : memref<8x8xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "B"}
  %C = memref.alloc() {name = "C"} : memref<8x8xi32>
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %b = affine.load %B[%i, %j] : memref<8x8xi32>
      affine.store %b, %C[%i, %j] : memref<8x8xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "C"}
  %D = memref.alloc() {name = "D"} : memref<8x8xi32>
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %b = affine.load %B[%i, %j] : memref<8x8xi32>
      %c = affine.load %C[%i, %j] : memref<8x8xi32>
      %d = arith.addi %b, %c : i32
      affine.store %d, %D[%i, %j] : memref<8x8xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "D"}
  // expected-error @+1 {{hcl.to: 'B' is read by 'C' and 'D': a stream has one consumer}}
  hcl.to(%B : memref<8x8xi32>, %sC)
  return %D : memref<8x8xi32>
}

// -----

// B and C outlined into one process, which writes all of B before any of
// C: D, reading B and C in step, needs B to hold 63 elements; depth 4
// deadlocks.
func.func @bypass_deadlock(%A: memref<8x8xi32>) -> memref<8x8xi32> {
  %sB = hcl.create_stage_handle "B" : !hcl.StageHandle
  %sC = hcl.create_stage_handle "C" : !hcl.StageHandle
  %sD = hcl.create_stage_handle "D" : !hcl.StageHandle
  %B = memref.alloc() {name = "B"} : memref<8x8xi32>
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %a = affine.load %A[%i, %j] : memref<8x8xi32>
      affine.store %a, %B[%i, %j] : memref<8x8xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "B"}
  %C = memref.alloc() {name = "C"} : memref<8x8xi32>
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %a = affine.load %A[%i, %j] : memref<8x8xi32>
      affine.store %a, %C[%i, %j] : memref<8x8xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "C"}
  %D = memref.alloc() {name = "D"} : memref<8x8xi32>
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %b = affine.load %B[%i, %j] : memref<8x8xi32>
      %c = affine.load %C[%i, %j] : memref<8x8xi32>
      %d = arith.addi %b, %c : i32
      affine.store %d, %D[%i, %j] : memref<8x8xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "D"}
  // expected-error @+1 {{hcl.to: deadlock with the chosen depths: 'D' waits to read 'C' (empty); 'Stage_B_C' waits to write 'B' (full at depth 4); 'B' needs depth 63}}
  hcl.to(%B : memref<8x8xi32>, %sD) {depth = 4}
  hcl.to(%C : memref<8x8xi32>, %sD)
  hcl.outline (%sB, %sC)
  return %D : memref<8x8xi32>
}

// -----

func.func @zero_depth(%A: memref<8x8xi32>) -> memref<8x8xi32> {
  %sB = hcl.create_stage_handle "B" : !hcl.StageHandle
  %B = memref.alloc() {name = "B"} : memref<8x8xi32>
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %a = affine.load %A[%i, %j] : memref<8x8xi32>
      affine.store %a, %B[%i, %j] : memref<8x8xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "B"}
  // expected-error @+1 {{'hcl.to' op depth must be at least 1, got 0}}
  hcl.to(%B : memref<8x8xi32>, %sB) {depth = 0}
  return %B : memref<8x8xi32>
}
