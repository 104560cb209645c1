// Integer ops of every width the ONNX importer produces (i1, i8, i16, i32,
// i64): bitwise ops, shifts (amounts below the width: the IR leaves larger
// ones poison, the C++ gives them a defined value), absi, select on i1;
// conversions; isnan; and data-dependent loads (gathers through
// arith.index_cast). The C simulation matches the JIT exactly.
// RUN: hcl-translate --emit-hls-cpp %s | FileCheck %s
// RUN: hcl check --hls %s | FileCheck %s --check-prefix=EXEC
// EXEC: hcl check --hls: OK
// CHECK: static inline T hcl_fptoi(double x, double lo, double hi) {
// CHECK: int8_t v_6 = ((uint8_t)v_2 < 8 ? (int8_t)((uint8_t)v << (uint8_t)v_2) : (int8_t)0);
// CHECK: int8_t v_7 = (v < 0 ? (int8_t)~(~v >> ((uint8_t)v_2 < 8 ? (uint8_t)v_2 : (uint8_t)7)) : (int8_t)(v >> ((uint8_t)v_2 < 8 ? (uint8_t)v_2 : (uint8_t)7)));
// CHECK: int8_t v_8 = ((uint8_t)v_2 < 8 ? (int8_t)((uint8_t)v >> (uint8_t)v_2) : (int8_t)0);
// CHECK: int64_t v_36 = ((uint64_t)v_32 < 64 ? (int64_t)((uint64_t)v_30 << (uint64_t)v_32) : (int64_t)0);
// CHECK: bool v_46 = (v_45 != v_45 || v_45 != v_45);
// CHECK: bool v_50 = (v_44 ? v_40 : v_41);
// CHECK: int32_t v_54 = hcl_fptoi<int32_t>(v_51, -0x1p31, 0x1p31);
// CHECK: int8_t v_59 = (int8_t)hcl_fptoi<uint8_t>(v_53, 0.0, 0x1p8);
// CHECK: int v_[[I:[0-9]+]] = (int)v_[[M:[0-9]+]];
// CHECK: float v_{{[0-9]+}} = table[v_[[I]]][1];
// CHECK: int v_[[J:[0-9]+]] = (int)v_{{[0-9]+}};
// CHECK: float v_{{[0-9]+}} = arg10[v_[[J]]];
memref.global "private" constant @table : memref<8x2xf32> = dense<[[0.5, 1.5], [2.5, 3.5], [4.5, 5.5], [6.5, 7.5], [8.5, 9.5], [10.5, 11.5], [12.5, 13.5], [14.5, 15.5]]>
func.func @top(%a8: memref<16xi8>, %b8: memref<16xi8>, %a16: memref<16xi16>, %b16: memref<16xi16>, %a32: memref<16xi32>, %b32: memref<16xi32>, %a64: memref<16xi64>, %b64: memref<16xi64>, %p: memref<16xi1>, %q: memref<16xi1>, %x: memref<16xf32>, %xd: memref<16xf64>) -> (memref<7x16xi8>, memref<7x16xi16>, memref<7x16xi32>, memref<7x16xi64>, memref<5x16xi1>, memref<8x16xi32>, memref<4x16xf32>, memref<2x16xf64>, memref<3x16xf32>) {
  %r8 = memref.alloc() : memref<7x16xi8>
  %m8 = arith.constant 7 : i8
  %r16 = memref.alloc() : memref<7x16xi16>
  %m16 = arith.constant 15 : i16
  %r32 = memref.alloc() : memref<7x16xi32>
  %m32 = arith.constant 31 : i32
  %r64 = memref.alloc() : memref<7x16xi64>
  %m64 = arith.constant 63 : i64
  %r1 = memref.alloc() : memref<5x16xi1>
  %rc = memref.alloc() : memref<8x16xi32>
  %rf = memref.alloc() : memref<4x16xf32>
  %rd = memref.alloc() : memref<2x16xf64>
  %rg = memref.alloc() : memref<3x16xf32>
  %table = memref.get_global @table : memref<8x2xf32>
  %c100 = arith.constant 100.0 : f32
  %c200 = arith.constant 200.0 : f32
  %c7 = arith.constant 7 : i8
  %c15 = arith.constant 15 : i32
  %c1 = arith.constant 1 : index
  affine.for %i = 0 to 16 {
    %a8v = affine.load %a8[%i] : memref<16xi8>
    %b8v = affine.load %b8[%i] : memref<16xi8>
    %s8 = arith.andi %b8v, %m8 : i8
    %o8_0 = arith.andi %a8v, %b8v : i8
    affine.store %o8_0, %r8[0, %i] : memref<7x16xi8>
    %o8_1 = arith.ori %a8v, %b8v : i8
    affine.store %o8_1, %r8[1, %i] : memref<7x16xi8>
    %o8_2 = arith.xori %a8v, %b8v : i8
    affine.store %o8_2, %r8[2, %i] : memref<7x16xi8>
    %o8_3 = arith.shli %a8v, %s8 : i8
    affine.store %o8_3, %r8[3, %i] : memref<7x16xi8>
    %o8_4 = arith.shrsi %a8v, %s8 : i8
    affine.store %o8_4, %r8[4, %i] : memref<7x16xi8>
    %o8_5 = arith.shrui %a8v, %s8 : i8
    affine.store %o8_5, %r8[5, %i] : memref<7x16xi8>
    %o8_6 = math.absi %a8v : i8
    affine.store %o8_6, %r8[6, %i] : memref<7x16xi8>
    %a16v = affine.load %a16[%i] : memref<16xi16>
    %b16v = affine.load %b16[%i] : memref<16xi16>
    %s16 = arith.andi %b16v, %m16 : i16
    %o16_0 = arith.andi %a16v, %b16v : i16
    affine.store %o16_0, %r16[0, %i] : memref<7x16xi16>
    %o16_1 = arith.ori %a16v, %b16v : i16
    affine.store %o16_1, %r16[1, %i] : memref<7x16xi16>
    %o16_2 = arith.xori %a16v, %b16v : i16
    affine.store %o16_2, %r16[2, %i] : memref<7x16xi16>
    %o16_3 = arith.shli %a16v, %s16 : i16
    affine.store %o16_3, %r16[3, %i] : memref<7x16xi16>
    %o16_4 = arith.shrsi %a16v, %s16 : i16
    affine.store %o16_4, %r16[4, %i] : memref<7x16xi16>
    %o16_5 = arith.shrui %a16v, %s16 : i16
    affine.store %o16_5, %r16[5, %i] : memref<7x16xi16>
    %o16_6 = math.absi %a16v : i16
    affine.store %o16_6, %r16[6, %i] : memref<7x16xi16>
    %a32v = affine.load %a32[%i] : memref<16xi32>
    %b32v = affine.load %b32[%i] : memref<16xi32>
    %s32 = arith.andi %b32v, %m32 : i32
    %o32_0 = arith.andi %a32v, %b32v : i32
    affine.store %o32_0, %r32[0, %i] : memref<7x16xi32>
    %o32_1 = arith.ori %a32v, %b32v : i32
    affine.store %o32_1, %r32[1, %i] : memref<7x16xi32>
    %o32_2 = arith.xori %a32v, %b32v : i32
    affine.store %o32_2, %r32[2, %i] : memref<7x16xi32>
    %o32_3 = arith.shli %a32v, %s32 : i32
    affine.store %o32_3, %r32[3, %i] : memref<7x16xi32>
    %o32_4 = arith.shrsi %a32v, %s32 : i32
    affine.store %o32_4, %r32[4, %i] : memref<7x16xi32>
    %o32_5 = arith.shrui %a32v, %s32 : i32
    affine.store %o32_5, %r32[5, %i] : memref<7x16xi32>
    %o32_6 = math.absi %a32v : i32
    affine.store %o32_6, %r32[6, %i] : memref<7x16xi32>
    %a64v = affine.load %a64[%i] : memref<16xi64>
    %b64v = affine.load %b64[%i] : memref<16xi64>
    %s64 = arith.andi %b64v, %m64 : i64
    %o64_0 = arith.andi %a64v, %b64v : i64
    affine.store %o64_0, %r64[0, %i] : memref<7x16xi64>
    %o64_1 = arith.ori %a64v, %b64v : i64
    affine.store %o64_1, %r64[1, %i] : memref<7x16xi64>
    %o64_2 = arith.xori %a64v, %b64v : i64
    affine.store %o64_2, %r64[2, %i] : memref<7x16xi64>
    %o64_3 = arith.shli %a64v, %s64 : i64
    affine.store %o64_3, %r64[3, %i] : memref<7x16xi64>
    %o64_4 = arith.shrsi %a64v, %s64 : i64
    affine.store %o64_4, %r64[4, %i] : memref<7x16xi64>
    %o64_5 = arith.shrui %a64v, %s64 : i64
    affine.store %o64_5, %r64[5, %i] : memref<7x16xi64>
    %o64_6 = math.absi %a64v : i64
    affine.store %o64_6, %r64[6, %i] : memref<7x16xi64>
    %pv = affine.load %p[%i] : memref<16xi1>
    %qv = affine.load %q[%i] : memref<16xi1>
    %xv = affine.load %x[%i] : memref<16xf32>
    %xdv = affine.load %xd[%i] : memref<16xf64>
    %lt = arith.cmpi slt, %a32v, %b32v : i32
    %sq = math.sqrt %xv : f32
    %nan = arith.cmpf uno, %sq, %sq : f32
    %o1_0 = arith.andi %pv, %qv : i1
    affine.store %o1_0, %r1[0, %i] : memref<5x16xi1>
    %o1_1 = arith.ori %pv, %qv : i1
    affine.store %o1_1, %r1[1, %i] : memref<5x16xi1>
    %o1_2 = arith.xori %pv, %qv : i1
    affine.store %o1_2, %r1[2, %i] : memref<5x16xi1>
    %o1_3 = arith.select %lt, %pv, %qv : i1
    affine.store %o1_3, %r1[3, %i] : memref<5x16xi1>
    affine.store %nan, %r1[4, %i] : memref<5x16xi1>
    %x100 = arith.mulf %xv, %c100 : f32
    %ax = math.absf %xv : f32
    %x200 = arith.mulf %ax, %c200 : f32
    %c_0 = arith.fptosi %x100 : f32 to i32
    affine.store %c_0, %rc[0, %i] : memref<8x16xi32>
    %c_1 = arith.extsi %a8v : i8 to i32
    affine.store %c_1, %rc[1, %i] : memref<8x16xi32>
    %c_2 = arith.extui %a8v : i8 to i32
    affine.store %c_2, %rc[2, %i] : memref<8x16xi32>
    %c_3 = arith.extsi %pv : i1 to i32
    affine.store %c_3, %rc[3, %i] : memref<8x16xi32>
    %c_4 = arith.extui %pv : i1 to i32
    affine.store %c_4, %rc[4, %i] : memref<8x16xi32>
    %u8 = arith.fptoui %x200 : f32 to i8
    %u8e = arith.extui %u8 : i8 to i32
    affine.store %u8e, %rc[5, %i] : memref<8x16xi32>
    %t16 = arith.trunci %a64v : i64 to i16
    %t16e = arith.extsi %t16 : i16 to i32
    affine.store %t16e, %rc[6, %i] : memref<8x16xi32>
    %sel = arith.select %nan, %a32v, %b32v : i32
    affine.store %sel, %rc[7, %i] : memref<8x16xi32>
    %f_0 = arith.sitofp %a8v : i8 to f32
    affine.store %f_0, %rf[0, %i] : memref<4x16xf32>
    %f_1 = arith.uitofp %a8v : i8 to f32
    affine.store %f_1, %rf[1, %i] : memref<4x16xf32>
    %f_2 = arith.sitofp %a64v : i64 to f32
    affine.store %f_2, %rf[2, %i] : memref<4x16xf32>
    %f_3 = arith.uitofp %a32v : i32 to f32
    affine.store %f_3, %rf[3, %i] : memref<4x16xf32>
    %ext = arith.extf %xv : f32 to f64
    %sum = arith.addf %ext, %xdv : f64
    affine.store %sum, %rd[0, %i] : memref<2x16xf64>
    %tr = arith.truncf %xdv : f64 to f32
    %tre = arith.extf %tr : f32 to f64
    affine.store %tre, %rd[1, %i] : memref<2x16xf64>
    %g8 = arith.andi %a8v, %c7 : i8
    %gi = arith.index_cast %g8 : i8 to index
    %gv = memref.load %table[%gi, %c1] : memref<8x2xf32>
    affine.store %gv, %rg[0, %i] : memref<3x16xf32>
    %g32 = arith.andi %b32v, %c15 : i32
    %gj = arith.index_cast %g32 : i32 to index
    %gx = memref.load %x[%gj] : memref<16xf32>
    affine.store %gx, %rg[1, %i] : memref<3x16xf32>
    %mn = arith.minimumf %xv, %gx : f32
    %mx = arith.maximumf %mn, %gv : f32
    affine.store %mx, %rg[2, %i] : memref<3x16xf32>
  }
  return %r8, %r16, %r32, %r64, %r1, %rc, %rf, %rd, %rg : memref<7x16xi8>, memref<7x16xi16>, memref<7x16xi32>, memref<7x16xi64>, memref<5x16xi1>, memref<8x16xi32>, memref<4x16xf32>, memref<2x16xf64>, memref<3x16xf32>
}
