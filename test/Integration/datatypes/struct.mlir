// Packed structs at work: fields packed into an array of structs (an
// argument and a result, so the packed bits cross the host boundary as
// unsigned integers), fields read back from one, a struct nested in a
// struct. On the JIT and in the HLS C simulation, compared with each other
// and with a Python-integer model of the layout (the first field lowest).
// arg3's range keeps its float field finite (bits 51 and 52 clear).
// RUN: hcl check --hls %s --input-range=arg3=0,2251799813685247 | FileCheck %s --check-prefix=HLS
// HLS: hcl check --hls: OK
// RUN: rm -rf %t && hcl run %s --random-inputs 5 --input-range=arg3=0,2251799813685247 --output-dir %t > /dev/null
// RUN: %python %S/check_struct.py %t | FileCheck %s --check-prefix=MODEL
// MODEL: struct: 64 elements, 0 mismatches
!S = !hcl.struct<i8, !hcl.Fixed<13, 11>, f32>
!N = !hcl.struct<!hcl.struct<i4, i4>, i1>
func.func @top(%a: memref<64xi8>, %q: memref<64x!hcl.Fixed<13, 11>>, %x: memref<64xf32>, %s: memref<64x!S>) -> (memref<64x!S>, memref<64xi8>, memref<64x!hcl.Fixed<13, 11>>, memref<64xf32>, memref<64x!N>, memref<64xi8>) {
  %packed = memref.alloc() : memref<64x!S>
  %fa = memref.alloc() : memref<64xi8>
  %fq = memref.alloc() : memref<64x!hcl.Fixed<13, 11>>
  %fx = memref.alloc() : memref<64xf32>
  %nested = memref.alloc() : memref<64x!N>
  %sum = memref.alloc() : memref<64xi8>
  affine.for %i = 0 to 64 {
    // (a, q, x) packed.
    %av = affine.load %a[%i] : memref<64xi8>
    %qv = affine.load %q[%i] : memref<64x!hcl.Fixed<13, 11>>
    %xv = affine.load %x[%i] : memref<64xf32>
    %p = hcl.struct_construct(%av, %qv, %xv) : i8, !hcl.Fixed<13, 11>, f32 -> !S
    affine.store %p, %packed[%i] : memref<64x!S>
    // s's fields.
    %sv = affine.load %s[%i] : memref<64x!S>
    %g0 = hcl.struct_get %sv[0] : !S -> i8
    %g1 = hcl.struct_get %sv[1] : !S -> !hcl.Fixed<13, 11>
    %g2 = hcl.struct_get %sv[2] : !S -> f32
    affine.store %g0, %fa[%i] : memref<64xi8>
    affine.store %g1, %fq[%i] : memref<64x!hcl.Fixed<13, 11>>
    affine.store %g2, %fx[%i] : memref<64xf32>
    // ((a's low nibble, a's high nibble), a < 0), stored, then the two
    // nibbles read back through both structs and added as signed values.
    %lo = arith.trunci %av : i8 to i4
    %c4 = arith.constant 4 : i8
    %hi8 = arith.shrsi %av, %c4 : i8
    %hi = arith.trunci %hi8 : i8 to i4
    %inner = hcl.struct_construct(%lo, %hi) : i4, i4 -> !hcl.struct<i4, i4>
    %c0 = arith.constant 0 : i8
    %neg = arith.cmpi slt, %av, %c0 : i8
    %outer = hcl.struct_construct(%inner, %neg) : !hcl.struct<i4, i4>, i1 -> !N
    affine.store %outer, %nested[%i] : memref<64x!N>
    %back = affine.load %nested[%i] : memref<64x!N>
    %in = hcl.struct_get %back[0] : !N -> !hcl.struct<i4, i4>
    %l = hcl.struct_get %in[0] : !hcl.struct<i4, i4> -> i4
    %h = hcl.struct_get %in[1] : !hcl.struct<i4, i4> -> i4
    %l8 = arith.extsi %l : i4 to i8
    %h8 = arith.extsi %h : i4 to i8
    %t = arith.addi %l8, %h8 : i8
    affine.store %t, %sum[%i] : memref<64xi8>
  }
  return %packed, %fa, %fq, %fx, %nested, %sum : memref<64x!S>, memref<64xi8>, memref<64x!hcl.Fixed<13, 11>>, memref<64xf32>, memref<64x!N>, memref<64xi8>
}
