// hcl.print becomes printf of a private format string;
// a format used twice has one global. The program prints when it runs on
// the JIT (RUN line 2), percent signs and escapes included.
// RUN: hcl-opt %s --hcl-lower-print | FileCheck %s
// RUN: hcl run %s | FileCheck %s --check-prefix=EXEC

// CHECK-DAG: llvm.func @printf(!llvm.ptr, ...) -> i32
// CHECK-DAG: llvm.mlir.global private constant @hcl_print_format_0("i=%lld x=%.2f 100%%\0A\00")
// CHECK-DAG: llvm.mlir.global private constant @hcl_print_format_1("]\0A\00")
// CHECK-LABEL: func.func @top
// CHECK: scf.for
// CHECK:   llvm.mlir.addressof @hcl_print_format_0 : !llvm.ptr
// CHECK:   llvm.call @printf(%{{.*}}, %{{.*}}, %{{.*}}) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64, f64) -> i32
// CHECK: llvm.mlir.addressof @hcl_print_format_1
// CHECK: llvm.mlir.addressof @hcl_print_format_1
// CHECK-NOT: hcl.print

// EXEC:      i=0 x=0.00 100%
// EXEC-NEXT: i=1 x=0.50 100%
// EXEC-NEXT: i=2 x=1.00 100%
// EXEC-NEXT: ]
// EXEC-NEXT: ]
func.func @top() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %half = arith.constant 0.5 : f64
  scf.for %i = %c0 to %c3 step %c1 {
    %n = arith.index_cast %i : index to i64
    %f = arith.sitofp %n : i64 to f64
    %x = arith.mulf %f, %half : f64
    hcl.print "i=%lld x=%.2f 100%%\n" %n, %x : i64, f64
  }
  hcl.print "]\n"
  hcl.print "]\n"
  return
}
