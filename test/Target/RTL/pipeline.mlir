// Pipelined loops as modulo schedules (docs/rtl.md, "Pipelined loops"):
// each kernel is simulated with Verilator and compared with the JIT bit for
// bit, at trip counts from 0 up, and the modules are lint-clean.
// REQUIRES: verilator
// RUN: rm -rf %t && mkdir -p %t
// RUN: hcl check --rtl %s --entry vadd --seeds 2 | FileCheck %s --check-prefix=VADD
// RUN: hcl check --rtl %s --entry matmul --seeds 2 | FileCheck %s --check-prefix=MATMUL
// RUN: hcl check --rtl %s --entry matmul_in_memory --seeds 1 2>&1 | FileCheck %s --check-prefix=INMEM
// RUN: hcl check --rtl %s --entry triangle --seeds 2 | FileCheck %s --check-prefix=TRIANGLE
// RUN: hcl check --rtl %s --entry pairs --seeds 2 2>&1 | FileCheck %s --check-prefix=PAIRS
// RUN: hcl check --rtl %s --entry wide --seeds 2 | FileCheck %s --check-prefix=WIDE
// RUN: hcl check --rtl %s --entry scheduled --seeds 1 | FileCheck %s --check-prefix=SCHEDULED
// RUN: hcl check --rtl %s --entry power --seeds 2 | FileCheck %s --check-prefix=POWER
// RUN: hcl check --rtl %s --entry square_plus --seeds 2 2>&1 | FileCheck %s --check-prefix=SQUARE
// vadd at II 1: 16 iterations, two stages (the add and store wait for the
// loads' data), one cycle for the loop's entry and one for the return.
// VADD: hcl check --rtl: OK: @vadd{{.*}}cycles 20, 20)
// matmul 16x16 with the dot product in a register: the k loop at II 1.
// MATMUL: hcl check --rtl: OK: @matmul{{.*}}cycles 5155, 5155)
// Accumulating in C: a load and a store of C in every iteration, the next
// iteration's load after this one's store: II 2 (the recurrence), with
// the load of C issued a cycle after those of A and B, when the add needs
// it.
// INMEM: remark: rtl: loop 'k' pipelined at II 2 instead of 1: the estimate's ResMII is 1 (the ports of its memories) and its RecMII 2{{$}}
// INMEM: hcl check --rtl: OK: @matmul_in_memory{{.*}}cycles 8995)
// TRIANGLE: hcl check --rtl: OK: @triangle
// Two reads of A an iteration on its two ports: II 1.
// PAIRS-NOT: remark
// PAIRS: hcl check --rtl: OK: @pairs{{.*}}cycles 20, 20)
// WIDE: hcl check --rtl: OK: @wide
// SCHEDULED: hcl check --rtl: OK: @scheduled{{.*}}cycles 20)
// POWER: hcl check --rtl: OK: @power
// SQUARE-NOT: remark
// SQUARE: hcl check --rtl: OK: @square_plus{{.*}}cycles 20, 20)
// RUN: hcl rtl %s -o %t --entry vadd
// RUN: hcl rtl %s -o %t --entry matmul
// RUN: hcl rtl %s -o %t --entry matmul_in_memory
// RUN: hcl rtl %s -o %t --entry triangle
// RUN: hcl rtl %s -o %t --entry pairs
// RUN: hcl rtl %s -o %t --entry wide
// RUN: verilator --lint-only -Wall %t/vadd.sv
// RUN: verilator --lint-only -Wall %t/matmul.sv
// RUN: verilator --lint-only -Wall %t/matmul_in_memory.sv
// RUN: verilator --lint-only -Wall %t/triangle.sv
// RUN: verilator --lint-only -Wall %t/pairs.sv
// RUN: verilator --lint-only -Wall %t/wide.sv

func.func @vadd(%A: memref<16xi32>, %B: memref<16xi32>, %C: memref<16xi32>) {
  affine.for %i = 0 to 16 {
    %a = affine.load %A[%i] : memref<16xi32>
    %b = affine.load %B[%i] : memref<16xi32>
    %c = arith.addi %a, %b : i32
    affine.store %c, %C[%i] : memref<16xi32>
  } {loop_name = "i", pipeline_ii = 1 : i32}
  return
}

