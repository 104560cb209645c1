// hcl.unfold and hcl.to into its processing elements: each error at the
// operation that cannot apply.
//
// RUN: hcl-opt %s --split-input-file --hcl-apply-customizations --verify-diagnostics

func.func @not_a_multiple(%W: memref<4xf32>, %Y: memref<4xf32>) {
  %s = hcl.create_op_handle "s"
  %lj = hcl.create_loop_handle %s, "j"
  affine.for %j = 0 to 4 {
    %w = affine.load %W[%j] : memref<4xf32>
    affine.store %w, %Y[%j] : memref<4xf32>
  } {loop_name = "j", op_name = "s"}
  // expected-error @+1 {{cannot unfold loop 'j' into 3 processing elements: it runs 4 iterations, not a multiple of 3}}
  %pe = hcl.unfold(%lj, 3)
  return
}

// -----

func.func @no_count(%W: memref<4xf32>) {
  %s = hcl.create_op_handle "s"
  %lj = hcl.create_loop_handle %s, "j"
  affine.for %j = 0 to 4 {
    %w = affine.load %W[%j] : memref<4xf32>
  } {loop_name = "j", op_name = "s"}
  // expected-error @+1 {{number of processing elements must be positive, got 0}}
  %pe = hcl.unfold(%lj)
  return
}

// -----

func.func @index_outside(%W: memref<4xf32>, %Y: memref<4xf32>) {
  %s = hcl.create_op_handle "s"
  %lj = hcl.create_loop_handle %s, "j"
  affine.for %j = 0 to 4 {
    %w = affine.load %W[%j] : memref<4xf32>
    affine.store %w, %Y[%j] : memref<4xf32>
  } {loop_name = "j", op_name = "s"}
  %pe = hcl.unfold(%lj, 2)
  // expected-error @+1 {{pe_index 2 is not a processing element of the array (0 to 1)}}
  %b = hcl.to(%W : memref<4xf32>, %pe) {pe_index = [0, 2]} -> memref<2xf32>
  return
}

// -----

func.func @wrong_block(%W: memref<4xf32>, %Y: memref<4xf32>) {
  %s = hcl.create_op_handle "s"
  %lj = hcl.create_loop_handle %s, "j"
  affine.for %j = 0 to 4 {
    %w = affine.load %W[%j] : memref<4xf32>
    affine.store %w, %Y[%j] : memref<4xf32>
  } {loop_name = "j", op_name = "s"}
  %pe = hcl.unfold(%lj, 2)
  // expected-error @+1 {{one of 2 processing elements holds 'memref<2xf32>' of the array, not 'memref<1xf32>'}}
  %b = hcl.to(%W : memref<4xf32>, %pe) {pe_index = [0, 1]} -> memref<1xf32>
  return
}

// -----

func.func @uneven(%W: memref<5xf32>, %Y: memref<4xf32>) {
  %s = hcl.create_op_handle "s"
  %lj = hcl.create_loop_handle %s, "j"
  affine.for %j = 0 to 4 {
    %w = affine.load %W[%j] : memref<5xf32>
    affine.store %w, %Y[%j] : memref<4xf32>
  } {loop_name = "j", op_name = "s"}
  %pe = hcl.unfold(%lj, 2)
  // expected-error @+1 {{dimension 1 of the array (size 5) does not divide into 2 equal blocks, one per processing element}}
  %b = hcl.to(%W : memref<5xf32>, %pe) {pe_index = [0, 1]} -> memref<2xf32>
  return
}

// -----

func.func @unused(%W: memref<4xf32>, %V: memref<4xf32>, %Y: memref<4xf32>) {
  %s = hcl.create_op_handle "s"
  %lj = hcl.create_loop_handle %s, "j"
  affine.for %j = 0 to 4 {
    %w = affine.load %W[%j] : memref<4xf32>
    affine.store %w, %Y[%j] : memref<4xf32>
  } {loop_name = "j", op_name = "s"}
  %pe = hcl.unfold(%lj, 2)
  // expected-error @+1 {{the processing elements of loop 'j' do not use the array: nothing of it to place in them}}
  %b = hcl.to(%V : memref<4xf32>, %pe) {pe_index = [0, 1]} -> memref<2xf32>
  return
}

// -----

func.func @forward_changes_type(%W: memref<4xf32>, %Y: memref<4xf32>) {
  %s = hcl.create_op_handle "s"
  %lj = hcl.create_loop_handle %s, "j"
  affine.for %j = 0 to 4 {
    %w = affine.load %W[%j] : memref<4xf32>
    affine.store %w, %Y[%j] : memref<4xf32>
  } {loop_name = "j", op_name = "s"}
  %pe = hcl.unfold(%lj, 2)
  %b0 = hcl.to(%W : memref<4xf32>, %pe) {pe_index = [0]} -> memref<2xf32>
  // expected-error @+1 {{a block forwarded between processing elements keeps its type 'memref<2xf32>'}}
  %b1 = hcl.to(%b0 : memref<2xf32>, %pe) {pe_index = [1]} -> memref<1xf32>
  return
}

// -----

func.func @pe_array_as_stream(%W: memref<4xf32>, %Y: memref<4xf32>) {
  %s = hcl.create_op_handle "s"
  %lj = hcl.create_loop_handle %s, "j"
  affine.for %j = 0 to 4 {
    %w = affine.load %W[%j] : memref<4xf32>
    affine.store %w, %Y[%j] : memref<4xf32>
  } {loop_name = "j", op_name = "s"}
  %pe = hcl.unfold(%lj, 2)
  // expected-error @+1 {{the consumer is a processing-element array (hcl.unfold): say which PEs get the array with {pe_index = [...]} and give their block's type (-> memref<...>)}}
  hcl.to(%W : memref<4xf32>, %pe)
  return
}

// -----

func.func @pe_index_to_a_stage(%W: memref<4xf32>, %Y: memref<4xf32>) {
  %s = hcl.create_op_handle "s"
  affine.for %j = 0 to 4 {
    %w = affine.load %W[%j] : memref<4xf32>
    affine.store %w, %Y[%j] : memref<4xf32>
  } {loop_name = "j", op_name = "s"}
  // expected-error @+1 {{pe_index places an array in processing elements: the consumer must be an hcl.unfold result}}
  %b = hcl.to(%W : memref<4xf32>, %s) {pe_index = [0]} -> memref<2xf32>
  return
}

// -----

func.func @pe_array_elsewhere(%W: memref<4xf32>, %Y: memref<4xf32>) {
  %s = hcl.create_op_handle "s"
  %lj = hcl.create_loop_handle %s, "j"
  affine.for %j = 0 to 4 {
    %w = affine.load %W[%j] : memref<4xf32>
    affine.store %w, %Y[%j] : memref<4xf32>
  } {loop_name = "j", op_name = "s"}
  %pe = hcl.unfold(%lj, 2)
  // expected-error @+1 {{the stage handle does not come from hcl.create_stage_handle}}
  hcl.reorder(%pe, %lj)
  return
}
