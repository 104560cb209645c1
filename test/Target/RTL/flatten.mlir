// A perfect nest around a pipelined loop is one pipeline (docs/rtl.md,
// "Pipelined loops"): the band's loops become counters carried by one
// scf.for, whose carried distances count across the runs of the inner loop.
// Each kernel is simulated with Verilator against the JIT, next to the
// estimate, which flattens the same nests.
// REQUIRES: verilator
// RUN: hcl-opt --hcl-rtl-lower-affine %s | FileCheck %s --check-prefix=IR
// RUN: hcl check --rtl %s --entry acc --seeds 2 | FileCheck %s --check-prefix=ACC
// RUN: hcl estimate --target rtl %s --entry acc | FileCheck %s --check-prefix=EST-ACC
// RUN: hcl check --rtl %s --entry acc_narrow --seeds 2 2>&1 | FileCheck %s --check-prefix=NARROW
// RUN: hcl estimate --target rtl %s --entry acc_narrow | FileCheck %s --check-prefix=EST-NARROW
// RUN: hcl check --rtl %s --entry skew --seeds 2 2>&1 | FileCheck %s --check-prefix=SKEW
// RUN: hcl estimate --target rtl %s --entry skew | FileCheck %s --check-prefix=EST-SKEW
// RUN: hcl check --rtl %s --entry prefix --seeds 2 | FileCheck %s --check-prefix=PREFIX
// RUN: hcl estimate --target rtl %s --entry prefix | FileCheck %s --check-prefix=EST-PREFIX
// RUN: hcl check --rtl %s --entry kept --seeds 1 | FileCheck %s --check-prefix=KEPT
// RUN: hcl estimate --target rtl %s --entry kept | FileCheck %s --check-prefix=EST-KEPT

// gemm+acc's k and j (f32): one loop of 4 x 8 iterations, the counters its
// carried values; the buffer's element comes back 8 iterations later.
// IR-LABEL: func.func @acc
// IR: scf.for %{{.*}} = %{{.*}} to %c32 step %{{.*}} iter_args(%[[K:.*]] = %{{.*}}, %[[J:.*]] = %{{.*}}) -> (index, index)
// IR: memref.load %arg0[%{{.*}}, %[[K]]]
// IR: memref.load %arg1[%[[K]], %[[J]]]
// IR: arith.cmpi sge
// IR: scf.yield
// IR-NEXT: } {loop_name = "j", pipeline_ii = 1 : i32, rtl.distances = {alloc0 = 8 : i64}
// ACC: hcl check --rtl: OK: @acc{{.*}}cycles 251, 251)
// EST-ACC: function: latency 251 cycles
func.func @acc(%A: memref<4x4xf32>, %B: memref<4x8xf32>, %C: memref<4x8xf32>) {
  %buf = memref.alloca() : memref<8xf32>
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 8 {
      %c = affine.load %C[%i, %j] : memref<4x8xf32>
      affine.store %c, %buf[%j] : memref<8xf32>
    } {loop_name = "j_init", pipeline_ii = 1 : i32}
    affine.for %k = 0 to 4 {
      affine.for %j = 0 to 8 {
        %a = affine.load %A[%i, %k] : memref<4x4xf32>
        %b = affine.load %B[%k, %j] : memref<4x8xf32>
        %c = affine.load %buf[%j] : memref<8xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %p, %c : f32
        affine.store %s, %buf[%j] : memref<8xf32>
      } {loop_name = "j", pipeline_ii = 1 : i32}
    } {loop_name = "k"}
    affine.for %j = 0 to 8 {
      %c = affine.load %buf[%j] : memref<8xf32>
      affine.store %c, %C[%i, %j] : memref<4x8xf32>
    } {loop_name = "j_back", pipeline_ii = 1 : i32}
  } {loop_name = "i"}
  return
}

