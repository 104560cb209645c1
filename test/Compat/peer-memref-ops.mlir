// HeteroCL-MLIR's hcl.get_global_fixed (a fixed-point copy of a global
// holding the encodings as integers) and hcl.print_memref (a memref's
// elements printed; the peer's hcl.print of a memref reads as it) become loops of hcl's scalar operations; the run prints
// the values the encodings stand for, on the JIT and in C simulation.
//
// RUN: hcl-opt %s | hcl-opt | FileCheck %s --check-prefix=IR
// RUN: hcl-opt %s --hcl-expand-get-global-fixed --hcl-expand-print-memref | FileCheck %s --check-prefix=EXPAND
// RUN: hcl run %s | FileCheck %s --check-prefix=OUT
// RUN: hcl check --hls %s | FileCheck %s --check-prefix=OUT

// IR: hcl.get_global_fixed @codes : memref<2x3x!hcl.Fixed<8, 2>>
// IR: hcl.print_memref(%{{.*}}) : memref<2x3x!hcl.Fixed<8, 2>>
// IR: hcl.print_memref(%{{.*}}) {format = "%d;", unsigned} : memref<3xi8>
// IR: hcl.print "\0A"
// IR-NEXT: arith.constant 0 : index
// IR: hcl.print_memref(%{{.*}}) : memref<3xi8>

// EXPAND-LABEL: func.func @top
// EXPAND:      memref.get_global @codes : memref<2x3xi64>
// EXPAND:      memref.alloc() : memref<2x3x!hcl.Fixed<8, 2>>
// EXPAND:      affine.for
// EXPAND:        affine.for
// EXPAND:          arith.trunci %{{.*}} : i64 to i8
// EXPAND:          hcl.bitcast %{{.*}} : i8 to !hcl.Fixed<8, 2>
// EXPAND:      hcl.print "["
// EXPAND:      affine.for
// EXPAND:        affine.if
// EXPAND:          hcl.print ",\0A "
// EXPAND:        hcl.print "["
// EXPAND:        affine.for
// EXPAND:          affine.if
// EXPAND:            hcl.print ", "
// EXPAND:          hcl.print "%g" %{{.*}} : !hcl.Fixed<8, 2>
// EXPAND:        hcl.print "]"
// EXPAND:      hcl.print "]"
// EXPAND:      hcl.print "\0A"
// EXPAND:      hcl.print "%lld;" %{{.*}} : i8 {signedness = "u"}
// EXPAND-NOT:  hcl.print_memref

// 6 is 1.5 and -2 (0xFE in 8 bits) is -0.5 in Fixed<8, 2>; 258 wraps to 2.
// OUT:      {{^\[\[}}1.5, -0.5, 0.5],
// OUT-NEXT: {{^}} [0.25, 31.75, -32]]
// OUT-NEXT: {{^}}255;1;2;
// OUT-NEXT: {{^\[\[}}0.5, 0.25]]
// OUT-NEXT: {{^\[}}-1, 1, 2]
memref.global "private" @codes : memref<2x3xi64> = dense<[[6, -2, 258], [1, 127, 128]]>
memref.global "private" @bytes : memref<3xi8> = dense<[-1, 1, 2]>
memref.global "private" @small : memref<1x2xi4> = dense<[[1, 1]]>

func.func @top() {
  %q = hcl.get_global_fixed @codes : memref<2x3x!hcl.Fixed<8, 2>>
  hcl.print_memref(%q) : memref<2x3x!hcl.Fixed<8, 2>>
  %b = memref.get_global @bytes : memref<3xi8>
  hcl.print_memref(%b) {format = "%d;", unsigned} : memref<3xi8>
  // A narrower global is extended: Fixed<8, 1> and UFixed<16, 2> of 1.
  %s = hcl.get_global_fixed @small : memref<1x2x!hcl.UFixed<16, 2>>
  %u = hcl.get_global_fixed @small : memref<1x2x!hcl.Fixed<8, 1>>
  // A format that converts nothing takes no values: `%c0` starts the next
  // operation.
  hcl.print "\n"
  %c0 = arith.constant 0 : index
  %x = memref.load %u[%c0, %c0] : memref<1x2x!hcl.Fixed<8, 1>>
  %y = memref.load %s[%c0, %c0] : memref<1x2x!hcl.UFixed<16, 2>>
  hcl.print "[[%.1f, %.2f]]\n" %x, %y : !hcl.Fixed<8, 1>, !hcl.UFixed<16, 2>
  // HeteroCL-MLIR's hcl.print of a memref prints its elements.
  hcl.print(%b) : memref<3xi8>
  return
}
