// hcl.print is printf in the HLS C++ (for the C simulation; synthesis
// ignores it): the format as a C string, the values cast to what the
// format reads. The C simulation computes what the JIT does.
// RUN: hcl-translate --emit-hls-cpp %s | FileCheck %s
// RUN: hcl check --hls %s | FileCheck %s --check-prefix=EXEC
// EXEC: hcl check --hls: OK
// CHECK: #include <cstdio>
// CHECK: printf("v=%lld half=%.3f \"q\"\n", (long long)([[N:v[_0-9]*]]), (double)([[X:v[_0-9]*]]));
// CHECK: printf("tab\tnul-free\001\n");
func.func @top(%A: memref<4xi32>, %B: memref<4xi32>) {
  %half = arith.constant 0.5 : f64
  affine.for %i = 0 to 4 {
    %a = affine.load %A[%i] : memref<4xi32>
    %n = arith.extsi %a : i32 to i64
    %f = arith.sitofp %a : i32 to f64
    %x = arith.mulf %f, %half : f64
    hcl.print "v=%lld half=%.3f \"q\"\n" %n, %x : i64, f64
    affine.store %a, %B[%i] : memref<4xi32>
  } {loop_name = "i", stage_name = "B"}
  hcl.print "tab\tnul-free\01\n"
  return
}
