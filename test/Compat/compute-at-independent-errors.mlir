// compute_at of stages that share no data, where they cannot be fused as
// loops: the message says what the stages are and what fusion needs.
// RUN: hcl-opt %s --hcl-apply-customizations -split-input-file -verify-diagnostics

func.func @different_starts(%a: memref<8xf32>, %b: memref<8xf32>) {
  %s1 = hcl.create_op_handle "s1"
  %s2 = hcl.create_op_handle "s2"
  %l = hcl.create_loop_handle %s2, "j"
  affine.for %i = 2 to 8 {
    %c = arith.constant 1.0 : f32
    affine.store %c, %a[%i] : memref<8xf32>
  } {loop_name = "i", op_name = "s1"}
  affine.for %j = 0 to 4 {
    %c = arith.constant 2.0 : f32
    affine.store %c, %b[%j] : memref<8xf32>
  } {loop_name = "j", op_name = "s2"}
  // expected-error @+1 {{stages 's1' and 's2' share no data (neither reads what the other writes), so compute_at has no producer to compute inside the consumer; it fuses such stages as loops, which needs the producer's loops down to loop 'j' to start and step as the consumer's, with constant bounds, but 'i' runs 2 to 8 step 1 and 'j' runs 0 to 4 step 1}}
  hcl.compute_at (%s1, %s2, %l)
  return
}

// -----

// The consumer's outer loop reads a value its inner loop uses: guarding the
// read by the consumer's smaller bound would hide it from the inner loop.
func.func @value_used_inside(%a: memref<8x8xf32>, %b: memref<4x4xf32>, %t: memref<4xf32>) {
  %s1 = hcl.create_op_handle "s1"
  %s2 = hcl.create_op_handle "s2"
  %l = hcl.create_loop_handle %s2, "y"
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %c = arith.constant 1.0 : f32
      affine.store %c, %a[%i, %j] : memref<8x8xf32>
    } {loop_name = "j"}
  } {loop_name = "i", op_name = "s1"}
  affine.for %x = 0 to 4 {
    %v = affine.load %t[%x] : memref<4xf32>
    affine.for %y = 0 to 4 {
      affine.store %v, %b[%x, %y] : memref<4x4xf32>
    } {loop_name = "y"}
  } {loop_name = "x", op_name = "s2"}
  // expected-error @+1 {{stage 's2' computes a value in loop 'x' that its inner loops use; fusing it with a stage of other bounds would need it outside the bound's guard}}
  hcl.compute_at (%s1, %s2, %l)
  return
}

// -----

// A consumer loop that carries a value cannot run further than its own range.
func.func @carried_value(%a: memref<8xf32>, %out: memref<1xf32>) {
  %s1 = hcl.create_op_handle "s1"
  %s2 = hcl.create_op_handle "s2"
  %l = hcl.create_loop_handle %s2, "j"
  affine.for %i = 0 to 8 {
    %c = arith.constant 1.0 : f32
    affine.store %c, %a[%i] : memref<8xf32>
  } {loop_name = "i", op_name = "s1"}
  %z = arith.constant 0.0 : f32
  %sum = affine.for %j = 0 to 4 iter_args(%acc = %z) -> (f32) {
    %c = arith.constant 2.0 : f32
    %n = arith.addf %acc, %c : f32
    affine.yield %n : f32
  } {loop_name = "j", op_name = "s2"}
  affine.store %sum, %out[0] : memref<1xf32>
  // expected-error @+1 {{needs consumer loop 'j', which carries values between iterations, to run at least as far as the producer's 'i'}}
  hcl.compute_at (%s1, %s2, %l)
  return
}

// -----

func.func @imperfect_producer(%a: memref<4x4xf32>, %b: memref<4x4xf32>, %t: memref<4xf32>) {
  %s1 = hcl.create_op_handle "s1"
  %s2 = hcl.create_op_handle "s2"
  %l = hcl.create_loop_handle %s2, "y"
  affine.for %i = 0 to 4 {
    %c = arith.constant 1.0 : f32
    affine.store %c, %t[%i] : memref<4xf32>
    affine.for %j = 0 to 4 {
      affine.store %c, %a[%i, %j] : memref<4x4xf32>
    } {loop_name = "j"}
  } {loop_name = "i", op_name = "s1"}
  affine.for %x = 0 to 4 {
    affine.for %y = 0 to 4 {
      %c = arith.constant 2.0 : f32
      affine.store %c, %b[%x, %y] : memref<4x4xf32>
    } {loop_name = "y"}
  } {loop_name = "x", op_name = "s2"}
  // expected-error @+1 {{needs the producer's loops down to loop 'y''s depth (2) to be perfectly nested, but 'i' holds other operations besides the next loop}}
  hcl.compute_at (%s1, %s2, %l)
  return
}
