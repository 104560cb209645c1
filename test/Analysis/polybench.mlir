// The loop bodies of PolyBench/C 4.2.1's jacobi-1d, jacobi-2d, heat-3d and
// seidel-2d in their integer variants, estimated with the catapult target
// (one read and one write port per array, integer operations chained in a
// cycle). A commercial HLS tool reports ResMII / RecMII = 3 / 1, 5 / 1, 7 / 1
// and 9 / 3 for their innermost loops; these figures come from the analysis.
// RUN: hcl estimate %s --entry jacobi_1d --target catapult --json | FileCheck %s --check-prefix=J1
// RUN: hcl estimate %s --entry jacobi_2d --target catapult --json | FileCheck %s --check-prefix=J2
// RUN: hcl estimate %s --entry heat_3d --target catapult --json | FileCheck %s --check-prefix=H3
// RUN: hcl estimate %s --entry seidel_2d --target catapult --json | FileCheck %s --check-prefix=S2

// J1: "II": 3,
// J1-NEXT: "RecMII": 1,
// J1-NEXT: "ResMII": 3,
// J1-NEXT: "latency": {{[0-9]+}},
// J1-NEXT: "loop": "S/t/i",
// J1-NEXT: "pipelined": false,
// J1-NEXT: "requested_II": null,
// J1-NEXT: "trip_count": 30
func.func @jacobi_1d(%A: memref<32xi32>, %B: memref<32xi32>) {
  %c3 = arith.constant 3 : i32
  affine.for %t = 0 to 4 {
    affine.for %i = 1 to 31 {
      %a = affine.load %A[%i - 1] : memref<32xi32>
      %b = affine.load %A[%i] : memref<32xi32>
      %c = affine.load %A[%i + 1] : memref<32xi32>
      %s1 = arith.addi %a, %b : i32
      %s2 = arith.addi %s1, %c : i32
      %v = arith.divsi %s2, %c3 : i32
      affine.store %v, %B[%i] : memref<32xi32>
    } {loop_name = "i"}
  } {loop_name = "t", stage_name = "S"}
  return
}

