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

func.func @diagonal(%C: memref<8x8xf32>) {
  %lo = hcl.create_loop_handle "o" : !hcl.LoopHandle
  %s = hcl.create_stage_handle "s" : !hcl.StageHandle
  %z = arith.constant 0.0 : f32
  affine.for %o = 0 to 2 {
    affine.for %i = 0 to 8 {
      affine.store %z, %C[%i, %i] : memref<8x8xf32>
    } {loop_name = "i"}
  } {loop_name = "o", stage_name = "s"}
  // expected-error @+1 {{loop 'i' indexes two dimensions of the target (a diagonal): the part of it one iteration of loop 'o' touches is not a box}}
  %buf = hcl.buffer_at(%s, %C: memref<8x8xf32>, %lo) -> memref<8x8xf32>
  return
}

// -----

func.func @strided(%C: memref<16xf32>) {
  %lo = hcl.create_loop_handle "o" : !hcl.LoopHandle
  %s = hcl.create_stage_handle "s" : !hcl.StageHandle
  %z = arith.constant 0.0 : f32
  affine.for %o = 0 to 2 {
    affine.for %j = 0 to 8 {
      affine.store %z, %C[2 * %j] : memref<16xf32>
    } {loop_name = "j"}
  } {loop_name = "o", stage_name = "s"}
  // expected-error @+1 {{index 0 of the target steps by 2 with loop 'j': the part of it one iteration of loop 'o' touches has holes, not a box}}
  %buf = hcl.buffer_at(%s, %C: memref<16xf32>, %lo) -> memref<16xf32>
  return
}

// -----

// j + 16 * i with j < 8: rows of 8 with gaps of 8.
func.func @holes(%C: memref<64xf32>) {
  %lo = hcl.create_loop_handle "o" : !hcl.LoopHandle
  %s = hcl.create_stage_handle "s" : !hcl.StageHandle
  %z = arith.constant 0.0 : f32
  affine.for %o = 0 to 2 {
    affine.for %i = 0 to 4 {
      affine.for %j = 0 to 8 {
        affine.store %z, %C[%j + 16 * %i] : memref<64xf32>
      } {loop_name = "j"}
    } {loop_name = "i"}
  } {loop_name = "o", stage_name = "s"}
  // expected-error @+1 {{index 0 of the target steps by 16 with loop 'i': the part of it one iteration of loop 'o' touches has holes, not a box}}
  %buf = hcl.buffer_at(%s, %C: memref<64xf32>, %lo) -> memref<64xf32>
  return
}

// -----

func.func @step_loop(%C: memref<16xf32>) {
  %lo = hcl.create_loop_handle "o" : !hcl.LoopHandle
  %s = hcl.create_stage_handle "s" : !hcl.StageHandle
  %z = arith.constant 0.0 : f32
  affine.for %o = 0 to 2 {
    affine.for %j = 0 to 16 step 2 {
      affine.store %z, %C[%j] : memref<16xf32>
    } {loop_name = "j"}
  } {loop_name = "o", stage_name = "s"}
  // expected-error @+1 {{loop 'j' steps by 2: the part of the target one iteration of loop 'o' touches has holes, not a box}}
  %buf = hcl.buffer_at(%s, %C: memref<16xf32>, %lo) -> memref<16xf32>
  return
}

// -----

func.func @triangle(%C: memref<8x8xf32>) {
  %lo = hcl.create_loop_handle "o" : !hcl.LoopHandle
  %s = hcl.create_stage_handle "s" : !hcl.StageHandle
  %z = arith.constant 0.0 : f32
  affine.for %o = 0 to 2 {
    affine.for %i = 0 to 8 {
      affine.for %j = 0 to affine_map<(d0) -> (d0 + 1)>(%i) {
        affine.store %z, %C[%i, %j] : memref<8x8xf32>
      } {loop_name = "j"}
    } {loop_name = "i"}
  } {loop_name = "o", stage_name = "s"}
  // expected-error @+1 {{the bounds of loop 'j' depend on another loop inside loop 'o': the part of the target it touches is not a box}}
  %buf = hcl.buffer_at(%s, %C: memref<8x8xf32>, %lo) -> memref<8x8xf32>
  return
}

// -----

func.func @not_linear(%C: memref<8xf32>) {
  %lo = hcl.create_loop_handle "o" : !hcl.LoopHandle
  %s = hcl.create_stage_handle "s" : !hcl.StageHandle
  %z = arith.constant 0.0 : f32
  affine.for %o = 0 to 2 {
    affine.for %j = 0 to 16 {
      affine.store %z, %C[%j floordiv 2] : memref<8xf32>
    } {loop_name = "j"}
  } {loop_name = "o", stage_name = "s"}
  // expected-error @+1 {{index 0 of the target is not a multiple of loop 'j' plus the rest: the part of it one iteration of loop 'o' touches is not a box}}
  %buf = hcl.buffer_at(%s, %C: memref<8xf32>, %lo) -> memref<8xf32>
  return
}

// -----

func.func @dynamic_target(%C: memref<?xf32>, %n: index) {
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %s = hcl.create_stage_handle "s" : !hcl.StageHandle
  %z = arith.constant 0.0 : f32
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 8 {
      affine.store %z, %C[%j] : memref<?xf32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "s"}
  // expected-error @+1 {{buffer_at needs a target of static shape, not 'memref<?xf32>'}}
  %buf = hcl.buffer_at(%s, %C: memref<?xf32>, %li) -> memref<8xf32>
  return
}
