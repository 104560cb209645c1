// The estimator's rtl target takes the float units' latencies
// (docs/rtl-float.md): a recurrence through a unit has RecMII = its
// latency. maximumf is 1 cycle on rtl (Vitis's table gives float
// operations it does not list 4); addf 4, then fptosi and sitofp 2 each,
// make 8; mulf 3; cmpf and select 1 + 0; divf 15.
// RUN: hcl estimate --target rtl %s --entry max_acc | FileCheck %s --check-prefix=MAX
// RUN: hcl estimate --target vitis %s --entry max_acc | FileCheck %s --check-prefix=VITIS
// RUN: hcl estimate --target rtl %s --entry round_acc | FileCheck %s --check-prefix=ROUND
// RUN: hcl estimate --target rtl %s --entry product | FileCheck %s --check-prefix=PRODUCT
// RUN: hcl estimate --target rtl %s --entry clamp_acc | FileCheck %s --check-prefix=CLAMP
// RUN: hcl estimate --target rtl %s --entry quotient | FileCheck %s --check-prefix=QUOTIENT
// MAX: @max_acc (target rtl)
// MAX: i 64 1 1 1 1
// VITIS: i 64 1 1 4 4
// ROUND: i 64 1 1 8 8
// PRODUCT: i 64 1 1 3 3
// CLAMP: i 64 1 1 1 1
// QUOTIENT: i 64 1 1 15 15

func.func @max_acc(%A: memref<64xf32>) -> f32 {
  %z = arith.constant 0.0 : f32
  %r = affine.for %i = 0 to 64 iter_args(%s = %z) -> f32 {
    %a = affine.load %A[%i] : memref<64xf32>
    %n = arith.maximumf %s, %a : f32
    affine.yield %n : f32
  } {loop_name = "i", pipeline_ii = 1 : i32}
  return %r : f32
}

func.func @round_acc(%A: memref<64xf32>) -> f32 {
  %z = arith.constant 0.0 : f32
  %r = affine.for %i = 0 to 64 iter_args(%s = %z) -> f32 {
    %a = affine.load %A[%i] : memref<64xf32>
    %n = arith.addf %s, %a : f32
    %k = arith.fptosi %n : f32 to i32
    %f = arith.sitofp %k : i32 to f32
    affine.yield %f : f32
  } {loop_name = "i", pipeline_ii = 1 : i32}
  return %r : f32
}

func.func @product(%A: memref<64xf64>) -> f64 {
  %one = arith.constant 1.0 : f64
  %r = affine.for %i = 0 to 64 iter_args(%s = %one) -> f64 {
    %a = affine.load %A[%i] : memref<64xf64>
    %n = arith.mulf %s, %a : f64
    affine.yield %n : f64
  } {loop_name = "i", pipeline_ii = 1 : i32}
  return %r : f64
}

func.func @clamp_acc(%A: memref<64xf32>) -> f32 {
  %z = arith.constant 0.0 : f32
  %r = affine.for %i = 0 to 64 iter_args(%s = %z) -> f32 {
    %a = affine.load %A[%i] : memref<64xf32>
    %c = arith.cmpf olt, %s, %a : f32
    %n = arith.select %c, %a, %s : f32
    affine.yield %n : f32
  } {loop_name = "i", pipeline_ii = 1 : i32}
  return %r : f32
}

func.func @quotient(%A: memref<64xf32>) -> f32 {
  %one = arith.constant 1.0 : f32
  %r = affine.for %i = 0 to 64 iter_args(%s = %one) -> f32 {
    %a = affine.load %A[%i] : memref<64xf32>
    %n = arith.divf %s, %a : f32
    affine.yield %n : f32
  } {loop_name = "i", pipeline_ii = 1 : i32}
  return %r : f32
}
