// Integer kernels as whole SystemVerilog modules, simulated with Verilator
// and compared with the JIT bit for bit (hcl check --rtl), and lint-clean
// under verilator -Wall. The cycles are those of the sequential
// controller (docs/rtl.md): every loop runs one iteration after another,
// and a multiply takes a cycle (the shared latency table). pipeline.mlir
// has the pipelined forms.
// REQUIRES: verilator
// RUN: rm -rf %t && mkdir -p %t
// RUN: hcl check --rtl %s --entry vadd --seeds 2 | FileCheck %s --check-prefix=VADD
// RUN: hcl check --rtl %s --entry matmul --seeds 2 | FileCheck %s --check-prefix=MATMUL
// RUN: hcl check --rtl %s --entry dot | FileCheck %s --check-prefix=DOT
// RUN: hcl check --rtl %s --entry narrow --seeds 2 | FileCheck %s --check-prefix=NARROW
// RUN: hcl check --rtl %s --entry scaled --seeds 2 | FileCheck %s --check-prefix=SCALED
// VADD: hcl check --rtl: OK: @vadd{{.*}}cycles 35, 35)
// MATMUL: hcl check --rtl: OK: @matmul{{.*}}cycles 12835, 12835)
// DOT: hcl check --rtl: OK: @dot{{.*}}(compared arg0, arg1, result0; cycles
// NARROW: hcl check --rtl: OK: @narrow
// SCALED: hcl check --rtl: OK: @scaled
// RUN: hcl rtl %s -o %t --entry vadd | FileCheck %s --check-prefix=RTL
// RUN: hcl rtl %s -o %t --entry matmul
// RUN: hcl rtl %s -o %t --entry dot
// RUN: hcl rtl %s -o %t --entry narrow
// RUN: hcl rtl %s -o %t --entry scaled
// RTL: hcl rtl: wrote {{.*}}vadd.sv
// RUN: verilator --lint-only -Wall %t/vadd.sv
// RUN: verilator --lint-only -Wall %t/matmul.sv
// RUN: verilator --lint-only -Wall %t/dot.sv
// RUN: verilator --lint-only -Wall %t/narrow.sv
// RUN: verilator --lint-only -Wall %t/scaled.sv

func.func @vadd(%A: memref<16xi32>, %B: memref<16xi32>, %C: memref<16xi32>) {
  affine.for %i = 0 to 16 {
    %a = affine.load %A[%i] : memref<16xi32>
    %b = affine.load %B[%i] : memref<16xi32>
    %c = arith.addi %a, %b : i32
    affine.store %c, %C[%i] : memref<16xi32>
  } {loop_name = "i"}
  return
}

// C = A * B, 16x16 i32, accumulated in C.
func.func @matmul(%A: memref<16x16xi32>, %B: memref<16x16xi32>,
                  %C: memref<16x16xi32>) {
  %zero = arith.constant 0 : i32
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 16 {
      affine.store %zero, %C[%i, %j] : memref<16x16xi32>
      affine.for %k = 0 to 16 {
        %a = affine.load %A[%i, %k] : memref<16x16xi32>
        %b = affine.load %B[%k, %j] : memref<16x16xi32>
        %c = affine.load %C[%i, %j] : memref<16x16xi32>
        %p = arith.muli %a, %b : i32
        %s = arith.addi %c, %p : i32
        affine.store %s, %C[%i, %j] : memref<16x16xi32>
      } {loop_name = "k"}
    } {loop_name = "j"}
  } {loop_name = "i"}
  return
}

// A reduction carried in iter_args, returned as a scalar.
func.func @dot(%A: memref<32xi32>, %B: memref<32xi32>) -> i32 {
  %zero = arith.constant 0 : i32
  %sum = affine.for %i = 0 to 32 iter_args(%acc = %zero) -> i32 {
    %a = affine.load %A[%i] : memref<32xi32>
    %b = affine.load %B[%i] : memref<32xi32>
    %p = arith.muli %a, %b : i32
    %s = arith.addi %acc, %p : i32
    affine.yield %s : i32
  }
  return %sum : i32
}

// Narrow and mixed widths: signed and unsigned division, remainders,
// shifts, comparisons, min/max, casts through a local buffer.
func.func @narrow(%A: memref<24xi8>, %B: memref<24xi16>, %C: memref<24xi16>,
                  %D: memref<24xi1>) {
  %tmp = memref.alloc() : memref<24xi16>
  %one = arith.constant 1 : i16
  %three = arith.constant 3 : i16
  affine.for %i = 0 to 24 {
    %a = affine.load %A[%i] : memref<24xi8>
    %b = affine.load %B[%i] : memref<24xi16>
    %aw = arith.extsi %a : i8 to i16
    %bz = arith.ori %b, %one : i16
    %q = arith.divsi %aw, %bz : i16
    %r = arith.remsi %b, %three : i16
    %u = arith.divui %b, %three : i16
    %v = arith.remui %aw, %bz : i16
    %s = arith.shrsi %b, %three : i16
    %t = arith.shrui %b, %three : i16
    %l = arith.shli %aw, %three : i16
    %m = arith.maxsi %q, %r : i16
    %n = arith.minui %u, %v : i16
    %x = arith.xori %s, %t : i16
    %y = arith.subi %x, %l : i16
    %z = arith.addi %m, %n : i16
    %w = arith.andi %y, %z : i16
    affine.store %w, %tmp[%i] : memref<24xi16>
    %c = arith.cmpi slt, %aw, %b : i16
    %e = arith.extui %c : i1 to i16
    %tr = arith.trunci %b : i16 to i8
    %sel = arith.select %c, %aw, %e : i16
    %te = arith.extsi %tr : i8 to i16
    %f = arith.muli %sel, %te : i16
    affine.store %c, %D[%i] : memref<24xi1>
    %back = affine.load %tmp[%i] : memref<24xi16>
    %g = arith.addi %back, %f : i16
    affine.store %g, %C[%i] : memref<24xi16>
  } {loop_name = "i"}
  return
}

// A scalar argument, a 64-bit element, and a returned buffer.
func.func @scaled(%A: memref<4x6xi64>, %k: i64) -> memref<4x6xi64> {
  %out = memref.alloc() : memref<4x6xi64>
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 6 {
      %a = affine.load %A[%i, %j] : memref<4x6xi64>
      %p = arith.muli %a, %k : i64
      affine.store %p, %out[%i, %j] : memref<4x6xi64>
    } {loop_name = "j"}
  } {loop_name = "i"}
  return %out : memref<4x6xi64>
}