// J2: "II": 5,
// J2-NEXT: "RecMII": 1,
// J2-NEXT: "ResMII": 5,
// J2-NEXT: "latency": {{[0-9]+}},
// J2-NEXT: "loop": "S/i/j",
func.func @jacobi_2d(%A: memref<16x16xi32>, %B: memref<16x16xi32>) {
  %c5 = arith.constant 5 : i32
  affine.for %i = 1 to 15 {
    affine.for %j = 1 to 15 {
      %a = affine.load %A[%i, %j] : memref<16x16xi32>
      %b = affine.load %A[%i, %j - 1] : memref<16x16xi32>
      %c = affine.load %A[%i, %j + 1] : memref<16x16xi32>
      %d = affine.load %A[%i + 1, %j] : memref<16x16xi32>
      %e = affine.load %A[%i - 1, %j] : memref<16x16xi32>
      %s1 = arith.addi %a, %b : i32
      %s2 = arith.addi %s1, %c : i32
      %s3 = arith.addi %s2, %d : i32
      %s4 = arith.addi %s3, %e : i32
      %v = arith.divsi %s4, %c5 : i32
      affine.store %v, %B[%i, %j] : memref<16x16xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "S"}
  return
}

// A[i][j][k] is read four times but is one address: it counts once.
// H3: "II": 7,
// H3-NEXT: "RecMII": 1,
// H3-NEXT: "ResMII": 7,
// H3-NEXT: "latency": {{[0-9]+}},
// H3-NEXT: "loop": "S/i/j/k",
func.func @heat_3d(%A: memref<10x10x10xi32>, %B: memref<10x10x10xi32>) {
  %c2 = arith.constant 2 : i32
  %c8 = arith.constant 8 : i32
  affine.for %i = 1 to 9 {
    affine.for %j = 1 to 9 {
      affine.for %k = 1 to 9 {
        %xp = affine.load %A[%i + 1, %j, %k] : memref<10x10x10xi32>
        %c0 = affine.load %A[%i, %j, %k] : memref<10x10x10xi32>
        %xm = affine.load %A[%i - 1, %j, %k] : memref<10x10x10xi32>
        %c0x2 = arith.muli %c0, %c2 : i32
        %dx0 = arith.subi %xp, %c0x2 : i32
        %dx = arith.addi %dx0, %xm : i32
        %yp = affine.load %A[%i, %j + 1, %k] : memref<10x10x10xi32>
        %c1 = affine.load %A[%i, %j, %k] : memref<10x10x10xi32>
        %ym = affine.load %A[%i, %j - 1, %k] : memref<10x10x10xi32>
        %c1x2 = arith.muli %c1, %c2 : i32
        %dy0 = arith.subi %yp, %c1x2 : i32
        %dy = arith.addi %dy0, %ym : i32
        %zp = affine.load %A[%i, %j, %k + 1] : memref<10x10x10xi32>
        %c2v = affine.load %A[%i, %j, %k] : memref<10x10x10xi32>
        %zm = affine.load %A[%i, %j, %k - 1] : memref<10x10x10xi32>
        %c2x2 = arith.muli %c2v, %c2 : i32
        %dz0 = arith.subi %zp, %c2x2 : i32
        %dz = arith.addi %dz0, %zm : i32
        %qx = arith.divsi %dx, %c8 : i32
        %qy = arith.divsi %dy, %c8 : i32
        %qz = arith.divsi %dz, %c8 : i32
        %s1 = arith.addi %qx, %qy : i32
        %s2 = arith.addi %s1, %qz : i32
        %c3v = affine.load %A[%i, %j, %k] : memref<10x10x10xi32>
        %v = arith.addi %s2, %c3v : i32
        affine.store %v, %B[%i, %j, %k] : memref<10x10x10xi32>
      } {loop_name = "k"}
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "S"}
  return
}

// In place: A[i][j] written in iteration j is read as A[i][j-1] in j+1:
// read (1) + the chained integer operations (1) + write (1) = 3 cycles at
// distance 1. (Seed 002's LLVM pass reported 2.)
// S2: "II": 9,
// S2-NEXT: "RecMII": 3,
// S2-NEXT: "ResMII": 9,
// S2-NEXT: "latency": {{[0-9]+}},
// S2-NEXT: "loop": "S/t/i/j",
func.func @seidel_2d(%A: memref<16x16xi32>) {
  %c9 = arith.constant 9 : i32
  affine.for %t = 0 to 2 {
    affine.for %i = 1 to 15 {
      affine.for %j = 1 to 15 {
        %a = affine.load %A[%i - 1, %j - 1] : memref<16x16xi32>
        %b = affine.load %A[%i - 1, %j] : memref<16x16xi32>
        %c = affine.load %A[%i - 1, %j + 1] : memref<16x16xi32>
        %d = affine.load %A[%i, %j - 1] : memref<16x16xi32>
        %e = affine.load %A[%i, %j] : memref<16x16xi32>
        %f = affine.load %A[%i, %j + 1] : memref<16x16xi32>
        %g = affine.load %A[%i + 1, %j - 1] : memref<16x16xi32>
        %h = affine.load %A[%i + 1, %j] : memref<16x16xi32>
        %k = affine.load %A[%i + 1, %j + 1] : memref<16x16xi32>
        %s1 = arith.addi %a, %b : i32
        %s2 = arith.addi %s1, %c : i32
        %s3 = arith.addi %s2, %d : i32
        %s4 = arith.addi %s3, %e : i32
        %s5 = arith.addi %s4, %f : i32
        %s6 = arith.addi %s5, %g : i32
        %s7 = arith.addi %s6, %h : i32
        %s8 = arith.addi %s7, %k : i32
        %v = arith.divsi %s8, %c9 : i32
        affine.store %v, %A[%i, %j] : memref<16x16xi32>
      } {loop_name = "j"}
    } {loop_name = "i"}
  } {loop_name = "t", stage_name = "S"}
  return
}
