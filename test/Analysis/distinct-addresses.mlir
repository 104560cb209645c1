// ResMII counts the distinct addresses of one pipelined iteration per array
// bank (docs/estimate.md). The unrolled copies of an innermost loop are
// counted as runs along a line (lib/Analysis/DistinctAddresses.cpp): these
// kernels take each way of counting them, with the counts worked out by
// hand; vitis has 2 ports per bank, so ResMII = ceil(distinct reads / 2).
//
// A[j] and A[2j], j < 4: two directions, point by point: {0..3} u {0,2,4,6}
// = 6 reads, ResMII 3.
// RUN: hcl estimate %s --entry two_directions | FileCheck %s --check-prefix=TWO
// TWO: S/i 8 1 3 1 3 28
// TWO: S/i/j 4 - 1 1 - 7
//
// A[j + 2], A[5 - j], A[9 - j]: one direction, both signs: {2..5} u {2..5}
// u {6..9} = 8 reads, ResMII 4.
// RUN: hcl estimate %s --entry reversed | FileCheck %s --check-prefix=REV
// REV: S/i 8 1 4 1 4 39
//
// A[j + k + i] (i varies): 7 addresses. B[j][k + 2j] and B[k][j + k]: 16
// each, 10 in common, 22 reads, ResMII 11. For the loop j alone (j varies,
// k unrolled): B[j][k + 2j] 4 and B[k][j + k] 4, never equal: 8, ResMII 4.
// RUN: hcl estimate %s --entry sliding | FileCheck %s --check-prefix=SLIDE
// SLIDE: S/i 8 1 11 1 11 88
// SLIDE: S/i/j 4 - 4 1 - 11
// SLIDE: S/i/j/k 4 - 1 1 - 11
//
// Step 2: A[k], A[k + 1], A[k + 4], k in {0, 2, 4, 6}: {0..7} u {4..10 even}
// = 10 reads, ResMII 5.
// RUN: hcl estimate %s --entry strided | FileCheck %s --check-prefix=STRIDE
// STRIDE: S/i 8 1 5 1 5 46
//
// Not linear, counted copy by copy: A[k mod 3] {0, 1, 2}, A[k floordiv 2 +
// i] 3, A[k] {0..5}: 3 + 6 = 9 reads, ResMII 5.
// RUN: hcl estimate %s --entry modulo | FileCheck %s --check-prefix=MOD
// MOD: S/i 8 1 5 1 5 46
//
// A partitioned cyclically in two: its bank is fixed per copy, counted copy
// by copy (A[k], A[k + 1]: 7 addresses, 4 in bank 0, ResMII 2). H in two
// blocks, read by memref.load at a data-dependent index and at H[k]: both
// count against every bank, 1 + 6 = 7 reads, ResMII 4.
// RUN: hcl estimate %s --entry banks | FileCheck %s --check-prefix=BANKS
// BANKS: S/i 8 1 4 1 4 45
// BANKS: S/i/k 6 - 1 1 - 17
// BANKS: note: S/i: arg1 is partitioned and accessed at data-dependent indices
func.func @two_directions(%A: memref<16xf32>, %C: memref<8xf32>) {
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 4 {
      %a = affine.load %A[%j] : memref<16xf32>
      %b = affine.load %A[2 * %j] : memref<16xf32>
      %s = arith.addf %a, %b : f32
      affine.store %s, %C[%i] : memref<8xf32>
    } {loop_name = "j"}
  } {loop_name = "i", pipeline_ii = 1 : i32, stage_name = "S"}
  return
}
func.func @reversed(%A: memref<16xf32>, %C: memref<8xf32>) {
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 4 {
      %a = affine.load %A[%j + 2] : memref<16xf32>
      %b = affine.load %A[5 - %j] : memref<16xf32>
      %c = affine.load %A[9 - %j] : memref<16xf32>
      %s = arith.addf %a, %b : f32
      %t = arith.addf %s, %c : f32
      affine.store %t, %C[%i] : memref<8xf32>
    } {loop_name = "j"}
  } {loop_name = "i", pipeline_ii = 1 : i32, stage_name = "S"}
  return
}
func.func @sliding(%A: memref<16xf32>, %B: memref<4x16xf32>, %C: memref<8xf32>) {
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 4 {
      affine.for %k = 0 to 4 {
        %a = affine.load %A[%j + %k + %i] : memref<16xf32>
        %b = affine.load %B[%j, %k + 2 * %j] : memref<4x16xf32>
        %d = affine.load %B[%k, %j + %k] : memref<4x16xf32>
        %s = arith.addf %a, %b : f32
        %t = arith.addf %s, %d : f32
        affine.store %t, %C[%i] : memref<8xf32>
      } {loop_name = "k"}
    } {loop_name = "j"}
  } {loop_name = "i", pipeline_ii = 1 : i32, stage_name = "S"}
  return
}
func.func @strided(%A: memref<16xf32>, %C: memref<8xf32>) {
  affine.for %i = 0 to 8 {
    affine.for %k = 0 to 8 step 2 {
      %a = affine.load %A[%k] : memref<16xf32>
      %b = affine.load %A[%k + 1] : memref<16xf32>
      %c = affine.load %A[%k + 4] : memref<16xf32>
      %s = arith.addf %a, %b : f32
      %t = arith.addf %s, %c : f32
      affine.store %t, %C[%i] : memref<8xf32>
    } {loop_name = "k"}
  } {loop_name = "i", pipeline_ii = 1 : i32, stage_name = "S"}
  return
}
func.func @modulo(%A: memref<16xf32>, %C: memref<8xf32>) {
  affine.for %i = 0 to 8 {
    affine.for %k = 0 to 6 {
      %a = affine.load %A[%k mod 3] : memref<16xf32>
      %b = affine.load %A[%k floordiv 2 + %i] : memref<16xf32>
      %c = affine.load %A[%k] : memref<16xf32>
      %s = arith.addf %a, %b : f32
      %t = arith.addf %s, %c : f32
      affine.store %t, %C[%i] : memref<8xf32>
    } {loop_name = "k"}
  } {loop_name = "i", pipeline_ii = 1 : i32, stage_name = "S"}
  return
}
func.func @banks(%A: memref<16xf32>, %H: memref<16xf32>, %C: memref<8xf32>) {
  affine.for %i = 0 to 8 {
    affine.for %k = 0 to 6 {
      %a = affine.load %A[%k] : memref<16xf32>
      %b = affine.load %A[%k + 1] : memref<16xf32>
      %x = arith.fptosi %a : f32 to i32
      %y = arith.index_cast %x : i32 to index
      %h = memref.load %H[%y] : memref<16xf32>
      %g = memref.load %H[%k] : memref<16xf32>
      %s = arith.addf %h, %b : f32
      %t = arith.addf %s, %g : f32
      affine.store %t, %C[%i] : memref<8xf32>
    } {loop_name = "k"}
  } {loop_name = "i", pipeline_ii = 1 : i32, stage_name = "S"}
  hcl.partition(%A : memref<16xf32>, Cyclic, 1, 2)
  hcl.partition(%H : memref<16xf32>, Block, 1, 2)
  return
}
