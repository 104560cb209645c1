// The data-type IR parses and prints back: fixed-point types in signatures,
// memrefs and allocs, every fixed-point and bit operation, the data-type
// customizations and hcl.unsigned (docs/datatypes.md).
//
// RUN: hcl-opt %s | hcl-opt | FileCheck %s

// CHECK-LABEL: func.func @top(%arg0: memref<4x!hcl.Fixed<8, 4>>, %arg1: memref<4x!hcl.Fixed<8, 4>>, %arg2: memref<4xf32>, %arg3: memref<4xf32>, %arg4: memref<4xi200> {hcl.unsigned})
// CHECK: hcl.mul_fixed %{{.*}}, %{{.*}} : !hcl.Fixed<8, 4>
// CHECK: hcl.div_fixed
// CHECK: hcl.float_to_fixed %{{.*}} {overflow = "saturate", rounding = "nearest"} : f32 to !hcl.Fixed<8, 4>
// CHECK: hcl.fixed_constant 1.250000e+00 : !hcl.Fixed<8, 4>
// CHECK: hcl.cmp_fixed slt, %{{.*}}, %{{.*}} : !hcl.Fixed<8, 4>
// CHECK: hcl.fixed_to_fixed %{{.*}} : !hcl.Fixed<8, 4> to !hcl.Fixed<300, 100>
// CHECK: hcl.fixed_to_float %{{.*}} : !hcl.Fixed<300, 100> to f32
// CHECK: hcl.fixed_to_int %{{.*}} : !hcl.Fixed<8, 4> to i32
// CHECK: hcl.get_bit %{{.*}}[%{{.*}}] : i200
// CHECK: hcl.get_slice %{{.*}}[%{{.*}} : %{{.*}}] : i200 -> i64
// CHECK: hcl.set_slice %{{.*}}[%{{.*}} : %{{.*}}], %{{.*}} : i200, i64
// CHECK: hcl.bit_reverse %{{.*}} : i200
// CHECK: hcl.set_bit %{{.*}}[%{{.*}}], %{{.*}} : i200
func.func @top(%a: memref<4x!hcl.Fixed<8, 4>>, %b: memref<4x!hcl.Fixed<8, 4>>, %x: memref<4xf32>, %o: memref<4xf32>, %w: memref<4xi200> {hcl.unsigned}) {
  affine.for %i = 0 to 4 {
    %va = affine.load %a[%i] : memref<4x!hcl.Fixed<8, 4>>
    %vb = affine.load %b[%i] : memref<4x!hcl.Fixed<8, 4>>
    %m = hcl.mul_fixed %va, %vb : !hcl.Fixed<8, 4>
    %d = hcl.div_fixed %va, %vb : !hcl.Fixed<8, 4>
    %s = hcl.add_fixed %m, %d : !hcl.Fixed<8, 4>
    %xf = affine.load %x[%i] : memref<4xf32>
    %q = hcl.float_to_fixed %xf {rounding = "nearest", overflow = "saturate"} : f32 to !hcl.Fixed<8, 4>
    %r = hcl.add_fixed %s, %q : !hcl.Fixed<8, 4>
    %c = hcl.fixed_constant 1.25 : !hcl.Fixed<8, 4>
    %r2 = hcl.sub_fixed %r, %c : !hcl.Fixed<8, 4>
    %p = hcl.cmp_fixed slt, %r2, %c : !hcl.Fixed<8, 4>
    %wide = hcl.fixed_to_fixed %r2 : !hcl.Fixed<8, 4> to !hcl.Fixed<300, 100>
    %f = hcl.fixed_to_float %wide : !hcl.Fixed<300, 100> to f32
    %n = hcl.fixed_to_int %r2 : !hcl.Fixed<8, 4> to i32
    %nf = arith.sitofp %n : i32 to f32
    %g = arith.select %p, %f, %nf : f32
    affine.store %g, %o[%i] : memref<4xf32>
    %wv = affine.load %w[%i] : memref<4xi200>
    %k = arith.index_cast %i : index to i200
    %bit = hcl.get_bit %wv[%i] : i200
    %hi = arith.constant 150 : index
    %sl = hcl.get_slice %wv[%hi : %i] : i200 -> i64
    %sl2 = hcl.set_slice %wv[%hi : %i], %sl : i200, i64
    %rv = hcl.bit_reverse %sl2 : i200
    %sb = hcl.set_bit %rv[%i], %bit : i200
    affine.store %sb, %w[%i] : memref<4xi200>
  }
  return
}

// CHECK-LABEL: func.func @conversions
// CHECK: hcl.int_to_fixed %{{.*}} : i32 to !hcl.Fixed<8, 4>
// CHECK: hcl.uint_to_fixed %{{.*}} : i32 to !hcl.UFixed<8, 4>
// CHECK: hcl.bitcast %{{.*}} : !hcl.UFixed<8, 4> to i8
// CHECK: memref.alloc() : memref<2x!hcl.UFixed<12, 12>>
// CHECK: hcl.min_fixed
// CHECK: hcl.max_fixed
func.func @conversions(%i: i32) -> (i8, memref<2x!hcl.UFixed<12, 12>>, !hcl.Fixed<8, 4>) {
  %a = hcl.int_to_fixed %i : i32 to !hcl.Fixed<8, 4>
  %b = hcl.uint_to_fixed %i : i32 to !hcl.UFixed<8, 4>
  %c = hcl.bitcast %b : !hcl.UFixed<8, 4> to i8
  %m = memref.alloc() : memref<2x!hcl.UFixed<12, 12>>
  %lo = hcl.min_fixed %a, %a : !hcl.Fixed<8, 4>
  %hi = hcl.max_fixed %lo, %a : !hcl.Fixed<8, 4>
  return %c, %m, %hi : i8, memref<2x!hcl.UFixed<12, 12>>, !hcl.Fixed<8, 4>
}

// CHECK-LABEL: func.func @customizations
// CHECK: hcl.quantize(%{{.*}} : memref<10x16xf32>, !hcl.Fixed<8, 4>)
// CHECK: hcl.downsize(%{{.*}} : memref<10x16xi32>, i8)
// CHECK: hcl.pack(%{{.*}} : memref<10x16xi8>, 1, 4) -> memref<10x4xi32>
// CHECK: hcl.unpack(%{{.*}} : memref<10x4xi32>, 1, 4) -> memref<10x16xi8>
func.func @customizations(%A: memref<10x16xf32>, %B: memref<10x16xi32>, %C: memref<10x16xi8>, %D: memref<10x4xi32>) {
  hcl.quantize(%A : memref<10x16xf32>, !hcl.Fixed<8, 4>)
  hcl.downsize(%B : memref<10x16xi32>, i8)
  %P = hcl.pack(%C : memref<10x16xi8>, 1, 4) -> memref<10x4xi32>
  %U = hcl.unpack(%D : memref<10x4xi32>, 1, 4) -> memref<10x16xi8>
  return
}
