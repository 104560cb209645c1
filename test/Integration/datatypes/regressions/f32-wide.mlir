// Found by the random data-type tester (reproducer kept as a regression test).
// RUN: hcl check --hls %s | FileCheck %s
// CHECK: hcl check --hls: OK
// fixed_to_float to f32 of 1.5 held in Fixed<150, 148> (V = 1.5 * 2^148) is
// 1.5 on the JIT but +inf in the HLS C simulation: hcl's ap_fixed.h to_float()
// converts V to float first (overflow beyond 2^128), then scales with ldexp.
func.func @top(%o: memref<1xf32>) {
  %x = hcl.fixed_constant 1.5 : !hcl.Fixed<150, 148>
  %f = hcl.fixed_to_float %x : !hcl.Fixed<150, 148> to f32
  affine.store %f, %o[0] : memref<1xf32>
  return
}
