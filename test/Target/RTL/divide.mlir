// Integer division as a pipelined divider, one quotient bit per stage
// (docs/rtl.md, "Operator latencies"): W cycles unsigned, W + 2 signed, a new
// division every cycle. Simulated with Verilator against the JIT bit for bit.
// REQUIRES: verilator
// RUN: rm -rf %t && mkdir -p %t
// RUN: hcl check --rtl %s --entry sequential --seeds 2 --input-range A=-100000,100000 | FileCheck %s --check-prefix=SEQ
// RUN: hcl check --rtl %s --entry pipelined --seeds 2 --input-range A=-100000,100000 2>&1 | FileCheck %s --check-prefix=PIPE
// RUN: hcl check --rtl %s --entry carried --seeds 2 2>&1 | FileCheck %s --check-prefix=CARRIED
// RUN: hcl estimate --target rtl %s --entry pipelined | FileCheck %s --check-prefix=EST
// RUN: hcl estimate --target rtl %s --entry carried | FileCheck %s --check-prefix=EST-CARRIED
// The JIT refuses a division by zero, so the check stops before comparing.
// RUN: not hcl check --rtl %s --entry by_zero --seeds 1 2>&1 | FileCheck %s --check-prefix=ZERO
// RUN: hcl rtl %s -o %t --entry sequential
// RUN: hcl rtl %s -o %t --entry pipelined
// RUN: hcl rtl %s -o %t --entry carried
// RUN: FileCheck %s --check-prefix=SV < %t/pipelined.sv
// RUN: verilator --lint-only -Wall %t/sequential.sv
// RUN: verilator --lint-only -Wall %t/pipelined.sv
// RUN: verilator --lint-only -Wall %t/carried.sv

// SEQ: hcl check --rtl: OK: @sequential
// A 32-bit signed divide and an unsigned remainder at II 1: 34 cycles of
// the signed divider, 16 iterations, the loads, the store, the loop's entry
// and the return.
// PIPE-NOT: remark
// PIPE: hcl check --rtl: OK: @pipelined{{.*}}cycles 54, 54)
// EST: i{{ +}}16{{ +}}1{{ +}}1{{ +}}1{{ +}}1{{ +}}52
// EST: function: latency 54 cycles
// An 8-bit signed division carried from one iteration to the next: the
// recurrence is the divider's 10 cycles and the add.
// CARRIED: remark: rtl: loop 'i' pipelined at II 10 instead of 1: the estimate's ResMII is 1 (the ports of its memories) and its RecMII 10
// CARRIED: hcl check --rtl: OK: @carried{{.*}}cycles 86, 86)
// EST-CARRIED: i{{ +}}8{{ +}}1{{ +}}1{{ +}}10{{ +}}10
// ZERO: integer division by zero: arith.divui
// SV: hcl_rtl_divider #(.W(32), .SIGNED(1'b1), .REMAINDER(1'b0)) div{{[0-9]+}} (
// SV: hcl_rtl_divider #(.W(32), .SIGNED(1'b0), .REMAINDER(1'b1)) div{{[0-9]+}} (
// SV: module hcl_rtl_divider #(

// Every kind at 32 and 16 bits, one iteration after another; the divisor
// is odd (never zero), the dividends span +-100000.
func.func @sequential(%A: memref<8xi32>, %B: memref<8xi32>,
                      %Q: memref<8x6xi32>) {
  %one = arith.constant 1 : i32
  affine.for %i = 0 to 8 {
    %a = affine.load %A[%i] : memref<8xi32>
    %b0 = affine.load %B[%i] : memref<8xi32>
    %b = arith.ori %b0, %one : i32
    %q = arith.divsi %a, %b : i32
    %r = arith.remsi %a, %b : i32
    %uq = arith.divui %a, %b : i32
    %ur = arith.remui %a, %b : i32
    %a16 = arith.trunci %a : i32 to i16
    %b16 = arith.trunci %b : i32 to i16
    %q16 = arith.divsi %a16, %b16 : i16
    %r16 = arith.remui %a16, %b16 : i16
    %q32 = arith.extsi %q16 : i16 to i32
    %r32 = arith.extui %r16 : i16 to i32
    affine.store %q, %Q[%i, 0] : memref<8x6xi32>
    affine.store %r, %Q[%i, 1] : memref<8x6xi32>
    affine.store %uq, %Q[%i, 2] : memref<8x6xi32>
    affine.store %ur, %Q[%i, 3] : memref<8x6xi32>
    affine.store %q32, %Q[%i, 4] : memref<8x6xi32>
    affine.store %r32, %Q[%i, 5] : memref<8x6xi32>
  } {loop_name = "i"}
  return
}

func.func @pipelined(%A: memref<16xi32>, %B: memref<16xi32>,
                     %Q: memref<16xi32>, %R: memref<16xi32>) {
  %one = arith.constant 1 : i32
  affine.for %i = 0 to 16 {
    %a = affine.load %A[%i] : memref<16xi32>
    %b0 = affine.load %B[%i] : memref<16xi32>
    %b = arith.ori %b0, %one : i32
    %q = arith.divsi %a, %b : i32
    %r = arith.remui %a, %b : i32
    affine.store %q, %Q[%i] : memref<16xi32>
    affine.store %r, %R[%i] : memref<16xi32>
  } {loop_name = "i", pipeline_ii = 1 : i32}
  return
}

// x = x / (A[i] | 1) + 5 over 8 iterations, in i8.
func.func @carried(%A: memref<8xi8>, %X: memref<1xi8>) {
  %one = arith.constant 1 : i8
  %five = arith.constant 5 : i8
  %init = affine.load %X[0] : memref<1xi8>
  %x = affine.for %i = 0 to 8 iter_args(%acc = %init) -> i8 {
    %a0 = affine.load %A[%i] : memref<8xi8>
    %a = arith.ori %a0, %one : i8
    %q = arith.divsi %acc, %a : i8
    %s = arith.addi %q, %five : i8
    affine.yield %s : i8
  } {loop_name = "i", pipeline_ii = 1 : i32}
  affine.store %x, %X[0] : memref<1xi8>
  return
}

func.func @by_zero(%A: memref<4xi32>, %Q: memref<4xi32>) {
  %zero = arith.constant 0 : i32
  affine.for %i = 0 to 4 {
    %a = affine.load %A[%i] : memref<4xi32>
    %b = arith.muli %a, %zero : i32
    %q = arith.divui %a, %b : i32
    affine.store %q, %Q[%i] : memref<4xi32>
  } {loop_name = "i"}
  return
}
