// hcl-rtl-lower-affine alone (docs/rtl.md): the loops marked `unroll` are
// unrolled, the affine loops become scf.for, and a pipelined loop's scf.for
// keeps its requested II, its name, the estimator's II for the rtl
// target (one port per memory) and its memories' carried distances.
// RUN: hcl-opt --hcl-rtl-lower-affine -split-input-file -verify-diagnostics %s | FileCheck %s

// Two reads of A an iteration on its two ports: ResMII 1.
// CHECK-LABEL: func.func @pipelined
// CHECK-NOT:   affine.
// CHECK:       scf.for
// CHECK-COUNT-2: memref.load %arg0
// CHECK:       memref.store
// B is written, with no dependence carried (distance 0 kept).
// CHECK:       } {loop_name = "i", pipeline_ii = 1 : i32, rtl.distances = {arg1 = 0 : i64}, rtl.min_ii = 1 : i64, rtl.rec_mii = 1 : i64, rtl.res_mii = 1 : i64}
func.func @pipelined(%A: memref<16xi32>, %B: memref<16xi32>) {
  affine.for %i = 0 to 15 {
    %a = affine.load %A[%i] : memref<16xi32>
    %b = affine.load %A[%i + 1] : memref<16xi32>
    %c = arith.addi %a, %b : i32
    affine.store %c, %B[%i] : memref<16xi32>
  } {loop_name = "i", pipeline_ii = 1 : i32}
  return
}

// -----

// 6 iterations by 4: four copies of the body, then a loop of 2 without
// the mark.
// CHECK-LABEL: func.func @unrolled
// CHECK-COUNT-4: arith.addi
// CHECK:       scf.for %{{.*}} = %c4 to %c6
// CHECK:         arith.addi
// CHECK:       }
// CHECK-NOT:   unroll
// CHECK:       return
func.func @unrolled(%A: memref<6xi32>) {
  affine.for %i = 0 to 6 {
    %a = affine.load %A[%i] : memref<6xi32>
    %c = arith.addi %a, %a : i32
    affine.store %c, %A[%i] : memref<6xi32>
  } {loop_name = "i", unroll = 4 : i32}
  return
}

// -----

// unroll = 0: fully, no loop left.
// CHECK-LABEL: func.func @full
// CHECK-NOT:   scf.for
// CHECK-COUNT-3: memref.store
// CHECK-NEXT:  return
func.func @full(%A: memref<3xi32>) {
  affine.for %i = 0 to 3 {
    %a = affine.load %A[%i] : memref<3xi32>
    %b = arith.muli %a, %a : i32
    affine.store %b, %A[%i] : memref<3xi32>
  } {loop_name = "i", unroll = 0 : i32}
  return
}

// -----

func.func @dynamic(%A: memref<?xi32>, %n: index) {
  // expected-error @below {{rtl: a full unroll needs a constant trip count}}
  affine.for %i = 0 to %n {
    %a = affine.load %A[%i] : memref<?xi32>
    affine.store %a, %A[%i] : memref<?xi32>
  } {loop_name = "i", unroll = 0 : i32}
  return
}
