// RecMII of a scalar accumulator (docs/estimate.md, "Cost of the estimate"):
// two accesses of one fixed element meet in every pair of iterations, so
// under plain loops (constant bounds, step 1, no affine.if) the estimate
// finds the distance without a constraint system: 1 when the loop runs at
// least twice, none otherwise. A step of 2 or a guard goes through MLIR's
// dependence analysis. Load, add (5) and store on vitis: 7 cycles.
//
// j runs 8 times (RecMII 7); k once, no dependence along it (1); the
// buffer is allocated in i, new in each of its iterations (1).
// RUN: hcl estimate %s --entry acc | FileCheck %s --check-prefix=ACC
// ACC: S/i 8 - 4 1 - 480
// ACC: S/i/j 8 - 1 7 - 56
// ACC: S/i/j/k 1 - 1 1 - 7
//
// Step 2: MLIR's distance is 2 in values of j, which is the next iteration:
// RecMII 7, as at step 1 (it was ceil(7 / 2) = 4, and the RTL scheduled
// with it read the sum before the previous iteration had stored it).
// RUN: hcl estimate %s --entry strided | FileCheck %s --check-prefix=STRIDE
// STRIDE: S/i/j 4 - 1 7 - 28
//
// Only j = 7 passes the guard: one iteration, no dependence.
// RUN: hcl estimate %s --entry guarded | FileCheck %s --check-prefix=GUARD
// GUARD: S/i/j 8 - 1 1 - 56
//
// An argument accumulated across both loops: a dependence along each.
// RUN: hcl estimate %s --entry shared | FileCheck %s --check-prefix=SHARED
// SHARED: S/i 8 - 4 7 - 448
// SHARED: S/i/j 8 - 1 7 - 56

func.func @acc(%A: memref<8x8xf32>, %C: memref<8xf32>) {
  affine.for %i = 0 to 8 {
    %sum = memref.alloca() {name = "sum"} : memref<1xf32>
    %z = arith.constant 0.0 : f32
    affine.store %z, %sum[0] : memref<1xf32>
    affine.for %j = 0 to 8 {
      affine.for %k = 0 to 1 {
        %a = affine.load %A[%i, %j] : memref<8x8xf32>
        %o = affine.load %sum[0] : memref<1xf32>
        %n = arith.addf %o, %a : f32
        affine.store %n, %sum[0] : memref<1xf32>
      } {loop_name = "k"}
    } {loop_name = "j"}
    %r = affine.load %sum[0] : memref<1xf32>
    affine.store %r, %C[%i] : memref<8xf32>
  } {loop_name = "i", stage_name = "S"}
  return
}
func.func @strided(%A: memref<8x8xf32>, %C: memref<8xf32>) {
  affine.for %i = 0 to 8 {
    %sum = memref.alloca() {name = "sum"} : memref<1xf32>
    affine.for %j = 0 to 8 step 2 {
      %a = affine.load %A[%i, %j] : memref<8x8xf32>
      %o = affine.load %sum[0] : memref<1xf32>
      %n = arith.addf %o, %a : f32
      affine.store %n, %sum[0] : memref<1xf32>
    } {loop_name = "j"}
    %r = affine.load %sum[0] : memref<1xf32>
    affine.store %r, %C[%i] : memref<8xf32>
  } {loop_name = "i", stage_name = "S"}
  return
}
func.func @guarded(%A: memref<8x8xf32>, %C: memref<8xf32>) {
  affine.for %i = 0 to 8 {
    %sum = memref.alloca() {name = "sum"} : memref<1xf32>
    affine.for %j = 0 to 8 {
      affine.if affine_set<(d0) : (d0 - 7 >= 0)>(%j) {
        %a = affine.load %A[%i, %j] : memref<8x8xf32>
        %o = affine.load %sum[0] : memref<1xf32>
        %n = arith.addf %o, %a : f32
        affine.store %n, %sum[0] : memref<1xf32>
      }
    } {loop_name = "j"}
    %r = affine.load %sum[0] : memref<1xf32>
    affine.store %r, %C[%i] : memref<8xf32>
  } {loop_name = "i", stage_name = "S"}
  return
}
func.func @shared(%A: memref<8x8xf32>, %C: memref<8xf32>, %sum: memref<1xf32>) {
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %a = affine.load %A[%i, %j] : memref<8x8xf32>
      %o = affine.load %sum[0] : memref<1xf32>
      %n = arith.addf %o, %a : f32
      affine.store %n, %sum[0] : memref<1xf32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "S"}
  return
}
