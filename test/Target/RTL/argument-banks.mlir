// A partitioned argument of the kernel's top is a memory port per bank
// (hcl-rtl-split-banks, docs/rtl.md "Partitioned buffers"), as HLS splits
// a partitioned argument's interface: `argN_bK`. The testbench scatters the
// host array to the banks through the layout and gathers them back, so
// each kernel is compared with the JIT bit for bit, written banks
// included. A pipelined loop then reads as many banks of an argument a
// cycle as the partition gives, and the estimate (rtl target) counts the
// same ports.
// REQUIRES: verilator
// RUN: rm -rf %t && mkdir -p %t
// RUN: hcl check --rtl %s --entry sums --seeds 2 2>&1 | FileCheck %s --check-prefix=SUMS
// RUN: hcl estimate --target rtl %s --entry sums 2>&1 | FileCheck %s --check-prefix=SUMS-EST
// RUN: hcl check --rtl %s --entry block_rows --seeds 2 2>&1 | FileCheck %s --check-prefix=BLOCK
// RUN: hcl check --rtl %s --entry gather --seeds 2 --input-range 0,15 2>&1 | FileCheck %s --check-prefix=GATHER
// RUN: hcl check --rtl %s --entry unpartitioned --seeds 1 2>&1 | FileCheck %s --check-prefix=PLAIN
// RUN: hcl rtl %s -o %t --entry sums
// RUN: FileCheck %s --check-prefix=PORTS < %t/sums.sv
// RUN: verilator --lint-only -Wall %t/sums.sv

// Four elements of A and of B (Cyclic 4: one from each bank) an iteration, summed with the scalar k and written to a
// completely partitioned C: II 1, where one port each would need II 4.
// SUMS-NOT: remark
// SUMS: hcl check --rtl: OK: @sums{{.*}}(compared arg0, arg1, arg3; cycles [[N:[0-9]+]], [[N]])
// SUMS-EST: S/i 4 1 1 1 1 7
// PORTS: output logic [1:0] arg0_b3_addr,
// PORTS: output logic [1:0] arg1_b0_addr,
// PORTS: output logic [0:0] arg3_b3_addr,
// PORTS: input logic [31:0] arg2
func.func @sums(%A: memref<16xi32>, %B: memref<16xi32>, %k: i32,
                %C: memref<4xi32>) {
  %sS = hcl.create_stage_handle "S" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  affine.for %i = 0 to 4 {
    %a0 = affine.load %A[%i * 4] : memref<16xi32>
    %a1 = affine.load %A[%i * 4 + 1] : memref<16xi32>
    %a2 = affine.load %A[%i * 4 + 2] : memref<16xi32>
    %a3 = affine.load %A[%i * 4 + 3] : memref<16xi32>
    %b0 = affine.load %B[%i * 4 + 3] : memref<16xi32>
    %b1 = affine.load %B[%i * 4 + 2] : memref<16xi32>
    %b2 = affine.load %B[%i * 4 + 1] : memref<16xi32>
    %b3 = affine.load %B[%i * 4] : memref<16xi32>
    %s0 = arith.addi %a0, %a1 : i32
    %s1 = arith.addi %a2, %a3 : i32
    %s2 = arith.muli %b0, %b1 : i32
    %s3 = arith.subi %b2, %b3 : i32
    %t0 = arith.addi %s0, %s1 : i32
    %t1 = arith.addi %s2, %s3 : i32
    %t = arith.addi %t0, %t1 : i32
    %r = arith.addi %t, %k : i32
    affine.store %r, %C[%i] : memref<4xi32>
  } {loop_name = "i", stage_name = "S"}
  hcl.partition(%A : memref<16xi32>, Cyclic, 1, 4)
  hcl.partition(%B : memref<16xi32>, Cyclic, 1, 4)
  hcl.partition(%C : memref<4xi32>, Complete, 1)
  hcl.pipeline(%sS, %li, 1)
  return
}

// Two dimensions, one partitioned Block 2 (banks of 3 rows: 6 rows), the
// other not; the kernel adds the two halves' rows in place into the first.
// A row's bank, `i floordiv 3`, is a run-time value to the affine
// expressions (neither the estimate nor the split uses i's bounds): each
// access goes to both banks under guards, II 2 as estimated (a bank's two
// loads on its two ports, the store on the first).
// BLOCK: remark: rtl: loop 'j' pipelined at II 2 instead of 1: the estimate's ResMII is 2
// BLOCK: hcl check --rtl: OK: @block_rows{{.*}}(compared arg0;
func.func @block_rows(%M: memref<6x5xi16>) {
  %sS = hcl.create_stage_handle "S" : !hcl.StageHandle
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  affine.for %i = 0 to 3 {
    affine.for %j = 0 to 5 {
      %a = affine.load %M[%i, %j] : memref<6x5xi16>
      %b = affine.load %M[%i + 3, %j] : memref<6x5xi16>
      %s = arith.addi %a, %b : i16
      affine.store %s, %M[%i, %j] : memref<6x5xi16>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "S"}
  hcl.partition(%M : memref<6x5xi16>, Block, 1, 2)
  hcl.pipeline(%sS, %lj, 1)
  return
}

// A data-dependent index: the read goes to the bank the index selects, on
// each bank's port under its guard.
// GATHER: hcl check --rtl: OK: @gather{{.*}}(compared arg0, arg1, arg2;
func.func @gather(%T: memref<16xi32>, %I: memref<8xi32>, %G: memref<8xi32>) {
  %sS = hcl.create_stage_handle "S" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  affine.for %i = 0 to 8 {
    %x = affine.load %I[%i] : memref<8xi32>
    %k = arith.index_cast %x : i32 to index
    %t = memref.load %T[%k] : memref<16xi32>
    affine.store %t, %G[%i] : memref<8xi32>
  } {loop_name = "i", stage_name = "S"}
  hcl.partition(%T : memref<16xi32>, Cyclic, 1, 2)
  hcl.pipeline(%sS, %li, 1)
  return
}

// The same sums without partitions: four reads of A and of B an iteration
// on two ports each, II 2.
// PLAIN: remark: rtl: loop 'i' pipelined at II 2 instead of 1: the estimate's ResMII is 2
// PLAIN: hcl check --rtl: OK: @unpartitioned
func.func @unpartitioned(%A: memref<16xi32>, %B: memref<16xi32>,
                         %C: memref<4xi32>) {
  %sS = hcl.create_stage_handle "S" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  affine.for %i = 0 to 4 {
    %a0 = affine.load %A[%i * 4] : memref<16xi32>
    %a1 = affine.load %A[%i * 4 + 1] : memref<16xi32>
    %a2 = affine.load %A[%i * 4 + 2] : memref<16xi32>
    %a3 = affine.load %A[%i * 4 + 3] : memref<16xi32>
    %b0 = affine.load %B[%i] : memref<16xi32>
    %b1 = affine.load %B[%i + 4] : memref<16xi32>
    %b2 = affine.load %B[%i + 8] : memref<16xi32>
    %b3 = affine.load %B[%i + 12] : memref<16xi32>
    %s0 = arith.addi %a0, %a1 : i32
    %s1 = arith.addi %a2, %a3 : i32
    %s2 = arith.addi %b0, %b1 : i32
    %s3 = arith.addi %b2, %b3 : i32
    %t0 = arith.addi %s0, %s1 : i32
    %t1 = arith.addi %s2, %s3 : i32
    %t = arith.addi %t0, %t1 : i32
    affine.store %t, %C[%i] : memref<4xi32>
  } {loop_name = "i", stage_name = "S"}
  hcl.pipeline(%sS, %li, 1)
  return
}