// The same with rows of 2: an element comes back 2 iterations later, before
// its sum (load, mulf, addf, store) is stored: II 3, not 1. The estimate's
// RecMII counts the dependence k carries across the flattened band (6
// cycles at distance 2: BandDistance.cpp), so the RTL starts from II 3 and
// the estimate is the simulation's (it kept the j loop's II 1, 37 cycles).
// IR-LABEL: func.func @acc_narrow
// IR: rtl.distances = {alloc0 = 2 : i64}
// NARROW: remark: rtl: loop 'j' pipelined at II 3 instead of 1: the estimate's ResMII is 1 (the ports of its memories) and its RecMII 3
// NARROW: hcl check --rtl: OK: @acc_narrow{{.*}}cycles 67, 67)
// EST-NARROW: k/j 2 1 1 3 3
// EST-NARROW: function: latency 67 cycles
func.func @acc_narrow(%A: memref<8xf32>, %B: memref<8x2xf32>, %C: memref<2xf32>) {
  %buf = memref.alloca() : memref<2xf32>
  affine.for %j = 0 to 2 {
    %c = affine.load %C[%j] : memref<2xf32>
    affine.store %c, %buf[%j] : memref<2xf32>
  } {loop_name = "j_init"}
  affine.for %k = 0 to 8 {
    affine.for %j = 0 to 2 {
      %a = affine.load %A[%k] : memref<8xf32>
      %b = affine.load %B[%k, %j] : memref<8x2xf32>
      %c = affine.load %buf[%j] : memref<2xf32>
      %p = arith.mulf %a, %b : f32
      %s = arith.addf %p, %c : f32
      affine.store %s, %buf[%j] : memref<2xf32>
    } {loop_name = "j", pipeline_ii = 1 : i32}
  } {loop_name = "k"}
  affine.for %j = 0 to 2 {
    %c = affine.load %buf[%j] : memref<2xf32>
    affine.store %c, %C[%j] : memref<2xf32>
  } {loop_name = "j_back"}
  return
}

// A dependence of distance (1, -1): X[i][j + 1] read one row after it was
// written at X[i + 1][j]: 5 - 1 = 4 iterations of the flattened loop. II 1:
// X's load takes its read port, the store its read-write port.
// IR-LABEL: func.func @skew
// IR: rtl.distances = {arg0 = 4 : i64}
// SKEW-NOT: remark
// SKEW: hcl check --rtl: OK: @skew{{.*}}cycles 30, 30)
// EST-SKEW: function: latency 30 cycles
func.func @skew(%X: memref<6x6xi32>) {
  affine.for %i = 0 to 5 {
    affine.for %j = 0 to 5 {
      %v = affine.load %X[%i, %j + 1] : memref<6x6xi32>
      %w = arith.muli %v, %v : i32
      affine.store %w, %X[%i + 1, %j] : memref<6x6xi32>
    } {loop_name = "j", pipeline_ii = 1 : i32}
  } {loop_name = "i"}
  return
}

// A pipelined loop with a carried value (a running sum per row): the value
// restarts from its initial one with each row.
// IR-LABEL: func.func @prefix
// IR: scf.for {{.*}} iter_args({{.*}}) -> (index, index, i32)
// IR: arith.select %{{.*}}, %c0_i32, %{{.*}} : i32
// PREFIX: hcl check --rtl: OK: @prefix{{.*}}cycles 68, 68)
// EST-PREFIX: function: latency 68 cycles
func.func @prefix(%A: memref<4x16xi32>, %P: memref<4x16xi32>) {
  %zero = arith.constant 0 : i32
  affine.for %i = 0 to 4 {
    %r = affine.for %k = 0 to 16 iter_args(%acc = %zero) -> i32 {
      %a = affine.load %A[%i, %k] : memref<4x16xi32>
      %s = arith.addi %acc, %a : i32
      affine.store %s, %P[%i, %k] : memref<4x16xi32>
      affine.yield %s : i32
    } {loop_name = "k", pipeline_ii = 1 : i32}
  } {loop_name = "i"}
  return
}

// Not a perfect nest (a store after the pipelined loop): each row fills
// and drains its pipeline, here and in the estimate.
// IR-LABEL: func.func @kept
// IR: scf.for
// IR: scf.for
// IR: loop_name = "k", pipeline_ii = 1
// KEPT: hcl check --rtl: OK: @kept{{.*}}cycles 79)
// EST-KEPT: function: latency 79 cycles
func.func @kept(%A: memref<4x16xi32>, %S: memref<4xi32>) {
  %zero = arith.constant 0 : i32
  affine.for %i = 0 to 4 {
    %r = affine.for %k = 0 to 16 iter_args(%acc = %zero) -> i32 {
      %a = affine.load %A[%i, %k] : memref<4x16xi32>
      %s = arith.addi %acc, %a : i32
      affine.yield %s : i32
    } {loop_name = "k", pipeline_ii = 1 : i32}
    affine.store %r, %S[%i] : memref<4xi32>
  } {loop_name = "i"}
  return
}
