// Seed 000 benchmark blur+LB: blur with a line buffer of size 3 along j.
func.func @top(%A: memref<64x66xi32>) -> memref<64x64xi32> {
  %s = hcl.create_stage_handle "B" : !hcl.StageHandle
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  %B = memref.alloc() {name = "B"} : memref<64x64xi32>
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 64 {
      %a = affine.load %A[%i, %j] : memref<64x66xi32>
      %b = affine.load %A[%i, %j + 1] : memref<64x66xi32>
      %c = affine.load %A[%i, %j + 2] : memref<64x66xi32>
      %0 = arith.addi %a, %b : i32
      %1 = arith.addi %0, %c : i32
      affine.store %1, %B[%i, %j] : memref<64x64xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "B"}
  %lb = hcl.reuse_at(%s, %A : memref<64x66xi32>, %lj) -> memref<3xi32>
  hcl.partition(%lb : memref<3xi32>, Complete, 0)
  hcl.pipeline(%s, %lj, 1)
  return %B : memref<64x64xi32>
}
