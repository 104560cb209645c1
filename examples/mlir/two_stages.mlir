// A separable 3x3 box blur in two stages, the first computed inside the
// second (compute_at, as Halide and HeteroCL write it).
//
//   H[i][j] = A[i][j] + A[i][j+1] + A[i][j+2]      stage "H" (horizontal)
//   V[i][j] = H[i][j] + H[i+1][j] + H[i+2][j]      stage "V" (vertical)
//
// Unscheduled, H runs to completion into a 10x8 array before V starts.
//   - compute_at(H, V, i) computes, inside each iteration i of V, the rows
//     of H that this iteration reads (rows i..i+2): the two loop nests
//     become one; the copied loops of H are named "H.i" and "H.j";
//   - store_at(H, V, i) then allocates H inside that loop with the shape
//     one iteration writes, 3x8 instead of 10x8 (Halide's store_at);
//   - pipeline(j, 1) pipelines V's own inner loop. hcl estimate reports
//     II 2 for it, not 1: an iteration reads H three times, and a memory
//     has two ports.
//
//   hcl check examples/mlir/two_stages.mlir
//   hcl check --hls examples/mlir/two_stages.mlir
//   hcl-opt --hcl-apply-customizations examples/mlir/two_stages.mlir
func.func @top(%A: memref<10x10xi32>) -> memref<8x8xi32> {
  %H = memref.alloc() {name = "H"} : memref<10x8xi32>
  affine.for %i = 0 to 10 {
    affine.for %j = 0 to 8 {
      %a = affine.load %A[%i, %j] : memref<10x10xi32>
      %b = affine.load %A[%i, %j + 1] : memref<10x10xi32>
      %c = affine.load %A[%i, %j + 2] : memref<10x10xi32>
      %0 = arith.addi %a, %b : i32
      %1 = arith.addi %0, %c : i32
      affine.store %1, %H[%i, %j] : memref<10x8xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "H"}

  %V = memref.alloc() {name = "V"} : memref<8x8xi32>
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %a = affine.load %H[%i, %j] : memref<10x8xi32>
      %b = affine.load %H[%i + 1, %j] : memref<10x8xi32>
      %c = affine.load %H[%i + 2, %j] : memref<10x8xi32>
      %0 = arith.addi %a, %b : i32
      %1 = arith.addi %0, %c : i32
      affine.store %1, %V[%i, %j] : memref<8x8xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "V"}

  %sH = hcl.create_stage_handle "H" : !hcl.StageHandle
  %sV = hcl.create_stage_handle "V" : !hcl.StageHandle
  %vi = hcl.create_loop_handle %sV, "i" : !hcl.LoopHandle
  %vj = hcl.create_loop_handle %sV, "j" : !hcl.LoopHandle
  hcl.compute_at(%sH, %sV, %vi)
  hcl.store_at(%sH, %sV, %vi)
  hcl.pipeline(%sV, %vj, 1)
  return %V : memref<8x8xi32>
}