// C = A * B, 16x16 i32; the sum over k in a register (iter_args).
func.func @matmul(%A: memref<16x16xi32>, %B: memref<16x16xi32>,
                  %C: memref<16x16xi32>) {
  %zero = arith.constant 0 : i32
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 16 {
      %sum = affine.for %k = 0 to 16 iter_args(%acc = %zero) -> i32 {
        %a = affine.load %A[%i, %k] : memref<16x16xi32>
        %b = affine.load %B[%k, %j] : memref<16x16xi32>
        %p = arith.muli %a, %b : i32
        %s = arith.addi %acc, %p : i32
        affine.yield %s : i32
      } {loop_name = "k", pipeline_ii = 1 : i32}
      affine.store %sum, %C[%i, %j] : memref<16x16xi32>
    } {loop_name = "j"}
  } {loop_name = "i"}
  return
}

func.func @matmul_in_memory(%A: memref<16x16xi32>, %B: memref<16x16xi32>,
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
      } {loop_name = "k", pipeline_ii = 1 : i32}
    } {loop_name = "j"}
  } {loop_name = "i"}
  return
}

// Trip counts 0 to 7 (fewer iterations than stages, too): row t sums
// A[t][0..t) into S[t], and scales them into B.
func.func @triangle(%A: memref<8x8xi32>, %B: memref<8x8xi32>,
                    %S: memref<8xi32>) {
  %zero = arith.constant 0 : i32
  affine.for %t = 0 to 8 {
    %sum = affine.for %i = 0 to affine_map<(d0) -> (d0)>(%t)
        iter_args(%acc = %zero) -> i32 {
      %a = affine.load %A[%t, %i] : memref<8x8xi32>
      %c = arith.index_cast %i : index to i32
      %p = arith.muli %a, %c : i32
      affine.store %p, %B[%t, %i] : memref<8x8xi32>
      %s = arith.addi %acc, %a : i32
      affine.yield %s : i32
    } {loop_name = "i", pipeline_ii = 1 : i32}
    affine.store %sum, %S[%t] : memref<8xi32>
  } {loop_name = "t"}
  return
}

// Two reads of A per iteration on its one port: II 2.
func.func @pairs(%A: memref<32xi16>, %B: memref<16xi16>) {
  affine.for %p = 0 to 16 {
    %a = affine.load %A[2 * %p] : memref<32xi16>
    %b = affine.load %A[2 * %p + 1] : memref<32xi16>
    %m = arith.maxsi %a, %b : i16
    affine.store %m, %B[%p] : memref<16xi16>
  } {loop_name = "p", pipeline_ii = 1 : i32}
  return
}

// A 64x64 multiply (more DSP tiles: a longer latency from the shared
// table) and a value carried over several stages; II 2 requested.
func.func @wide(%A: memref<20xi64>, %B: memref<20xi64>) -> i64 {
  %zero = arith.constant 0 : i64
  %r = affine.for %i = 0 to 20 iter_args(%acc = %zero) -> i64 {
    %a = affine.load %A[%i] : memref<20xi64>
    %sq = arith.muli %a, %a : i64
    %x = arith.xori %sq, %acc : i64
    %c = arith.index_cast %i : index to i64
    %y = arith.addi %sq, %c : i64
    affine.store %y, %B[%i] : memref<20xi64>
    affine.yield %x : i64
  } {loop_name = "i", pipeline_ii = 2 : i32}
  return %r : i64
}

// The schedule's hcl.pipeline marks the loop.
func.func @scheduled(%A: memref<16xi32>, %B: memref<16xi32>, %C: memref<16xi32>) {
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %s = hcl.create_stage_handle "s" : !hcl.StageHandle
  affine.for %i = 0 to 16 {
    %a = affine.load %A[%i] : memref<16xi32>
    %b = affine.load %B[%i] : memref<16xi32>
    %c = arith.addi %a, %b : i32
    affine.store %c, %C[%i] : memref<16xi32>
  } {loop_name = "i", stage_name = "s"}
  hcl.pipeline(%s, %li, 1)
  return
}

// The multiplier's output register is the carried value's (II 1); with an
// add after it, the next value is forwarded to the next iteration's
// multiply in the cycle it is computed (II 1, forward.mlir).
func.func @power(%A: memref<16xi32>) -> i32 {
  %one = arith.constant 1 : i32
  %r = affine.for %i = 0 to 16 iter_args(%acc = %one) -> i32 {
    %a = affine.load %A[%i] : memref<16xi32>
    %p = arith.muli %acc, %a : i32
    affine.yield %p : i32
  } {loop_name = "i", pipeline_ii = 1 : i32}
  return %r : i32
}

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
