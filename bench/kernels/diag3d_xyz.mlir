// Seed 000 benchmark diag3d+xyz: three chained reuse buffers along x, y and z.
func.func @top(%A: memref<18x18x18xi32>) -> memref<16x16x16xi32> {
  %s = hcl.create_stage_handle "B" : !hcl.StageHandle
  %lx = hcl.create_loop_handle "x" : !hcl.LoopHandle
  %ly = hcl.create_loop_handle "y" : !hcl.LoopHandle
  %lz = hcl.create_loop_handle "z" : !hcl.LoopHandle
  %B = memref.alloc() {name = "B"} : memref<16x16x16xi32>
  affine.for %x = 0 to 16 {
    affine.for %y = 0 to 16 {
      affine.for %z = 0 to 16 {
        %a = affine.load %A[%x, %y, %z] : memref<18x18x18xi32>
        %b = affine.load %A[%x + 1, %y + 1, %z + 1] : memref<18x18x18xi32>
        %c = affine.load %A[%x + 2, %y + 2, %z + 2] : memref<18x18x18xi32>
        %0 = arith.addi %a, %b : i32
        %1 = arith.addi %0, %c : i32
        affine.store %1, %B[%x, %y, %z] : memref<16x16x16xi32>
      } {loop_name = "z"}
    } {loop_name = "y"}
  } {loop_name = "x", stage_name = "B"}
  %bx = hcl.reuse_at(%s, %A : memref<18x18x18xi32>, %lx) -> memref<3x18x18xi32>
  %by = hcl.reuse_at(%s, %bx : memref<3x18x18xi32>, %ly) -> memref<3x3x18xi32>
  %bz = hcl.reuse_at(%s, %by : memref<3x3x18xi32>, %lz) -> memref<3x3x3xi32>
  hcl.partition(%bx : memref<3x18x18xi32>, Complete, 1)
  hcl.partition(%by : memref<3x3x18xi32>, Complete, 1)
  hcl.partition(%by : memref<3x3x18xi32>, Complete, 2)
  hcl.partition(%bz : memref<3x3x3xi32>, Complete, 0)
  hcl.pipeline(%s, %lz, 1)
  return %B : memref<16x16x16xi32>
}
