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
