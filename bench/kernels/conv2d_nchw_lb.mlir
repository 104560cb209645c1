// Seed 000 benchmark conv2d-nchw+LB: a line buffer along h (8 x 3 x 18).
func.func @top(%A: memref<1x8x18x18xi32>, %F: memref<8x8x3x3xi32>) -> memref<1x8x16x16xi32> {
  %s = hcl.create_stage_handle "B" : !hcl.StageHandle
  %lh = hcl.create_loop_handle "h" : !hcl.LoopHandle
  %lw = hcl.create_loop_handle "w" : !hcl.LoopHandle
  %B = memref.alloc() {name = "B"} : memref<1x8x16x16xi32>
  %zero = arith.constant 0 : i32
  affine.for %n = 0 to 1 {
    affine.for %c = 0 to 8 {
      affine.for %h = 0 to 16 {
        affine.for %w = 0 to 16 {
          %sum = memref.alloca() {name = "sum"} : memref<1xi32>
          affine.store %zero, %sum[0] : memref<1xi32>
          affine.for %rc = 0 to 8 {
            affine.for %rh = 0 to 3 {
              affine.for %rw = 0 to 3 {
                %a = affine.load %A[%n, %rc, %h + %rh, %w + %rw] : memref<1x8x18x18xi32>
                %f = affine.load %F[%c, %rc, %rh, %rw] : memref<8x8x3x3xi32>
                %p = arith.muli %a, %f : i32
                %old = affine.load %sum[0] : memref<1xi32>
                %new = arith.addi %old, %p : i32
                affine.store %new, %sum[0] : memref<1xi32>
              } {loop_name = "rw", reduction = 1 : i32}
            } {loop_name = "rh", reduction = 1 : i32}
          } {loop_name = "rc", reduction = 1 : i32}
          %r = affine.load %sum[0] : memref<1xi32>
          affine.store %r, %B[%n, %c, %h, %w] : memref<1x8x16x16xi32>
        } {loop_name = "w"}
      } {loop_name = "h"}
    } {loop_name = "c"}
  } {loop_name = "n", stage_name = "B"}
  %lb = hcl.reuse_at(%s, %A : memref<1x8x18x18xi32>, %lh) -> memref<8x3x18xi32>
  hcl.partition(%F : memref<8x8x3x3xi32>, Complete, 2)
  hcl.partition(%F : memref<8x8x3x3xi32>, Complete, 3)
  hcl.partition(%F : memref<8x8x3x3xi32>, Complete, 4)
  hcl.partition(%lb : memref<8x3x18xi32>, Complete, 1)
  hcl.partition(%lb : memref<8x3x18xi32>, Complete, 2)
  hcl.pipeline(%s, %lw, 1)
  return %B : memref<1x8x16x16xi32>
}
