// hcl.reverse that cannot be applied: a located error on the primitive, and
// the pass fails.
//
// RUN: hcl-opt %s -split-input-file --hcl-apply-customizations -verify-diagnostics

// A[i] = A[i-1] + A[i-1]: reversed, each iteration would read a value not
// yet computed.
func.func @reverse_recurrence(%A: memref<16xf32>) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  affine.for %i = 1 to 16 {
    %a = affine.load %A[%i - 1] : memref<16xf32>
    %b = arith.addf %a, %a : f32
    affine.store %b, %A[%i] : memref<16xf32>
  } {loop_name = "i", stage_name = "S"}
  // expected-error @+1 {{loop 'i' carries a dependence between iterations and cannot be reversed}}
  hcl.reverse(%s, %li)
  return
}

// -----

// The reduction loop of a gemm accumulates into C[i][j].
func.func @reverse_reduction(%A: memref<8x8xi32>, %B: memref<8x8xi32>, %C: memref<8x8xi32>) {
  %s = hcl.create_stage_handle "gemm" : !hcl.StageHandle
  %lk = hcl.create_loop_handle "k" : !hcl.LoopHandle
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      affine.for %k = 0 to 8 {
        %a = affine.load %A[%i, %k] : memref<8x8xi32>
        %b = affine.load %B[%k, %j] : memref<8x8xi32>
        %c = affine.load %C[%i, %j] : memref<8x8xi32>
        %p = arith.muli %a, %b : i32
        %sum = arith.addi %p, %c : i32
        affine.store %sum, %C[%i, %j] : memref<8x8xi32>
      } {loop_name = "k"}
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "gemm"}
  // expected-error @+1 {{loop 'k' carries a dependence between iterations and cannot be reversed}}
  hcl.reverse(%s, %lk)
  return
}

// -----

// A lower bound that is the max of two expressions.
#lb = affine_map<(d0) -> (0, d0 - 4)>
func.func @reverse_max_bound(%A: memref<16x16xf32>) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  affine.for %i = 0 to 16 {
    affine.for %j = max #lb(%i) to 16 {
      %a = affine.load %A[%i, %j] : memref<16x16xf32>
      %b = arith.addf %a, %a : f32
      affine.store %b, %A[%i, %j] : memref<16x16xf32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "S"}
  // expected-error @+1 {{loop 'j' has a bound that is the min or max of several expressions (such as a split's tail) and cannot be reversed}}
  hcl.reverse(%s, %lj)
  return
}

// -----

// The inner loop of a split whose factor does not divide the trip count
// ends at min(4, 30 - 4 * o).
func.func @reverse_split_tail(%A: memref<30xi32>) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  affine.for %i = 0 to 30 {
    %a = affine.load %A[%i] : memref<30xi32>
    %b = arith.addi %a, %a : i32
    affine.store %b, %A[%i] : memref<30xi32>
  } {loop_name = "i", stage_name = "S"}
  %o, %n = hcl.split(%s, %li, 4)
  // expected-error @+1 {{loop 'i.inner' has a bound that is the min or max of several expressions (such as a split's tail) and cannot be reversed}}
  hcl.reverse(%s, %n)
  return
}
