// RUN: hcl-opt %s --hcl-lower-to-llvm | FileCheck %s

// The whole algorithm subset lowers: affine, scf, arith, math, memref, func.
// CHECK-LABEL: llvm.func @top
// CHECK-NOT: affine.
// CHECK-NOT: memref.
// CHECK: llvm.call @malloc
// CHECK: llvm.intr.exp
func.func @top(%a: memref<4x4xf32>, %n: i32) -> memref<4x4xf32> {
  %out = memref.alloc() : memref<4x4xf32>
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 4 {
      %v = affine.load %a[%i, %j] : memref<4x4xf32>
      %e = math.exp %v : f32
      %c = arith.sitofp %n : i32 to f32
      %s = arith.addf %e, %c : f32
      affine.store %s, %out[%j, %i] : memref<4x4xf32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "B"}
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %k = %c0 to %c4 step %c1 {
    %x = memref.load %out[%k, %k] : memref<4x4xf32>
    memref.store %x, %out[%k, %k] : memref<4x4xf32>
  }
  return %out : memref<4x4xf32>
}
