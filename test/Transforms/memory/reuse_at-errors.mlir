// reuse_at refuses what it cannot buffer, with a located error.
// RUN: hcl-opt %s --hcl-apply-customizations -split-input-file -verify-diagnostics

func.func @stride_two(%A: memref<20xi32>, %B: memref<8xi32>) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  affine.for %i = 0 to 8 {
    %a = affine.load %A[2 * %i] : memref<20xi32>
    %b = affine.load %A[2 * %i + 1] : memref<20xi32>
    %c = arith.addi %a, %b : i32
    affine.store %c, %B[%i] : memref<8xi32>
  } {loop_name = "i", stage_name = "S"}
  // expected-error @+1 {{no reuse along loop 'i': its iterations read disjoint parts of the target (span 2, stride 2 in dimension 0)}}
  %lb = hcl.reuse_at(%s, %A : memref<20xi32>, %li) -> memref<2xi32>
  return
}

// -----

func.func @two_strides(%A: memref<30xi32>, %B: memref<8xi32>) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  affine.for %i = 0 to 8 {
    %a = affine.load %A[2 * %i] : memref<30xi32>
    %b = affine.load %A[3 * %i + 1] : memref<30xi32>
    %c = arith.addi %a, %b : i32
    affine.store %c, %B[%i] : memref<8xi32>
  } {loop_name = "i", stage_name = "S"}
  // expected-error @+1 {{the reads of the target move by 3 and by 2 per iteration of loop 'i'; reuse_at needs one stride}}
  %lb = hcl.reuse_at(%s, %A : memref<30xi32>, %li) -> memref<3xi32>
  return
}

// -----

func.func @backwards(%A: memref<20xi32>, %B: memref<8xi32>) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  affine.for %i = 0 to 8 {
    %a = affine.load %A[9 - %i] : memref<20xi32>
    %b = affine.load %A[10 - %i] : memref<20xi32>
    %c = arith.addi %a, %b : i32
    affine.store %c, %B[%i] : memref<8xi32>
  } {loop_name = "i", stage_name = "S"}
  // expected-error @+1 {{index 0 of a read of the target moves backwards (-1 per iteration of loop 'i'); reuse_at slides the window forwards}}
  %lb = hcl.reuse_at(%s, %A : memref<20xi32>, %li) -> memref<2xi32>
  return
}

// -----

func.func @no_reuse_span_one(%A: memref<8x8xi32>, %B: memref<8x8xi32>) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 7 {
      %a = affine.load %A[%i, %j] : memref<8x8xi32>
      %b = affine.load %A[%i, %j + 1] : memref<8x8xi32>
      %c = arith.addi %a, %b : i32
      affine.store %c, %B[%i, %j] : memref<8x8xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "S"}
  // expected-error @+1 {{no reuse along loop 'i': its iterations read disjoint parts of the target (span 1, stride 1 in dimension 0)}}
  %lb = hcl.reuse_at(%s, %A : memref<8x8xi32>, %li) -> memref<1x8xi32>
  return
}

// -----

func.func @no_reuse_axis_unused(%A: memref<8x8xf32>, %x: memref<8xf32>, %y: memref<8xf32>) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %a = affine.load %x[%i] : memref<8xf32>
      %b = affine.load %y[%i] : memref<8xf32>
      %c = arith.addf %a, %b : f32
      affine.store %c, %y[%i] : memref<8xf32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "S"}
  // expected-error @+1 {{no reuse along loop 'j': no index of the target uses it}}
  %lb = hcl.reuse_at(%s, %x : memref<8xf32>, %lj) -> memref<8xf32>
  return
}

// -----

func.func @written_target(%A: memref<10xi32>) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  affine.for %i = 0 to 8 {
    %a = affine.load %A[%i] : memref<10xi32>
    %b = affine.load %A[%i + 2] : memref<10xi32>
    %c = arith.addi %a, %b : i32
    affine.store %c, %A[%i + 1] : memref<10xi32>
  } {loop_name = "i", stage_name = "S"}
  // expected-error @+1 {{reuse_at needs the target to be read-only inside loop 'i', but it is written there}}
  %lb = hcl.reuse_at(%s, %A : memref<10xi32>, %li) -> memref<3xi32>
  return
}

// -----

