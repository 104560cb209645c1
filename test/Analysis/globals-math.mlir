// A program that reads weights from a memref.global and applies the math
// functions of an imported network: the estimator counts the global as an
// on-chip ROM (64 x 128 f32 = 256 Kb: 15 BRAM18K, once although it is named
// twice), tanh and erf as 20-cycle, 8-DSP operators (with the float
// multiply's 3 and add's 2: 21 DSPs), floor as a 1-cycle one, and a gather
// (a memref.load at a data-dependent index) as a 2-cycle load. One
// iteration: load 2, load 2, mulf 3, tanh 20, erf 20, floor 1, addf 4,
// store 1 = 53 cycles; pipelined at II 1 over 64 trips: 53 + 63 = 116.
// RUN: hcl estimate %s | FileCheck %s
// RUN: hcl estimate %s --json | FileCheck %s --check-prefix=JSON
// CHECK: B/i 64 1 1 1 1 116
// CHECK: resources: 21 DSP, 15 BRAM18K
// JSON: "dsp": 21

memref.global "private" constant @w : memref<64x128xf32> = dense<0.5>

func.func @top(%A: memref<64xf32>, %I: memref<64xi32>) -> memref<64xf32> {
  %w = memref.get_global @w : memref<64x128xf32>
  %w2 = memref.get_global @w : memref<64x128xf32>
  %B = memref.alloc() {name = "B"} : memref<64xf32>
  affine.for %i = 0 to 64 {
    %a = affine.load %A[%i] : memref<64xf32>
    %idx = affine.load %I[%i] : memref<64xi32>
    %j = arith.index_cast %idx : i32 to index
    %g = memref.load %w[%i, %j] : memref<64x128xf32>
    %m = arith.mulf %a, %g : f32
    %t = math.tanh %m : f32
    %e = math.erf %t : f32
    %f = math.floor %e : f32
    %v = affine.load %w2[%i, 0] : memref<64x128xf32>
    %s = arith.addf %f, %v : f32
    affine.store %s, %B[%i] : memref<64xf32>
  } {loop_name = "i", stage_name = "B", pipeline_ii = 1 : i32}
  return %B : memref<64xf32>
}
