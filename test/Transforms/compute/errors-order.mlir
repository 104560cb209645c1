// fuse and tile take their loops outermost first. Listing a directly nested
// pair inner-first is an ordering mistake, and the error must say so rather
// than claim that "other operations sit between" loops that have nothing
// between them.
//
// RUN: hcl-opt %s -split-input-file --hcl-apply-customizations -verify-diagnostics

func.func @fuse_inner_first(%A: memref<4x5xi32>) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 5 {
      %a = affine.load %A[%i, %j] : memref<4x5xi32>
      %b = arith.addi %a, %a : i32
      affine.store %b, %A[%i, %j] : memref<4x5xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "S"}
  // expected-error @+1 {{fuse needs consecutive loops listed outermost first, with nothing between them}}
  %f = hcl.fuse(%s, %lj, %li)
  return
}

// -----

func.func @tile_inner_first(%A: memref<4x5xf32>) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 5 {
      %a = affine.load %A[%i, %j] : memref<4x5xf32>
      %b = arith.addf %a, %a : f32
      affine.store %b, %A[%i, %j] : memref<4x5xf32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "S"}
  // expected-error @+1 {{tile needs 'i' directly inside 'j'}}
  %a, %b, %c, %d = hcl.tile(%s, %lj, %li, 2, 2)
  return
}
