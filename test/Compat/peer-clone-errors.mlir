// hcl.clone's misuses, each at the operation.
// RUN: hcl-opt %s --split-input-file --hcl-apply-customizations -verify-diagnostics

func.func private @external(memref<4xf32>)

func.func @top(%A: memref<4xf32>) {
  call @external(%A) : (memref<4xf32>) -> ()
  %s = hcl.create_op_handle "external"
  // expected-error @below {{'hcl.clone' op @external has no body, so there is nothing to copy}}
  hcl.clone(@external, %s)
  return
}

// -----

func.func @top(%A: memref<4xf32>) {
  affine.for %i = 0 to 4 {
  } {loop_name = "i", op_name = "s"}
  %s = hcl.create_op_handle "s"
  // expected-error @below {{'hcl.clone' op @missing is not a function}}
  hcl.clone(@missing, %s)
  return
}

// -----

func.func @f(%A: memref<4xf32>) {
  return
}

func.func @g(%A: memref<4xf32>) {
  return
}

func.func @top(%A: memref<4xf32>) {
  call @g(%A) {stage_name = "c"} : (memref<4xf32>) -> ()
  affine.for %i = 0 to 4 {
  } {loop_name = "i", op_name = "s"}
  %c = hcl.create_op_handle "c"
  // expected-error @below {{stage 'c' is a call of @g, not of @f}}
  hcl.clone(@f, %c)
  %s = hcl.create_op_handle "s"
  return
}

// -----

func.func @f(%A: memref<4xf32>) {
  return
}

func.func @top(%A: memref<4xf32>) {
  call @f(%A) : (memref<4xf32>) -> ()
  affine.for %i = 0 to 4 {
  } {loop_name = "i", op_name = "s"}
  %s = hcl.create_op_handle "s"
  // expected-error @below {{stage 's' names no call of @f in @top: name the call (stage_name) or give @f's own name}}
  hcl.clone(@f, %s)
  return
}
