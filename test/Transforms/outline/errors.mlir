// outline refuses what it cannot do, with a located error.
// RUN: hcl-opt %s --hcl-apply-customizations -split-input-file -verify-diagnostics

// The seed's last listing merges D (x2) into Stage_C (+1): D's result would
// change, so it is refused, naming the operation that differs.
func.func @merge_different(%A: memref<10x32xi32>) -> memref<10x32xi32> {
  %sC = hcl.create_stage_handle "C" : !hcl.StageHandle
  %sD = hcl.create_stage_handle "D" : !hcl.StageHandle
  %C = memref.alloc() {name = "C"} : memref<10x32xi32>
  affine.for %i = 0 to 10 {
    affine.for %j = 0 to 32 {
      %a = affine.load %A[%i, %j] : memref<10x32xi32>
      %c1 = arith.constant 1 : i32
      %b = arith.addi %a, %c1 : i32
      affine.store %b, %C[%i, %j] : memref<10x32xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "C"}
  %D = memref.alloc() {name = "D"} : memref<10x32xi32>
  affine.for %i = 0 to 10 {
    affine.for %j = 0 to 32 {
      %a = affine.load %C[%i, %j] : memref<10x32xi32>
      %c2 = arith.constant 2 : i32
      %b = arith.muli %a, %c2 : i32
      affine.store %b, %D[%i, %j] : memref<10x32xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "D"}
  hcl.outline (%sC) {param = ["i", "j"]}
  // expected-error @+1 {{cannot merge D into @Stage_C: its 'arith.constant' differs from @Stage_C (merging would change its result)}}
  hcl.outline (%sD) {param = ["i", "j"], merge = "Stage_C"}
  return %D : memref<10x32xi32>
}

// -----

func.func @twice(%A: memref<4xi32>) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  affine.for %i = 0 to 4 {
    %a = affine.load %A[%i] : memref<4xi32>
    affine.store %a, %A[%i] : memref<4xi32>
  } {loop_name = "i", stage_name = "S"}
  hcl.outline (%s)
  // expected-error @+1 {{stage 'S' is already outlined (into @Stage_S)}}
  hcl.outline (%s)
  return
}

// -----

func.func @twice_by_name(%A: memref<4xi32>) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  %t = hcl.create_stage_handle "T" : !hcl.StageHandle
  affine.for %i = 0 to 4 {
    %a = affine.load %A[%i] : memref<4xi32>
    affine.store %a, %A[%i] : memref<4xi32>
  } {loop_name = "i", stage_name = "S"}
  affine.for %i = 0 to 4 {
    %a = affine.load %A[%i] : memref<4xi32>
    affine.store %a, %A[%i] : memref<4xi32>
  } {loop_name = "i", stage_name = "T"}
  hcl.outline (%s, %t)
  // expected-error @+1 {{stage 'S' is already outlined (into @Stage_S_T)}}
  hcl.outline (%s)
  return
}

// -----

func.func @missing_axis(%A: memref<4xi32>) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  affine.for %i = 0 to 4 {
    %a = affine.load %A[%i] : memref<4xi32>
    affine.store %a, %A[%i] : memref<4xi32>
  } {loop_name = "i", stage_name = "S"}
  // expected-error @+1 {{stage 'S' has no loop named 'k' to outline at}}
  hcl.outline (%s) {axis = "k"}
  return
}

// -----

func.func @missing_param(%A: memref<4xi32>) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  affine.for %i = 0 to 4 {
    %a = affine.load %A[%i] : memref<4xi32>
    affine.store %a, %A[%i] : memref<4xi32>
  } {loop_name = "i", stage_name = "S"}
  // expected-error @+1 {{'param' names loop 'q', which the outlined code does not have}}
  hcl.outline (%s) {param = ["q"]}
  return
}

// -----

func.func @merge_missing(%A: memref<4xi32>) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  affine.for %i = 0 to 4 {
    %a = affine.load %A[%i] : memref<4xi32>
    affine.store %a, %A[%i] : memref<4xi32>
  } {loop_name = "i", stage_name = "S"}
  // expected-error @+1 {{no function @Stage_X to merge with}}
  hcl.outline (%s) {merge = "Stage_X"}
  return
}

// -----

func.func @between(%A: memref<4xi32>, %B: memref<4xi32>) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  %t = hcl.create_stage_handle "T" : !hcl.StageHandle
  affine.for %i = 0 to 4 {
    %a = affine.load %A[%i] : memref<4xi32>
    affine.store %a, %B[%i] : memref<4xi32>
  } {loop_name = "i", stage_name = "S"}
  %z = arith.constant 0 : i32
  affine.store %z, %B[0] : memref<4xi32>
  affine.for %i = 0 to 4 {
    %b = affine.load %B[%i] : memref<4xi32>
    affine.store %b, %A[%i] : memref<4xi32>
  } {loop_name = "i", stage_name = "T"}
  // expected-error @+1 {{cannot outline these stages together: 'affine.store' sits between them}}
  hcl.outline (%s, %t)
  return
}

// -----

// A partitioned buffer changes the function's argument types.
func.func @merge_types(%A: memref<4xi32>, %B: memref<4xi32>, %C: memref<4xi32>) {
  %sB = hcl.create_stage_handle "B" : !hcl.StageHandle
  %sC = hcl.create_stage_handle "C" : !hcl.StageHandle
  affine.for %i = 0 to 4 {
    %a = affine.load %A[%i] : memref<4xi32>
    affine.store %a, %B[%i] : memref<4xi32>
  } {loop_name = "i", stage_name = "B"}
  affine.for %i = 0 to 4 {
    %a = affine.load %A[%i] : memref<4xi32>
    affine.store %a, %C[%i] : memref<4xi32>
  } {loop_name = "i", stage_name = "C"}
  hcl.partition(%B : memref<4xi32>, Complete, 1)
  hcl.outline (%sB)
  // expected-error @+1 {{cannot merge C into @Stage_B: its arguments (memref<4xi32>, memref<4xi32>) -> () differ from those of @Stage_B (memref<4xi32>, memref<4xi32, affine_map<(d0) -> (d0, 0)>>) -> ()}}
  hcl.outline (%sC) {merge = "Stage_B"}
  return
}
