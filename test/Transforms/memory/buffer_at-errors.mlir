// buffer_at that cannot apply gives a located error.
// RUN: hcl-opt %s -split-input-file --hcl-apply-customizations -verify-diagnostics

func.func @at_reduction_axis(%A: memref<8x8xf32>, %C: memref<8xf32>) {
  %lk = hcl.create_loop_handle "k" : !hcl.LoopHandle
  %s = hcl.create_stage_handle "s" : !hcl.StageHandle
  affine.for %i = 0 to 8 {
    affine.for %k = 0 to 8 {
      %a = affine.load %A[%i, %k] : memref<8x8xf32>
      %c = affine.load %C[%i] : memref<8xf32>
      %t = arith.addf %a, %c : f32
      affine.store %t, %C[%i] : memref<8xf32>
    } {loop_name = "k", reduction = 1 : i32}
  } {loop_name = "i", stage_name = "s"}
  // expected-error @+1 {{buffer_at cannot be placed at reduction loop 'k'}}
  %buf = hcl.buffer_at(%s, %C: memref<8xf32>, %lk) -> memref<1xf32>
  return
}

// -----

func.func @wrong_buffer_type(%C: memref<8x16xf32>) {
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %s = hcl.create_stage_handle "s" : !hcl.StageHandle
  %z = arith.constant 0.0 : f32
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 16 {
      affine.store %z, %C[%i, %j] : memref<8x16xf32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "s"}
  // expected-error @+1 {{buffer_at at loop 'i' makes a 'memref<16xf32>', not the 'memref<8xf32>' written here}}
  %buf = hcl.buffer_at(%s, %C: memref<8x16xf32>, %li) -> memref<8xf32>
  return
}

// -----

func.func @not_accessed(%A: memref<8xf32>, %C: memref<8xf32>) {
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %s = hcl.create_stage_handle "s" : !hcl.StageHandle
  %z = arith.constant 0.0 : f32
  affine.for %i = 0 to 8 {
    affine.store %z, %A[%i] : memref<8xf32>
  } {loop_name = "i", stage_name = "s"}
  // expected-error @+1 {{the target is not accessed inside loop 'i'}}
  %buf = hcl.buffer_at(%s, %C: memref<8xf32>, %li) -> memref<8xf32>
  return
}

// -----

func.func @mixed_index(%C: memref<8x16xf32>) {
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %s = hcl.create_stage_handle "s" : !hcl.StageHandle
  %z = arith.constant 0.0 : f32
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      affine.store %z, %C[%i, %i + %j] : memref<8x16xf32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "s"}
  // expected-error @+1 {{buffer_at needs each index of the target to be either fixed in an iteration of the axis or a variable of a loop inside it plus a constant}}
  %buf = hcl.buffer_at(%s, %C: memref<8x16xf32>, %li) -> memref<16xf32>
  return
}
