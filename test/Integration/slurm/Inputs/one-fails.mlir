// Two kernels for --top all: @good runs; @divides_by_zero divides every
// element by zero, which hcl's JIT reports as an error, so its check fails.
func.func @good(%A: memref<8xi32>) -> memref<8xi32> {
  %one = arith.constant 1 : i32
  %B = memref.alloc() {name = "B"} : memref<8xi32>
  affine.for %i = 0 to 8 {
    %a = affine.load %A[%i] : memref<8xi32>
    %b = arith.addi %a, %one : i32
    affine.store %b, %B[%i] : memref<8xi32>
  } {loop_name = "i", stage_name = "add"}
  return %B : memref<8xi32>
}

func.func @divides_by_zero(%A: memref<8xi32>) -> memref<8xi32> {
  %B = memref.alloc() {name = "B"} : memref<8xi32>
  affine.for %i = 0 to 8 {
    %a = affine.load %A[%i] : memref<8xi32>
    %zero = arith.subi %a, %a : i32
    %b = arith.divsi %a, %zero : i32
    affine.store %b, %B[%i] : memref<8xi32>
  } {loop_name = "i", stage_name = "divide"}
  return %B : memref<8xi32>
}
