// Bit access with run-time indices (some out of range: random inputs are in
// [-16, 16)) on i32, i12 and i64, bit_reverse and bitcasts, on the JIT and in
// the HLS C simulation, compared with each other and with Python integers.
// RUN: hcl check --hls %s | FileCheck %s --check-prefix=HLS
// HLS: hcl check --hls: OK
// RUN: rm -rf %t && hcl run %s --random-inputs 5 --output-dir %t > /dev/null
// RUN: %python %S/check_bit_ops.py %t | FileCheck %s --check-prefix=MODEL
// MODEL: bit ops: 64 elements, 0 mismatches
func.func @top(%a: memref<64xi32>, %i: memref<64xi32>, %j: memref<64xi32>, %n: memref<64xi12>, %w: memref<64xi64>) -> (memref<64xi32>, memref<64xi32>, memref<64xi32>, memref<64xi12>, memref<64xi64>, memref<64xf32>) {
  %r0 = memref.alloc() : memref<64xi32>
  %r1 = memref.alloc() : memref<64xi32>
  %r2 = memref.alloc() : memref<64xi32>
  %r3 = memref.alloc() : memref<64xi12>
  %r4 = memref.alloc() : memref<64xi64>
  %r5 = memref.alloc() : memref<64xf32>
  affine.for %k = 0 to 64 {
    %x = affine.load %a[%k] : memref<64xi32>
    %iv = affine.load %i[%k] : memref<64xi32>
    %jv = affine.load %j[%k] : memref<64xi32>
    %nv = affine.load %n[%k] : memref<64xi12>
    %wv = affine.load %w[%k] : memref<64xi64>
    %ii = arith.index_cast %iv : i32 to index
    %c16 = arith.constant 16 : index
    %hi = arith.addi %ii, %c16 : index
    %jj = arith.index_cast %jv : i32 to index
    %lo = arith.addi %jj, %c16 : index
    // 32 * bit + slice of x (hi = i + 16, lo = j + 16; invalid when j > i)
    %b = hcl.get_bit %x[%hi] : i32
    %bz = arith.extui %b : i1 to i32
    %s = hcl.get_slice %x[%hi : %lo] : i32 -> i32
    %c32 = arith.constant 32 : i32
    %bs = arith.muli %bz, %c32 : i32
    %o0 = arith.addi %bs, %s : i32
    affine.store %o0, %r0[%k] : memref<64xi32>
    %t = arith.constant true
    %y = hcl.set_bit %x[%ii], %t : i32
    affine.store %y, %r1[%k] : memref<64xi32>
    %z = hcl.set_slice %x[%hi : %lo], %jv : i32, i32
    affine.store %z, %r2[%k] : memref<64xi32>
    %nr = hcl.bit_reverse %nv : i12
    affine.store %nr, %r3[%k] : memref<64xi12>
    %c3 = arith.constant 3 : index
    %c60 = arith.constant 60 : index
    %ws = hcl.get_slice %wv[%c60 : %c3] : i64 -> i64
    %ww = hcl.set_slice %ws[%lo : %c3], %nv : i64, i12
    affine.store %ww, %r4[%k] : memref<64xi64>
    %f = hcl.bitcast %x : i32 to f32
    %g = hcl.bitcast %f : f32 to i32
    %h = hcl.bitcast %g : i32 to f32
    affine.store %h, %r5[%k] : memref<64xf32>
  }
  return %r0, %r1, %r2, %r3, %r4, %r5 : memref<64xi32>, memref<64xi32>, memref<64xi32>, memref<64xi12>, memref<64xi64>, memref<64xf32>
}
