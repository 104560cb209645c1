// Errors of the stage-less spelling: each names what is missing.
// RUN: hcl-opt %s --hcl-apply-customizations -split-input-file -verify-diagnostics

// A loop handle made without a stage, used without one, where two stages
// have a loop of that name.
func.func @ambiguous_loop(%A: memref<4xf32>, %B: memref<4xf32>) {
  %li = hcl.create_loop_handle "i"
  affine.for %i = 0 to 4 {
    %c = arith.constant 1.0 : f32
    affine.store %c, %A[%i] : memref<4xf32>
  } {loop_name = "i", op_name = "s1"}
  affine.for %i = 0 to 4 {
    %c = arith.constant 2.0 : f32
    affine.store %c, %B[%i] : memref<4xf32>
  } {loop_name = "i", op_name = "s2"}
  // expected-error @+1 {{2 loops are named 'i' in function @ambiguous_loop and the loop handle names no stage; create it with one: hcl.create_loop_handle %s, "i"}}
  hcl.pipeline (%li)
  return
}

// -----

func.func @too_many_handles(%A: memref<4xf32>) {
  %s = hcl.create_op_handle "s"
  %li = hcl.create_loop_handle %s, "i"
  affine.for %i = 0 to 4 {
    %c = arith.constant 1.0 : f32
    affine.store %c, %A[%i] : memref<4xf32>
  } {loop_name = "i", op_name = "s"}
  // expected-error @+1 {{expected 1 loop handle, optionally after a stage handle, got 3 handles}}
  %o, %n = hcl.split (%s, %li, %li, 2)
  return
}

// -----

// The loop handle's stage and the stage written disagree.
func.func @wrong_stage(%A: memref<4xf32>, %B: memref<4xf32>) {
  %s1 = hcl.create_op_handle "s1"
  %s2 = hcl.create_op_handle "s2"
  %li = hcl.create_loop_handle %s1, "i"
  affine.for %i = 0 to 4 {
    %c = arith.constant 1.0 : f32
    affine.store %c, %A[%i] : memref<4xf32>
  } {loop_name = "i", op_name = "s1"}
  affine.for %j = 0 to 4 {
    %c = arith.constant 2.0 : f32
    affine.store %c, %B[%j] : memref<4xf32>
  } {loop_name = "j", op_name = "s2"}
  // expected-error @+1 {{'hcl.unroll' op loop handle 'i' belongs to stage 's1' but is used with stage 's2'}}
  hcl.unroll (%s2, %li, 2)
  return
}

// -----

// An op_name that names nothing.
func.func @no_stage(%A: memref<4xf32>) {
  // expected-error @+1 {{'hcl.create_op_handle' op names no stage: no loop nest in function @no_stage has stage_name = "t"}}
  %s = hcl.create_op_handle "t"
  affine.for %i = 0 to 4 {
    %c = arith.constant 1.0 : f32
    affine.store %c, %A[%i] : memref<4xf32>
  } {loop_name = "i", op_name = "s"}
  return
}
