// hcl.pack stores four i8 of the last axis in one i32 (element j in bits
// 8*(j mod 4) and up of word j floordiv 4); hcl.unpack stores each i32 as four
// i8. Both buffers are internal, so the outputs keep their types and
// hcl check compares them exactly, as does the HLS C simulation.
// RUN: hcl-opt %s --hcl-apply-customizations | FileCheck %s
// RUN: hcl check %s | FileCheck %s --check-prefix=CHK
// RUN: hcl check --hls %s | FileCheck %s --check-prefix=HLS
// RUN: hcl-opt %s --hcl-apply-customizations --hcl-lower-to-llvm > /dev/null
// CHK: hcl check: OK
// HLS: hcl check --hls: OK

// CHECK: memref.alloc() {name = "B"} : memref<4x4xi32>
// CHECK: memref.alloc() {name = "W"} : memref<4x16xi8>
// CHECK: %[[WORD:.*]] = affine.load %{{.*}}[%{{.*}}, %{{.*}} floordiv 4] : memref<4x4xi32>
// CHECK: %[[NEW:.*]] = hcl.set_slice %[[WORD]][%{{.*}} : %{{.*}}], %{{.*}} : i32, i8
// CHECK: affine.store %[[NEW]], %{{.*}}[%{{.*}}, %{{.*}} floordiv 4] : memref<4x4xi32>
// CHECK: hcl.get_slice %{{.*}}[%{{.*}} : %{{.*}}] : i32 -> i8
// CHECK: affine.store %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}} * 4 + 3] : memref<4x16xi8>
func.func @top(%A: memref<4x16xi8>) -> (memref<4x16xi8>, memref<4x4xi32>) {
  %B = memref.alloc() {name = "B"} : memref<4x16xi8>
  %W = memref.alloc() {name = "W"} : memref<4x4xi32>
  %O = memref.alloc() {name = "O"} : memref<4x16xi8>
  %V = memref.alloc() {name = "V"} : memref<4x4xi32>
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 16 {
      %a = affine.load %A[%i, %j] : memref<4x16xi8>
      %c = arith.constant 3 : i8
      %m = arith.muli %a, %c : i8
      affine.store %m, %B[%i, %j] : memref<4x16xi8>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "S"}
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 16 {
      %b = affine.load %B[%i, 15 - %j] : memref<4x16xi8>
      %c = arith.constant 1 : i8
      %s = arith.addi %b, %c : i8
      affine.store %s, %O[%i, %j] : memref<4x16xi8>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "R"}
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 4 {
      %v = affine.load %A[%i, %j] : memref<4x16xi8>
      %w = arith.extsi %v : i8 to i32
      %k = arith.constant 1000 : i32
      %x = arith.muli %w, %k : i32
      affine.store %x, %W[%i, %j] : memref<4x4xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "T"}
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 4 {
      %c0 = arith.constant 0 : index
      %jj = arith.addi %j, %c0 : index
      %w = memref.load %W[%i, %jj] : memref<4x4xi32>
      %k = arith.constant 7 : i32
      %x = arith.addi %w, %k : i32
      affine.store %x, %V[%i, %j] : memref<4x4xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "U"}
  %P = hcl.pack(%B : memref<4x16xi8>, 1, 4) -> memref<4x4xi32>
  %U = hcl.unpack(%W : memref<4x4xi32>, 1, 4) -> memref<4x16xi8>
  return %O, %V : memref<4x16xi8>, memref<4x4xi32>
}
