// hcl.cmp_fixed with a predicate of the other sign compares the operands'
// bits as arith.cmpi does: ult/ule/ugt/uge on a Fixed read its two's-
// complement bits as unsigned (-1 is above 1), slt/sle/sgt/sge on a UFixed
// read its bits as two's complement (200 is below 1). Each result is a mask:
// 1 (lt), 2 (le), 4 (gt), 8 (ge), checked against NumPy's integer order of
// the bits; the HLS C++ gives the JIT's bits.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "import numpy as np; np.save('%t/x.npy', np.array([8, -8, -128, 127, 0, -1], np.int8)); np.save('%t/y.npy', np.array([-8, 8, 127, -128, -1, 0], np.int8)); np.save('%t/u.npy', np.array([200, 1, 128, 127, 255, 0], np.uint8)); np.save('%t/v.npy', np.array([1, 200, 127, 128, 0, 255], np.uint8))"
// RUN: hcl run %s --input %t/x.npy --input %t/y.npy --input %t/u.npy --input %t/v.npy --output-dir %t/out > /dev/null
// RUN: %python -c "import numpy as np; l = lambda d, n: np.load('%t/' + n + '.npy').view(d).astype(int); mask = lambda a, b: ((a < b) * 1 + (a <= b) * 2 + (a > b) * 4 + (a >= b) * 8).tolist(); print(np.load('%t/out/result0.npy').tolist() == mask(l(np.uint8, 'x'), l(np.uint8, 'y')), np.load('%t/out/result1.npy').tolist() == mask(l(np.int8, 'u'), l(np.int8, 'v')), np.load('%t/out/result0.npy').tolist(), np.load('%t/out/result1.npy').tolist())" | FileCheck %s
// CHECK: True True [3, 12, 12, 3, 3, 12] [3, 12, 3, 12, 3, 12]
// RUN: hcl check --hls %s | FileCheck %s --check-prefix=HLS
// HLS: hcl check --hls: OK
// RUN: hcl-translate --emit-hls-cpp %s | FileCheck %s --check-prefix=CPP
// CPP: hcl_fixed_bits<8>({{.*}}) < hcl_fixed_bits<8>(
// CPP: ap_int<8>(hcl_fixed_bits<8>({{.*}})) < ap_int<8>(hcl_fixed_bits<8>(
func.func @top(%x: memref<6x!hcl.Fixed<8, 3>>, %y: memref<6x!hcl.Fixed<8, 3>>,
               %u: memref<6x!hcl.UFixed<8, 3>>, %v: memref<6x!hcl.UFixed<8, 3>>)
    -> (memref<6xi8>, memref<6xi8>) {
  %m = memref.alloc() : memref<6xi8>
  %n = memref.alloc() : memref<6xi8>
  %c0 = arith.constant 0 : i8
  %c1 = arith.constant 1 : i8
  %c2 = arith.constant 2 : i8
  %c4 = arith.constant 4 : i8
  %c8 = arith.constant 8 : i8
  affine.for %i = 0 to 6 {
    %a = affine.load %x[%i] : memref<6x!hcl.Fixed<8, 3>>
    %b = affine.load %y[%i] : memref<6x!hcl.Fixed<8, 3>>
    %p0 = hcl.cmp_fixed ult, %a, %b : !hcl.Fixed<8, 3>
    %p1 = hcl.cmp_fixed ule, %a, %b : !hcl.Fixed<8, 3>
    %p2 = hcl.cmp_fixed ugt, %a, %b : !hcl.Fixed<8, 3>
    %p3 = hcl.cmp_fixed uge, %a, %b : !hcl.Fixed<8, 3>
    %b0 = arith.select %p0, %c1, %c0 : i8
    %b1 = arith.select %p1, %c2, %c0 : i8
    %b2 = arith.select %p2, %c4, %c0 : i8
    %b3 = arith.select %p3, %c8, %c0 : i8
    %s0 = arith.ori %b0, %b1 : i8
    %s1 = arith.ori %b2, %b3 : i8
    %s = arith.ori %s0, %s1 : i8
    affine.store %s, %m[%i] : memref<6xi8>
    %e = affine.load %u[%i] : memref<6x!hcl.UFixed<8, 3>>
    %f = affine.load %v[%i] : memref<6x!hcl.UFixed<8, 3>>
    %q0 = hcl.cmp_fixed slt, %e, %f : !hcl.UFixed<8, 3>
    %q1 = hcl.cmp_fixed sle, %e, %f : !hcl.UFixed<8, 3>
    %q2 = hcl.cmp_fixed sgt, %e, %f : !hcl.UFixed<8, 3>
    %q3 = hcl.cmp_fixed sge, %e, %f : !hcl.UFixed<8, 3>
    %d0 = arith.select %q0, %c1, %c0 : i8
    %d1 = arith.select %q1, %c2, %c0 : i8
    %d2 = arith.select %q2, %c4, %c0 : i8
    %d3 = arith.select %q3, %c8, %c0 : i8
    %t0 = arith.ori %d0, %d1 : i8
    %t1 = arith.ori %d2, %d3 : i8
    %t = arith.ori %t0, %t1 : i8
    affine.store %t, %n[%i] : memref<6xi8>
  }
  return %m, %n : memref<6xi8>, memref<6xi8>
}
