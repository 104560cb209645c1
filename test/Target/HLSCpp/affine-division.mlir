// Affine floordiv and mod in the HLS C++: by a positive constant, of an index
// that cannot be negative (loops counting up from 0 or more), C's `/` and `%`
// round as the affine operations do and are written plainly; otherwise the
// helpers that round toward minus infinity are used. Both run through
// `hcl check --hls` (the C++ compiled and compared with the JIT).
// RUN: hcl-translate --emit-hls-cpp %s | FileCheck %s
// RUN: hcl check --hls %s --entry fused | FileCheck %s --check-prefix=EXEC
// RUN: hcl check --hls %s --entry from_negative | FileCheck %s --check-prefix=EXEC
// EXEC: hcl check --hls: OK

// CHECK-LABEL: void fused(int32_t arg0[6][10], int32_t result0[6][10]) {
// CHECK:         int32_t v = arg0[(i / 10)][(i % 10)];
// CHECK-NEXT:    result0[(i / 10)][(i % 10)] = v;
func.func @fused(%A: memref<6x10xi32>) -> memref<6x10xi32> {
  %B = memref.alloc() {name = "B"} : memref<6x10xi32>
  affine.for %i = 0 to 60 {
    %v = affine.load %A[%i floordiv 10, %i mod 10] : memref<6x10xi32>
    affine.store %v, %B[%i floordiv 10, %i mod 10] : memref<6x10xi32>
  } {loop_name = "i"}
  return %B : memref<6x10xi32>
}

// CHECK-LABEL: void from_negative(int32_t result0[3]) {
// CHECK:         int v = hcl_mod(i, 4);
// CHECK:         result0[hcl_floordiv(i, 4) + 1] = v_1;
func.func @from_negative() -> memref<3xi32> {
  %B = memref.alloc() {name = "B"} : memref<3xi32>
  affine.for %i = -4 to 8 step 4 {
    %m = affine.apply affine_map<(d0) -> (d0 mod 4)>(%i)
    %v = arith.index_cast %m : index to i32
    affine.store %v, %B[(%i + 4) floordiv 4] : memref<3xi32>
  } {loop_name = "i"}
  return %B : memref<3xi32>
}
