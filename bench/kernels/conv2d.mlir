// Seed 000 benchmark conv2d: 3x3 convolution accumulating into B, no customizations.
func.func @top(%A: memref<1x8x18x18xf32>, %F: memref<8x8x3x3xf32>, %B: memref<1x8x16x16xf32>) {
  %s = hcl.create_stage_handle "B" : !hcl.StageHandle
  %lh = hcl.create_loop_handle "h" : !hcl.LoopHandle
  %lw = hcl.create_loop_handle "w" : !hcl.LoopHandle
  %lrc = hcl.create_loop_handle "rc" : !hcl.LoopHandle
  %lrh = hcl.create_loop_handle "rh" : !hcl.LoopHandle
  %lrw = hcl.create_loop_handle "rw" : !hcl.LoopHandle
  affine.for %n = 0 to 1 {
    affine.for %c = 0 to 8 {
      affine.for %h = 0 to 16 {
        affine.for %w = 0 to 16 {
          affine.for %rc = 0 to 8 {
            affine.for %rh = 0 to 3 {
              affine.for %rw = 0 to 3 {
                %a = affine.load %A[%n, %rc, %h + %rh, %w + %rw] : memref<1x8x18x18xf32>
                %f = affine.load %F[%c, %rc, %rh, %rw] : memref<8x8x3x3xf32>
                %old = affine.load %B[%n, %c, %h, %w] : memref<1x8x16x16xf32>
                %p = arith.mulf %a, %f : f32
                %new = arith.addf %old, %p : f32
                affine.store %new, %B[%n, %c, %h, %w] : memref<1x8x16x16xf32>
              } {loop_name = "rw", reduction = 1 : i32}
            } {loop_name = "rh", reduction = 1 : i32}
          } {loop_name = "rc", reduction = 1 : i32}
        } {loop_name = "w"}
      } {loop_name = "h"}
    } {loop_name = "c"}
  } {loop_name = "n", stage_name = "B"}
  return
}
