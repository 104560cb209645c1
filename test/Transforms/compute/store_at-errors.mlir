// store_at that cannot apply gives a located error.
// RUN: hcl-opt %s -split-input-file --hcl-apply-customizations -verify-diagnostics

// No compute_at before it: storage granularity needs a compute granularity.
func.func @no_compute_at(%A: memref<8xi32>, %C: memref<8xi32>) {
  %B = memref.alloc() : memref<8xi32>
  %sB = hcl.create_stage_handle "B" : !hcl.StageHandle
  %sC = hcl.create_stage_handle "C" : !hcl.StageHandle
  %li = hcl.create_loop_handle %sC, "i" : !hcl.LoopHandle
  affine.for %i = 0 to 8 {
    %a = affine.load %A[%i] : memref<8xi32>
    affine.store %a, %B[%i] : memref<8xi32>
  } {loop_name = "i", stage_name = "B"}
  affine.for %i = 0 to 8 {
    %x = affine.load %B[%i] : memref<8xi32>
    affine.store %x, %C[%i] : memref<8xi32>
  } {loop_name = "i", stage_name = "C"}
  // expected-error @+1 {{store_at of stage 'B' in stage 'C' needs an earlier compute_at of 'B' into 'C'}}
  hcl.store_at(%sB, %sC, %li)
  hcl.compute_at(%sB, %sC, %li)
  return
}

// -----

// Storage inside the compute_at loop: the slice would outlive its buffer.
func.func @inside_compute_loop(%A: memref<10x8xi32>, %C: memref<8x8xi32>) {
  %B = memref.alloc() : memref<10x8xi32>
  %sB = hcl.create_stage_handle "B" : !hcl.StageHandle
  %sC = hcl.create_stage_handle "C" : !hcl.StageHandle
  %li = hcl.create_loop_handle %sC, "i" : !hcl.LoopHandle
  %lj = hcl.create_loop_handle %sC, "j" : !hcl.LoopHandle
  affine.for %i = 0 to 10 {
    affine.for %j = 0 to 8 {
      %a = affine.load %A[%i, %j] : memref<10x8xi32>
      affine.store %a, %B[%i, %j] : memref<10x8xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "B"}
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %x = affine.load %B[%i + 2, %j] : memref<10x8xi32>
      affine.store %x, %C[%i, %j] : memref<8x8xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "C"}
  hcl.compute_at(%sB, %sC, %li)
  // expected-error @+1 {{store_at loop 'j' of stage 'C' does not enclose the compute_at loop 'i'}}
  hcl.store_at(%sB, %sC, %lj)
  return
}

// -----

// The producer's output is also read after the consumer, so compute_at kept
// the producer's nest and the full buffer is still needed.
func.func @shared_output(%A: memref<8xi32>, %C: memref<8xi32>, %D: memref<8xi32>) {
  %B = memref.alloc() : memref<8xi32>
  %sB = hcl.create_stage_handle "B" : !hcl.StageHandle
  %sC = hcl.create_stage_handle "C" : !hcl.StageHandle
  %li = hcl.create_loop_handle %sC, "i" : !hcl.LoopHandle
  affine.for %i = 0 to 8 {
    %a = affine.load %A[%i] : memref<8xi32>
    affine.store %a, %B[%i] : memref<8xi32>
  } {loop_name = "i", stage_name = "B"}
  affine.for %i = 0 to 8 {
    %x = affine.load %B[%i] : memref<8xi32>
    affine.store %x, %C[%i] : memref<8xi32>
  } {loop_name = "i", stage_name = "C"}
  affine.for %i = 0 to 8 {
    %x = affine.load %B[%i] : memref<8xi32>
    affine.store %x, %D[%i] : memref<8xi32>
  } {loop_name = "i", stage_name = "D"}
  hcl.compute_at(%sB, %sC, %li)
  // expected-error @+1 {{needs an earlier compute_at of 'B' into 'C' that replaced the producer's own nest}}
  hcl.store_at(%sB, %sC, %li)
  return
}

// -----

func.func @same_stage(%A: memref<8xi32>) {
  %sB = hcl.create_stage_handle "B" : !hcl.StageHandle
  %li = hcl.create_loop_handle %sB, "i" : !hcl.LoopHandle
  affine.for %i = 0 to 8 {
    %a = affine.load %A[%i] : memref<8xi32>
    affine.store %a, %A[%i] : memref<8xi32>
  } {loop_name = "i", stage_name = "B"}
  // expected-error @+1 {{producer and consumer must be different stages}}
  hcl.store_at(%sB, %sB, %li)
  return
}
