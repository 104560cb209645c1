// A carried value forwarded within a cycle (docs/rtl.md, "Pipelined
// loops"): when the next iteration reads a carried value in the cycle the
// previous iteration computes its next value combinationally, it takes that
// signal (chained after it) instead of waiting a cycle for the register;
// the first iteration, which has no previous one, takes the register (the
// initial value). x = x * x + a then runs at II 1, as the estimate says.
// REQUIRES: verilator
// RUN: rm -rf %t && mkdir -p %t
// RUN: hcl check --rtl %s --entry square_plus --seeds 2 2>&1 | FileCheck %s --check-prefix=SQUARE
// RUN: hcl check --rtl %s --entry rows --seeds 2 2>&1 | FileCheck %s --check-prefix=ROWS
// RUN: hcl check --rtl %s --entry counted --seeds 4 --input-range arg1=0,4 2>&1 | FileCheck %s --check-prefix=COUNTED
// RUN: hcl check --rtl %s --entry pairs --seeds 2 2>&1 | FileCheck %s --check-prefix=PAIRS
// RUN: hcl estimate --target rtl %s --entry square_plus | FileCheck %s --check-prefix=ESTIMATE
// RUN: hcl rtl %s -o %t --entry rows
// RUN: verilator --lint-only -Wall %t/rows.sv
// RUN: hcl rtl %s -o %t --entry square_plus
// RUN: FileCheck %s --input-file %t/square_plus.sv
// SQUARE-NOT: remark
// SQUARE: hcl check --rtl: OK: @square_plus{{.*}}cycles 20, 20)
// ESTIMATE: {{^i +16 +1 +1 +1 +1 }}
// The loop entered again for every row: each row's first iteration reads
// its initial value from the register.
// ROWS-NOT: remark
// ROWS: hcl check --rtl: OK: @rows
// Trip counts from 0 to 4.
// COUNTED: hcl check --rtl: OK: @counted
// Two reads of A an iteration, on its two ports: II 1, the sum still
// forwarded.
// PAIRS-NOT: remark
// PAIRS: hcl check --rtl: OK: @pairs{{.*}}cycles 13, 13)

// The product of the forwarded value is registered (the multiplier's
// cycle), the add after it computes the next value, which the next
// iteration's multiply reads in the same cycle.
// CHECK-LABEL: module square_plus (
// CHECK:       logic [31:0] [[F:f[0-9]+]];
// CHECK:       assign [[P:w[0-9]+]] = [[F]] * [[F]];
// CHECK:       assign [[N:w[0-9]+]] = [[P]]_d1 + {{w[0-9]+}};
// CHECK:       assign [[F]] = p0_valid[1] ? [[N]] : [[R:r[0-9]+]];
// CHECK:       if (p0_valid[1])
// CHECK-NEXT:    [[R]] <= [[N]];

func.func @square_plus(%A: memref<16xi32>) -> i32 {
  %one = arith.constant 1 : i32
  %r = affine.for %i = 0 to 16 iter_args(%acc = %one) -> i32 {
    %a = affine.load %A[%i] : memref<16xi32>
    %p = arith.muli %acc, %acc : i32
    %s = arith.addi %p, %a : i32
    affine.yield %s : i32
  } {loop_name = "i", pipeline_ii = 1 : i32}
  return %r : i32
}

func.func @rows(%A: memref<4x6xi16>, %B: memref<4xi16>) {
  affine.for %i = 0 to 4 {
    %init = affine.load %B[%i] : memref<4xi16>
    %r = affine.for %j = 0 to 6 iter_args(%acc = %init) -> i16 {
      %a = affine.load %A[%i, %j] : memref<4x6xi16>
      %p = arith.muli %acc, %acc : i16
      %s = arith.addi %p, %a : i16
      %x = arith.xori %s, %a : i16
      affine.yield %x : i16
    } {loop_name = "j", pipeline_ii = 1 : i32}
    affine.store %r, %B[%i] : memref<4xi16>
  } {loop_name = "i"}
  return
}

func.func @counted(%A: memref<8xi32>, %n: i32) -> i32 {
  %ub = arith.index_cast %n : i32 to index
  %seed = arith.constant 3 : i32
  %r = affine.for %i = 0 to %ub iter_args(%acc = %seed) -> i32 {
    %a = affine.load %A[%i] : memref<8xi32>
    %p = arith.muli %acc, %a : i32
    %s = arith.subi %p, %acc : i32
    affine.yield %s : i32
  } {loop_name = "i", pipeline_ii = 1 : i32}
  return %r : i32
}

func.func @pairs(%A: memref<16xi32>) -> i32 {
  %zero = arith.constant 0 : i32
  %r = affine.for %p = 0 to 8 iter_args(%acc = %zero) -> i32 {
    %a = affine.load %A[2 * %p] : memref<16xi32>
    %b = affine.load %A[2 * %p + 1] : memref<16xi32>
    %m = arith.muli %acc, %a : i32
    %s = arith.addi %m, %b : i32
    affine.yield %s : i32
  } {loop_name = "p", pipeline_ii = 1 : i32}
  return %r : i32
}
