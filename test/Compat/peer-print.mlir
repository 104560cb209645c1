// HeteroCL-MLIR's spelling of hcl.print, `hcl.print(%x, ...) {format =
// "..."} : T, ...`, reads as hcl's op with the format fitted to the values:
// integers print with `%ll?` (extended to 64 bits, zero-extended where
// `unsigned` or `signedness` says so), other values under an integer
// conversion with `%.0f` (the peer prints doubles), the default format is
// `%.4f ` per value, and values beyond the format's conversions are not
// printed (printf's rule). The run prints each line as the peer does, on
// the JIT and in the HLS C++'s C simulation.
//
// RUN: hcl-opt %s | FileCheck %s --check-prefix=IR
// RUN: hcl-opt %s | hcl-opt | FileCheck %s --check-prefix=IR
// RUN: hcl-opt %s --hcl-lower-print | FileCheck %s --check-prefix=LOWER
// RUN: hcl run %s | FileCheck %s --check-prefix=OUT
// RUN: hcl check --hls %s | FileCheck %s --check-prefix=OUT

// IR-LABEL: func.func @top
// IR: hcl.print "int %lld, " %{{.*}} : i32
// IR: hcl.print "two %lld %lld\0A" %{{.*}}, %{{.*}} : i32, i22
// IR: hcl.print "fixed %.2f\0A" %{{.*}} : !hcl.Fixed<32, 2>
// IR: hcl.print "%.4f %.4f " %{{.*}}, %{{.*}} : f64, f32
// IR: hcl.print "as int %.0f %5.1f\0A" %{{.*}}, %{{.*}} : f64, !hcl.Fixed<32, 2>
// IR: hcl.print "bit %lld\0A" %{{.*}} : i1 {signedness = "u"}
// IR: hcl.print "bits %lld %lld\0A" %{{.*}}, %{{.*}} : i3, i3 {signedness = "us"}
// IR: hcl.print "x\0A"
// IR-NOT: hcl.print

// LOWER-LABEL: func.func @top
// LOWER: arith.extsi %{{.*}} : i32 to i64
// LOWER: arith.extsi %{{.*}} : i22 to i64
// LOWER: hcl.fixed_to_float %{{.*}} : !hcl.Fixed<32, 2> to f64
// LOWER: arith.extf %{{.*}} : f32 to f64
// LOWER: arith.extui %{{.*}} : i1 to i64
// LOWER: arith.extui %{{.*}} : i3 to i64
// LOWER: arith.extsi %{{.*}} : i3 to i64

// OUT:      int 144, two 144 -128
// OUT-NEXT: fixed -1.25
// OUT-NEXT: 1351.5000 0.2500 as int 1352  -1.2
// OUT-NEXT: bit 1
// OUT-NEXT: bits 7 -1
// OUT-NEXT: x
func.func @top() {
  %i = arith.constant 144 : i32
  %j = arith.constant -128 : i22
  hcl.print(%i) {format = "int %d, "} : i32
  hcl.print(%i, %j) {format = "two %d %d\n"} : i32, i22
  %m = arith.constant -1.3 : f32
  %q = hcl.float_to_fixed(%m) : f32 -> !hcl.Fixed<32, 2>
  hcl.print(%q) {format = "fixed %.2f\n"} : !hcl.Fixed<32, 2>
  %d = arith.constant 1351.5 : f64
  %h = arith.constant 0.25 : f32
  hcl.print(%d, %h) : f64, f32
  hcl.print(%d, %q) {format = "as int %d %5.1d\n"} : f64, !hcl.Fixed<32, 2>
  %t = arith.constant true
  hcl.print(%t) {format = "bit %d\n", unsigned} : i1
  %s = arith.constant 7 : i3
  hcl.print(%s, %s) {format = "bits %d %d\n", signedness = "u"} : i3, i3
  hcl.print(%s) {format = "x\n"} : i3
  return
}
