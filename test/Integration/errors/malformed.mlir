// A syntax error is reported on one line with its location; exit code 1.
// RUN: not hcl run %s --random-inputs 1 2>&1 | FileCheck %s
// CHECK: malformed.mlir:[[@LINE+3]]:{{[0-9]+}}: error: {{.*}}
// CHECK-NOT: Stack dump
func.func @top(%a: memref<4xi32>) {
  %x = arith.addi %a, : i32
  return
}
