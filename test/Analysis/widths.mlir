// DSPs and latency depend on operand widths (docs/estimate.md, "Widths"):
// an 8x8 multiply is LUTs, 32x32 takes 4 DSP48E2 tiles, 512x512 551; the
// pipeline deepens with the multiplier and the carry chains.
// RUN: hcl estimate %s --entry mul8 | FileCheck %s --check-prefix=M8
// RUN: hcl estimate %s --entry mul32 | FileCheck %s --check-prefix=M32
// RUN: hcl estimate %s --entry mul512 | FileCheck %s --check-prefix=M512
// RUN: hcl estimate %s --entry fixed16 | FileCheck %s --check-prefix=F16
// M8: i 64 1 1 1 1 68
// M8: resources: 0 DSP
// M32: i 64 1 1 1 1 70
// M32: resources: 4 DSP
// M512: i 64 1 1 1 1 85
// M512: resources: 551 DSP
// F16: latency {{[0-9]+}} cycles, 64 arithmetic operations
// F16: resources: 1 DSP

func.func @mul8(%A: memref<64xi8>, %C: memref<64xi8>) {
  affine.for %i = 0 to 64 {
    %a = affine.load %A[%i] : memref<64xi8>
    %m = arith.muli %a, %a : i8
    %s = arith.addi %m, %a : i8
    affine.store %s, %C[%i] : memref<64xi8>
  } {loop_name = "i", pipeline_ii = 1 : i32}
  return
}

func.func @mul32(%A: memref<64xi32>, %C: memref<64xi32>) {
  affine.for %i = 0 to 64 {
    %a = affine.load %A[%i] : memref<64xi32>
    %m = arith.muli %a, %a : i32
    %s = arith.addi %m, %a : i32
    affine.store %s, %C[%i] : memref<64xi32>
  } {loop_name = "i", pipeline_ii = 1 : i32}
  return
}

func.func @mul512(%A: memref<64xi512>, %C: memref<64xi512>) {
  affine.for %i = 0 to 64 {
    %a = affine.load %A[%i] : memref<64xi512>
    %m = arith.muli %a, %a : i512
    %s = arith.addi %m, %a : i512
    affine.store %s, %C[%i] : memref<64xi512>
  } {loop_name = "i", pipeline_ii = 1 : i32}
  return
}

func.func @fixed16(%A: memref<64x!hcl.Fixed<16, 8>>, %C: memref<64x!hcl.Fixed<16, 8>>) {
  affine.for %i = 0 to 64 {
    %a = affine.load %A[%i] : memref<64x!hcl.Fixed<16, 8>>
    %m = hcl.mul_fixed %a, %a : !hcl.Fixed<16, 8>
    affine.store %m, %C[%i] : memref<64x!hcl.Fixed<16, 8>>
  } {loop_name = "i", pipeline_ii = 1 : i32}
  return
}
