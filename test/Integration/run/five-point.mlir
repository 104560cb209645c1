// The five-point stencil of seed 000 as the algorithm writes it (no reuse
// buffers), on --random-inputs; NumPy recomputes it from the arg0.npy that
// hcl wrote (the kernel does not modify its input).
// RUN: rm -rf %t && hcl run %s --random-inputs 3 --repeat 3 --output-dir %t | FileCheck %s
// RUN: %python %inputs/reference.py five_point %t %t | FileCheck %s --check-prefix=REF
// CHECK: @top: 1 arguments, 1 results
// CHECK: arg0 10x10 int32
// CHECK: result0 8x8 int32 sum=
// CHECK: time: {{.*}} ms (median of 3 runs)
// REF: five_point: OK
func.func @top(%A: memref<10x10xi32>) -> memref<8x8xi32> {
  %B = memref.alloc() {name = "B"} : memref<8x8xi32>
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %0 = affine.load %A[%i, %j + 1] : memref<10x10xi32>
      %1 = affine.load %A[%i + 1, %j] : memref<10x10xi32>
      %2 = affine.load %A[%i + 1, %j + 1] : memref<10x10xi32>
      %3 = affine.load %A[%i + 1, %j + 2] : memref<10x10xi32>
      %4 = affine.load %A[%i + 2, %j + 1] : memref<10x10xi32>
      %s0 = arith.addi %0, %1 : i32
      %s1 = arith.addi %s0, %2 : i32
      %s2 = arith.addi %s1, %3 : i32
      %s3 = arith.addi %s2, %4 : i32
      affine.store %s3, %B[%i, %j] : memref<8x8xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "B"}
  return %B : memref<8x8xi32>
}
