// The AMC study's anchors vadd20, spmv20x20 and fibonacci20 (docs/rtl.md,
// "Cycles"), i32, simulated with Verilator and compared with the JIT bit
// for bit.
// REQUIRES: verilator
// RUN: rm -rf %t && mkdir -p %t
// RUN: hcl check --rtl %s --entry vadd20 --seeds 1 | FileCheck %s --check-prefix=VADD
// RUN: hcl check --rtl %s --entry fib --seeds 1 | FileCheck %s --check-prefix=FIB
// RUN: hcl check --rtl %s --entry fib_memory --seeds 1 2>&1 | FileCheck %s --check-prefix=FIBMEM
// RUN: hcl check --rtl %s --entry spmv --seeds 2 --input-range rp=0,20 --input-range col=0,19 --keep %t/spmv | FileCheck %s --check-prefix=SPMV
// A CSR matrix with one nonzero per row, on the testbench kept above.
// RUN: %python %S/Inputs/spmv_fixed.py %t/spmv | FileCheck %s --check-prefix=FIXED
// RUN: hcl estimate --target rtl %s --entry spmv | FileCheck %s --check-prefix=EST
// EST: function: latency ? cycles (worst case 143,
// RUN: hcl rtl %s -o %t --entry fib
// RUN: hcl rtl %s -o %t --entry fib_memory
// RUN: hcl rtl %s -o %t --entry spmv
// RUN: verilator --lint-only -Wall %t/fib.sv
// RUN: verilator --lint-only -Wall %t/fib_memory.sv
// RUN: verilator --lint-only -Wall %t/spmv.sv
// VADD: hcl check --rtl: OK: @vadd20{{.*}}cycles 24)
// FIB: hcl check --rtl: OK: @fib{{.*}}cycles 22)
// FIBMEM: hcl check --rtl: OK: @fib_memory{{.*}}cycles
// SPMV: hcl check --rtl: OK: @spmv
// FIXED: spmv 20x20, 20 nonzeros: y matches, cycles

// vadd20 at II 1: 20 iterations on the memories' one port each, a stage
// more for the data, the loop's entry and the return.
func.func @vadd20(%A: memref<20xi32>, %B: memref<20xi32>,
                  %C: memref<20xi32>) {
  affine.for %i = 0 to 20 {
    %a = affine.load %A[%i] : memref<20xi32>
    %b = affine.load %B[%i] : memref<20xi32>
    %c = arith.addi %a, %b : i32
    affine.store %c, %C[%i] : memref<20xi32>
  } {loop_name = "i", pipeline_ii = 1 : i32}
  return
}

// fibonacci20 as the AMC study writes it: A[0] = A[1] = 1, then
// A[i] = A[i-1] + A[i-2]; two loads and a store of A per iteration on A's
// one port.
func.func @fib_memory(%A: memref<20xi32>) {
  %one = arith.constant 1 : i32
  affine.store %one, %A[0] : memref<20xi32>
  affine.store %one, %A[1] : memref<20xi32>
  affine.for %i = 2 to 20 {
    %a = affine.load %A[%i - 1] : memref<20xi32>
    %b = affine.load %A[%i - 2] : memref<20xi32>
    %s = arith.addi %a, %b : i32
    affine.store %s, %A[%i] : memref<20xi32>
  } {loop_name = "i", pipeline_ii = 1 : i32}
  return
}

// The same with the two previous values carried in registers (what store to
// load forwarding gives Vitis): one store per iteration, II 1.
func.func @fib(%A: memref<20xi32>) {
  %one = arith.constant 1 : i32
  affine.store %one, %A[0] : memref<20xi32>
  affine.store %one, %A[1] : memref<20xi32>
  %r:2 = affine.for %i = 2 to 20 iter_args(%a = %one, %b = %one)
      -> (i32, i32) {
    %s = arith.addi %a, %b : i32
    affine.store %s, %A[%i] : memref<20xi32>
    affine.yield %s, %a : i32, i32
  } {loop_name = "i", pipeline_ii = 1 : i32}
  return
}

// spmv20x20: y = M x with M in CSR (row pointers rp, column indices col,
// values val; up to 20 nonzeros). A row's end is the next row's start,
// carried in a register, so each row loads one row pointer; the product
// loop is pipelined at II 1 with its sum in a register. max_trip_count is
// the fixed matrix's nonzeros per row, for the estimate (its worst case).
func.func @spmv(%rp: memref<21xi32>, %col: memref<20xi32>,
                %val: memref<20xi32>, %x: memref<20xi32>,
                %y: memref<20xi32>) {
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i32
  %first = affine.load %rp[0] : memref<21xi32>
  %last = affine.for %r = 0 to 20 iter_args(%lo32 = %first) -> i32 {
    %hi32 = affine.load %rp[%r + 1] : memref<21xi32>
    %lo = arith.index_cast %lo32 : i32 to index
    %hi = arith.index_cast %hi32 : i32 to index
    %sum = scf.for %k = %lo to %hi step %c1 iter_args(%acc = %zero) -> i32 {
      %ci32 = memref.load %col[%k] : memref<20xi32>
      %ci = arith.index_cast %ci32 : i32 to index
      %xv = memref.load %x[%ci] : memref<20xi32>
      %v = memref.load %val[%k] : memref<20xi32>
      %p = arith.muli %v, %xv : i32
      %s = arith.addi %acc, %p : i32
      scf.yield %s : i32
    } {loop_name = "k", max_trip_count = 1 : i64, pipeline_ii = 1 : i32}
    affine.store %sum, %y[%r] : memref<20xi32>
    affine.yield %hi32 : i32
  } {loop_name = "r"}
  return
}
