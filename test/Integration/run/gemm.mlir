// The seed's gemm (C += A * B, updated in place) without a schedule, checked
// against NumPy on inputs NumPy made.
// RUN: rm -rf %t && %python %inputs/make_inputs.py %t/in 5 arg0:float32:32x16 arg1:float32:16x24 arg2:float32:32x24
// RUN: hcl run %s --input %t/in/arg0.npy --input %t/in/arg1.npy --input %t/in/arg2.npy --output-dir %t/out | FileCheck %s
// RUN: %python %inputs/reference.py gemm %t/in %t/out | FileCheck %s --check-prefix=REF
// CHECK: @kernel: 3 arguments, 0 results
// CHECK: arg2 32x24 float32 sum=
// CHECK: time:
// REF: gemm: OK
func.func @kernel(%A: memref<32x16xf32>, %B: memref<16x24xf32>, %C: memref<32x24xf32>) {
  affine.for %i = 0 to 32 {
    affine.for %j = 0 to 24 {
      affine.for %k = 0 to 16 {
        %a = affine.load %A[%i, %k] : memref<32x16xf32>
        %b = affine.load %B[%k, %j] : memref<16x24xf32>
        %c = affine.load %C[%i, %j] : memref<32x24xf32>
        %prod = arith.mulf %a, %b : f32
        %sum = arith.addf %prod, %c : f32
        affine.store %sum, %C[%i, %j] : memref<32x24xf32>
      } {loop_name = "k", reduction = 1 : i32}
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "s"}
  return
}
