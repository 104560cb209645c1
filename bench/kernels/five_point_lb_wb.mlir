// Seed 000 benchmark 5point+LB+WB: line buffer along i, window buffer along j.
func.func @top(%A: memref<10x10xi32>) -> memref<8x8xi32> {
  %s = hcl.create_stage_handle "B" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  %B = memref.alloc() {name = "B"} : memref<8x8xi32>
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %a = affine.load %A[%i, %j + 1] : memref<10x10xi32>
      %b = affine.load %A[%i + 1, %j] : memref<10x10xi32>
      %0 = arith.addi %a, %b : i32
      %c = affine.load %A[%i + 1, %j + 1] : memref<10x10xi32>
      %1 = arith.addi %0, %c : i32
      %d = affine.load %A[%i + 1, %j + 2] : memref<10x10xi32>
      %2 = arith.addi %1, %d : i32
      %e = affine.load %A[%i + 2, %j + 1] : memref<10x10xi32>
      %3 = arith.addi %2, %e : i32
      affine.store %3, %B[%i, %j] : memref<8x8xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "B"}
  %lb = hcl.reuse_at(%s, %A : memref<10x10xi32>, %li) -> memref<3x10xi32>
  %wb = hcl.reuse_at(%s, %lb : memref<3x10xi32>, %lj) -> memref<3x3xi32>
  hcl.partition(%lb : memref<3x10xi32>, Complete, 1)
  hcl.partition(%wb : memref<3x3xi32>, Complete, 0)
  hcl.pipeline(%s, %lj, 1)
  return %B : memref<8x8xi32>
}
