// `hcl run` applies a program's schedule before it runs it: the gemm below
// is reordered, split (4 does not divide 30) and pipelined, and gives
// NumPy's result.
// RUN: rm -rf %t && %python %inputs/make_inputs.py %t/in 8 arg0:float32:30x16 arg1:float32:16x24 arg2:float32:30x24
// RUN: hcl run %s --input %t/in/arg0.npy --input %t/in/arg1.npy --input %t/in/arg2.npy --output-dir %t/out | FileCheck %s
// RUN: %python %inputs/reference.py gemm %t/in %t/out | FileCheck %s --check-prefix=REF
// CHECK: @kernel: 3 arguments, 0 results
// REF: gemm: OK
func.func @kernel(%A: memref<30x16xf32>, %B: memref<16x24xf32>, %C: memref<30x24xf32>) {
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  %lk = hcl.create_loop_handle "k" : !hcl.LoopHandle
  %s = hcl.create_stage_handle "s" : !hcl.StageHandle
  affine.for %i = 0 to 30 {
    affine.for %j = 0 to 24 {
      affine.for %k = 0 to 16 {
        %a = affine.load %A[%i, %k] : memref<30x16xf32>
        %b = affine.load %B[%k, %j] : memref<16x24xf32>
        %c = affine.load %C[%i, %j] : memref<30x24xf32>
        %prod = arith.mulf %a, %b : f32
        %sum = arith.addf %prod, %c : f32
        affine.store %sum, %C[%i, %j] : memref<30x24xf32>
      } {loop_name = "k", reduction = 1 : i32}
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "s"}
  hcl.reorder(%s, %lk, %lj)
  %io, %ii = hcl.split(%s, %li, 4)
  hcl.pipeline(%s, %lj, 1)
  return
}