func.func @wrong_result_type(%A: memref<10x10xi32>, %B: memref<8x10xi32>) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 10 {
      %a = affine.load %A[%i, %j] : memref<10x10xi32>
      %b = affine.load %A[%i + 2, %j] : memref<10x10xi32>
      %c = arith.addi %a, %b : i32
      affine.store %c, %B[%i, %j] : memref<8x10xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "S"}
  // expected-error @+1 {{reuse_at at loop 'i' makes a 'memref<3x10xi32>', not the 'memref<2x10xi32>' written here}}
  %lb = hcl.reuse_at(%s, %A : memref<10x10xi32>, %li) -> memref<2x10xi32>
  return
}

// -----

func.func @diagonal(%A: memref<10x10xi32>, %B: memref<8xi32>) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  affine.for %i = 0 to 8 {
    %a = affine.load %A[%i, %i] : memref<10x10xi32>
    %b = affine.load %A[%i + 1, %i + 1] : memref<10x10xi32>
    %c = arith.addi %a, %b : i32
    affine.store %c, %B[%i] : memref<8xi32>
  } {loop_name = "i", stage_name = "S"}
  // expected-error @+1 {{loop 'i' indexes more than one dimension of the target (0 and 1); reuse_at slides along one dimension}}
  %lb = hcl.reuse_at(%s, %A : memref<10x10xi32>, %li) -> memref<2x2xi32>
  return
}

// -----

func.func @fixed_read(%A: memref<10xi32>, %B: memref<8xi32>) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  affine.for %i = 0 to 8 {
    %a = affine.load %A[%i] : memref<10xi32>
    %b = affine.load %A[%i + 2] : memref<10xi32>
    %z = affine.load %A[0] : memref<10xi32>
    %c = arith.addi %a, %b : i32
    %d = arith.addi %c, %z : i32
    affine.store %d, %B[%i] : memref<8xi32>
  } {loop_name = "i", stage_name = "S"}
  // expected-error @+1 {{a read of the target does not move with loop 'i'; reuse_at needs every read inside it to}}
  %lb = hcl.reuse_at(%s, %A : memref<10xi32>, %li) -> memref<3xi32>
  return
}

// -----

func.func @not_read(%A: memref<10xi32>, %B: memref<8xi32>) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  affine.for %i = 0 to 8 {
    %b = affine.load %B[%i] : memref<8xi32>
    affine.store %b, %B[%i] : memref<8xi32>
  } {loop_name = "i", stage_name = "S"}
  // expected-error @+1 {{the target is not read inside loop 'i'}}
  %lb = hcl.reuse_at(%s, %A : memref<10xi32>, %li) -> memref<3xi32>
  return
}

// -----

func.func @modulo_index(%A: memref<10xi32>, %B: memref<8xi32>) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  affine.for %i = 0 to 8 {
    %a = affine.load %A[%i mod 4] : memref<10xi32>
    affine.store %a, %B[%i] : memref<8xi32>
  } {loop_name = "i", stage_name = "S"}
  // expected-error @+1 {{index 0 of a read of the target is not a linear expression (reuse_at cannot slide a window over it)}}
  %lb = hcl.reuse_at(%s, %A : memref<10xi32>, %li) -> memref<3xi32>
  return
}

// -----

func.func @step_two(%A: memref<10xi32>, %B: memref<10xi32>) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  affine.for %i = 0 to 8 step 2 {
    %a = affine.load %A[%i] : memref<10xi32>
    %b = affine.load %A[%i + 1] : memref<10xi32>
    %c = arith.addi %a, %b : i32
    affine.store %c, %B[%i] : memref<10xi32>
  } {loop_name = "i", stage_name = "S"}
  // expected-error @+1 {{reuse_at needs loop 'i' to have constant bounds and step 1}}
  %lb = hcl.reuse_at(%s, %A : memref<10xi32>, %li) -> memref<2xi32>
  return
}

// -----

func.func @inner_symbolic_bound(%A: memref<10x10xi32>, %B: memref<8x10xi32>, %n: index) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to %n {
      %a = affine.load %A[%i, %j] : memref<10x10xi32>
      %b = affine.load %A[%i + 2, %j] : memref<10x10xi32>
      %c = arith.addi %a, %b : i32
      affine.store %c, %B[%i, %j] : memref<8x10xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "S"}
  // expected-error @+1 {{reuse_at needs constant bounds on loop 'j', which indexes the target}}
  %lb = hcl.reuse_at(%s, %A : memref<10x10xi32>, %li) -> memref<3x10xi32>
  return
}
