// HeteroCL-MLIR's hcl.and / hcl.or: regions yielding i1s, run in order
// until one decides the result. They become nested scf.ifs; the prints
// inside the regions show which regions ran, on the JIT and in the HLS
// C++'s C simulation.
//
// RUN: hcl-opt %s | hcl-opt | FileCheck %s --check-prefix=IR
// RUN: hcl-opt %s --hcl-expand-short-circuit | FileCheck %s --check-prefix=EXPAND
// RUN: hcl run %s | FileCheck %s --check-prefix=OUT
// RUN: hcl check --hls %s | FileCheck %s --check-prefix=OUT

// IR: hcl.and {
// IR:   hcl.yield %{{.*}} : i1
// IR: }, {
// IR: } : i1
// IR: hcl.or {

// EXPAND-LABEL: func.func @top
// EXPAND:       %[[A:.*]] = arith.cmpi sgt
// EXPAND:       scf.if %[[A]] -> (i1) {
// EXPAND:         hcl.print "b ran\0A"
// EXPAND:       } else {
// EXPAND:         arith.constant false
// EXPAND-NOT:   hcl.and
// EXPAND-NOT:   hcl.or

// x = 5: x > 0 and x < 3 is false after both ran; x > 0 or (not run) is
// true; x < 0 and (not run) is false; a three-region and that is true.
// OUT:      b ran
// OUT-NEXT: c ran
// OUT-NEXT: and 0
// OUT-NEXT: or 1
// OUT-NEXT: and 0
// OUT-NEXT: and3 1
memref.global "private" @x : memref<1xi32> = dense<5>

func.func @top() {
  %c0 = arith.constant 0 : index
  %g = memref.get_global @x : memref<1xi32>
  %x = memref.load %g[%c0] : memref<1xi32>
  %zero = arith.constant 0 : i32
  %three = arith.constant 3 : i32
  %positive = arith.cmpi sgt, %x, %zero : i32
  %r0 = hcl.and {
    hcl.yield %positive : i1
  }, {
    %small = arith.cmpi slt, %x, %three : i32
    hcl.print "b ran\n"
    hcl.yield %small : i1
  } : i1
  %r1 = hcl.or {
    hcl.yield %positive : i1
  }, {
    %f = arith.constant false
    hcl.print "not printed\n"
    hcl.yield %f : i1
  } : i1
  %r2 = hcl.and {
    %negative = arith.cmpi slt, %x, %zero : i32
    hcl.yield %negative : i1
  }, {
    %t = arith.constant true
    hcl.print "not printed\n"
    hcl.yield %t : i1
  } : i1
  %r3 = hcl.and {
    hcl.yield %positive : i1
  }, {
    hcl.yield %positive : i1
  }, {
    %t = arith.constant true
    hcl.print "c ran\n"
    hcl.yield %t : i1
  } : i1
  hcl.print "and %lld\nor %lld\nand %lld\n" %r0, %r1, %r2 : i1, i1, i1 {signedness = "uuu"}
  hcl.print "and3 %lld\n" %r3 : i1 {signedness = "u"}
  return
}
