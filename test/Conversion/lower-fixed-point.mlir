// RUN: hcl-opt %s --hcl-lower-fixed-point --hcl-lower-bit-ops | FileCheck %s

// Types become their bits everywhere: signatures, memrefs, allocs.
// CHECK-LABEL: func.func @mul(%arg0: memref<4xi8>, %arg1: i8) -> i8
// CHECK: memref.alloc() : memref<2xi12>
// The product is exact in 16 bits, then drops 4 fraction bits (floor).
// CHECK: %[[A:.*]] = arith.extsi %{{.*}} : i8 to i16
// CHECK: %[[P:.*]] = arith.muli
// CHECK: arith.shrsi
// CHECK: arith.trunci %{{.*}} to i8
// CHECK-NOT: hcl.
func.func @mul(%A: memref<4x!hcl.Fixed<8, 4>>, %b: !hcl.Fixed<8, 4>) -> !hcl.Fixed<8, 4> {
  %B = memref.alloc() : memref<2x!hcl.UFixed<12, 3>>
  %c0 = arith.constant 0 : index
  %a = memref.load %A[%c0] : memref<4x!hcl.Fixed<8, 4>>
  %p = hcl.mul_fixed %a, %b : !hcl.Fixed<8, 4>
  return %p : !hcl.Fixed<8, 4>
}

// Unsigned formats use unsigned comparisons and shifts.
// CHECK-LABEL: func.func @unsigned
// CHECK: arith.maxui
// CHECK: arith.cmpi ult
func.func @unsigned(%a: !hcl.UFixed<8, 4>, %b: !hcl.UFixed<8, 4>) -> i1 {
  %m = hcl.max_fixed %a, %b : !hcl.UFixed<8, 4>
  %p = hcl.cmp_fixed ult, %m, %b : !hcl.UFixed<8, 4>
  return %p : i1
}

// A constant is its bits: 1.25 in Fixed<8, 4> is 20, -0.53125 floors to -9.
// CHECK-LABEL: func.func @constants
// CHECK-DAG: arith.constant 20 : i8
// CHECK-DAG: arith.constant -9 : i8
func.func @constants() -> (!hcl.Fixed<8, 4>, !hcl.Fixed<8, 4>) {
  %a = hcl.fixed_constant 1.25 : !hcl.Fixed<8, 4>
  %b = hcl.fixed_constant -0.53125 : !hcl.Fixed<8, 4>
  return %a, %b : !hcl.Fixed<8, 4>, !hcl.Fixed<8, 4>
}

// Bit access is guarded: out-of-range indices select the default.
// CHECK-LABEL: func.func @bits
// CHECK: arith.cmpi ult, %{{.*}}, %{{.*}} : index
// CHECK: arith.select
// CHECK: llvm.intr.bitreverse
func.func @bits(%x: i40, %i: index) -> (i1, i40) {
  %b = hcl.get_bit %x[%i] : i40
  %r = hcl.bit_reverse %x : i40
  return %b, %r : i1, i40
}
