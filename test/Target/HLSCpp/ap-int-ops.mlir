// Conditionals on ap_int values (min, max, abs, select with a literal) cast
// both branches to the result type, which ap types need; run against the JIT.
// RUN: hcl-translate --emit-hls-cpp %s | FileCheck %s
// RUN: hcl check --hls %s | FileCheck %s --check-prefix=EXEC
// EXEC: hcl check --hls: OK
// CHECK: ap_int<12> v_4 = (v_3 < 0 ? (ap_int<12>)(-v_3) : (ap_int<12>)(v_3));
// CHECK: ap_int<12> v_6 = (v_5 ? (ap_int<12>)(v_4) : (ap_int<12>)(100));
func.func @top(%a: memref<4xi12>, %b: memref<4xi12>) -> memref<4xi12> {
  %r = memref.alloc() : memref<4xi12>
  %c = arith.constant 100 : i12
  affine.for %i = 0 to 4 {
    %x = affine.load %a[%i] : memref<4xi12>
    %y = affine.load %b[%i] : memref<4xi12>
    %m = arith.minsi %x, %y : i12
    %n = arith.maxui %m, %c : i12
    %ab = math.absi %n : i12
    %lt = arith.cmpi slt, %x, %c : i12
    %s = arith.select %lt, %ab, %c : i12
    affine.store %s, %r[%i] : memref<4xi12>
  }
  return %r : memref<4xi12>
}
