// Two modules for --top all: stage "scale" outlined into @Stage_scale, and
// @top, which calls it and then runs stage "shift" itself.
func.func @top(%A: memref<8x8xi32>) -> memref<8x8xi32> {
  %sScale = hcl.create_stage_handle "scale" : !hcl.StageHandle
  %three = arith.constant 3 : i32
  %one = arith.constant 1 : i32
  %B = memref.alloc() {name = "B"} : memref<8x8xi32>
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %a = affine.load %A[%i, %j] : memref<8x8xi32>
      %b = arith.muli %a, %three : i32
      affine.store %b, %B[%i, %j] : memref<8x8xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "scale"}
  %C = memref.alloc() {name = "C"} : memref<8x8xi32>
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %b = affine.load %B[%i, %j] : memref<8x8xi32>
      %c = arith.addi %b, %one : i32
      affine.store %c, %C[%i, %j] : memref<8x8xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "shift"}
  hcl.outline (%sScale)
  return %C : memref<8x8xi32>
}
