// Partitioned buffers in hardware (hcl-rtl-split-banks, docs/rtl.md
// "Partitioned buffers"): each bank is a memory with a port of its own, a
// bank of one element is a register, so a pipelined loop reads as many
// banks a cycle as the partition gives, as the estimate counts. Each
// kernel is simulated with Verilator against the JIT bit for bit; the
// modules are lint-clean.
// REQUIRES: verilator
// RUN: rm -rf %t && mkdir -p %t
// RUN: hcl check --rtl %s --entry window --seeds 2 2>&1 | FileCheck %s --check-prefix=WINDOW
// RUN: hcl check --rtl %s --entry window_unpartitioned --seeds 1 2>&1 | FileCheck %s --check-prefix=PLAIN
// RUN: hcl check --rtl %s --entry cyclic_sum --seeds 2 2>&1 | FileCheck %s --check-prefix=CYCLIC
// RUN: hcl check --rtl %s --entry gather --seeds 2 --input-range 0,100 2>&1 | FileCheck %s --check-prefix=GATHER
// RUN: hcl check --rtl %s --entry shift --seeds 3 2>&1 | FileCheck %s --check-prefix=SHIFT
// RUN: hcl rtl %s -o %t --entry shift
// RUN: FileCheck %s --check-prefix=BYPASS < %t/shift.sv
// RUN: verilator --lint-only -Wall %t/shift.sv
// RUN: hcl rtl %s -o %t --entry window
// RUN: hcl rtl %s -o %t --entry gather
// RUN: verilator --lint-only -Wall %t/window.sv
// RUN: verilator --lint-only -Wall %t/gather.sv

// A 3x3 stencil through a line buffer (rows partitioned: three RAMs, each
// read and written every iteration on its read and write ports) and a
// window (completely partitioned: nine registers, read as wires). The
// window's loads in the branch that computes take what its fill just
// stored (forwarded across the converted branches): II 1, one pipeline
// over i and j (a perfect nest: flattened).
// WINDOW-NOT: remark
// WINDOW: hcl check --rtl: OK: @window{{.*}}cycles 104, 104)
// Unpartitioned, the window's nine reads an iteration share its RAM's read
// port: II 9, as the estimate says.
// PLAIN: remark: rtl: loop 'j' pipelined at II 9 instead of 1: the estimate's ResMII is 9 (the ports of its memories) and its RecMII 1{{$}}
// PLAIN: hcl check --rtl: OK: @window_unpartitioned{{.*}}cycles 911)
func.func @window(%A: memref<10x10xi32>) -> memref<8x8xi32> {
  %sC = hcl.create_stage_handle "C" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  %C = memref.alloc() {name = "C"} : memref<8x8xi32>
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %s0 = affine.load %A[%i, %j] : memref<10x10xi32>
      %s1 = affine.load %A[%i, %j + 1] : memref<10x10xi32>
      %s2 = affine.load %A[%i, %j + 2] : memref<10x10xi32>
      %s3 = affine.load %A[%i + 1, %j] : memref<10x10xi32>
      %s4 = affine.load %A[%i + 1, %j + 1] : memref<10x10xi32>
      %s5 = affine.load %A[%i + 1, %j + 2] : memref<10x10xi32>
      %s6 = affine.load %A[%i + 2, %j] : memref<10x10xi32>
      %s7 = affine.load %A[%i + 2, %j + 1] : memref<10x10xi32>
      %s8 = affine.load %A[%i + 2, %j + 2] : memref<10x10xi32>
      %t0 = arith.addi %s0, %s1 : i32
      %t1 = arith.addi %t0, %s2 : i32
      %t2 = arith.addi %t1, %s3 : i32
      %t3 = arith.subi %t2, %s4 : i32
      %t4 = arith.addi %t3, %s5 : i32
      %t5 = arith.addi %t4, %s6 : i32
      %t6 = arith.addi %t5, %s7 : i32
      %t7 = arith.addi %t6, %s8 : i32
      affine.store %t7, %C[%i, %j] : memref<8x8xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "C"}
  %lb = hcl.reuse_at(%sC, %A : memref<10x10xi32>, %li) -> memref<3x10xi32>
  %wb = hcl.reuse_at(%sC, %lb : memref<3x10xi32>, %lj) -> memref<3x3xi32>
  hcl.partition(%lb : memref<3x10xi32>, Complete, 1)
  hcl.partition(%wb : memref<3x3xi32>, Complete, 0)
  hcl.pipeline(%sC, %lj, 1)
  return %C : memref<8x8xi32>
}

func.func @window_unpartitioned(%A: memref<10x10xi32>) -> memref<8x8xi32> {
  %sC = hcl.create_stage_handle "C" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  %C = memref.alloc() {name = "C"} : memref<8x8xi32>
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %s0 = affine.load %A[%i, %j] : memref<10x10xi32>
      %s1 = affine.load %A[%i, %j + 1] : memref<10x10xi32>
      %s2 = affine.load %A[%i, %j + 2] : memref<10x10xi32>
      %s3 = affine.load %A[%i + 1, %j] : memref<10x10xi32>
      %s4 = affine.load %A[%i + 1, %j + 1] : memref<10x10xi32>
      %s5 = affine.load %A[%i + 1, %j + 2] : memref<10x10xi32>
      %s6 = affine.load %A[%i + 2, %j] : memref<10x10xi32>
      %s7 = affine.load %A[%i + 2, %j + 1] : memref<10x10xi32>
      %s8 = affine.load %A[%i + 2, %j + 2] : memref<10x10xi32>
      %t0 = arith.addi %s0, %s1 : i32
      %t1 = arith.addi %t0, %s2 : i32
      %t2 = arith.addi %t1, %s3 : i32
      %t3 = arith.subi %t2, %s4 : i32
      %t4 = arith.addi %t3, %s5 : i32
      %t5 = arith.addi %t4, %s6 : i32
      %t6 = arith.addi %t5, %s7 : i32
      %t7 = arith.addi %t6, %s8 : i32
      affine.store %t7, %C[%i, %j] : memref<8x8xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "C"}
  %lb = hcl.reuse_at(%sC, %A : memref<10x10xi32>, %li) -> memref<3x10xi32>
  %wb = hcl.reuse_at(%sC, %lb : memref<3x10xi32>, %lj) -> memref<3x3xi32>
  hcl.pipeline(%sC, %lj, 1)
  return %C : memref<8x8xi32>
}

// A local buffer written in order, then summed four elements an iteration
// (k unrolled under the pipelined io): Cyclic 4 puts the four in four
// banks, so the sum runs at II 1.
// CYCLIC-NOT: remark
// CYCLIC: hcl check --rtl: OK: @cyclic_sum{{.*}}cycles
func.func @cyclic_sum(%A: memref<32xi32>) -> memref<8xi32> {
  %sS = hcl.create_stage_handle "S" : !hcl.StageHandle
  %sT = hcl.create_stage_handle "T" : !hcl.StageHandle
  %lio = hcl.create_loop_handle "io" : !hcl.LoopHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %c3 = arith.constant 3 : i32
  %zero = arith.constant 0 : i32
  %T = memref.alloc() {name = "T"} : memref<32xi32>
  affine.for %i = 0 to 32 {
    %a = affine.load %A[%i] : memref<32xi32>
    %t = arith.muli %a, %c3 : i32
    affine.store %t, %T[%i] : memref<32xi32>
  } {loop_name = "i", stage_name = "T"}
  %S = memref.alloc() {name = "S"} : memref<8xi32>
  affine.for %io = 0 to 8 {
    %s = affine.for %k = 0 to 4 iter_args(%acc = %zero) -> (i32) {
      %t = affine.load %T[%io * 4 + %k] : memref<32xi32>
      %n = arith.addi %acc, %t : i32
      affine.yield %n : i32
    } {loop_name = "k"}
    affine.store %s, %S[%io] : memref<8xi32>
  } {loop_name = "io", stage_name = "S"}
  hcl.partition(%T : memref<32xi32>, Cyclic, 1, 4)
  hcl.pipeline(%sT, %li, 1)
  hcl.pipeline(%sS, %lio, 1)
  return %S : memref<8xi32>
}

// Reads of a partitioned buffer at data-dependent indices: each read goes
// to the bank its index selects, among both (a branch on the bank number,
// predicated in the pipeline); the writes, whose bank follows i, likewise
// in the sequential loop: 86 cycles, the estimate.
// GATHER: hcl check --rtl: OK: @gather{{.*}}cycles 86, 86)
func.func @gather(%A: memref<16xi32>, %I: memref<16xi32>) -> memref<16xi32> {
  %sT = hcl.create_stage_handle "T" : !hcl.StageHandle
  %sG = hcl.create_stage_handle "G" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %c16 = arith.constant 16 : i32
  %one = arith.constant 1 : i32
  %T = memref.alloc() {name = "T"} : memref<16xi32>
  affine.for %i = 0 to 16 {
    %a = affine.load %A[%i] : memref<16xi32>
    %t = arith.addi %a, %one : i32
    affine.store %t, %T[%i] : memref<16xi32>
  } {loop_name = "i", stage_name = "T"}
  %G = memref.alloc() {name = "G"} : memref<16xi32>
  affine.for %i = 0 to 16 {
    %x = affine.load %I[%i] : memref<16xi32>
    %r = arith.remui %x, %c16 : i32
    %k = arith.index_cast %r : i32 to index
    %t = memref.load %T[%k] : memref<16xi32>
    affine.store %t, %G[%i] : memref<16xi32>
  } {loop_name = "i", stage_name = "G"}
  hcl.partition(%T : memref<16xi32>, Cyclic, 1, 2)
  hcl.pipeline(%sG, %li, 1)
  return %G : memref<16xi32>
}

// A shift register of three registers (a completely partitioned window):
// iteration i + 1 reads w[2] in the cycle iteration i stores A[i] into it
// (its data arrives a cycle after the load). The read takes the store's
// data through the register's bypass, as sequential order says: II 1.
// SHIFT-NOT: remark
// SHIFT: hcl check --rtl: OK: @shift{{.*}}cycles [[C:[0-9]+]], [[C]], [[C]])
// BYPASS: assign w{{[0-9]+}} = [[W:buf[0-9]+]]_bypass;
// BYPASS: assign [[W]]_bypass = [[W]]_we ? [[W]]_wdata : [[W]]_ram[0];
func.func @shift(%A: memref<16xi32>) -> memref<16xi32> {
  %sB = hcl.create_stage_handle "B" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %zero = arith.constant 0 : i32
  %w = memref.alloc() {name = "w"} : memref<3xi32>
  affine.store %zero, %w[0] : memref<3xi32>
  affine.store %zero, %w[1] : memref<3xi32>
  affine.store %zero, %w[2] : memref<3xi32>
  %B = memref.alloc() {name = "B"} : memref<16xi32>
  affine.for %i = 0 to 16 {
    %w1 = affine.load %w[1] : memref<3xi32>
    affine.store %w1, %w[0] : memref<3xi32>
    %w2 = affine.load %w[2] : memref<3xi32>
    affine.store %w2, %w[1] : memref<3xi32>
    %a = affine.load %A[%i] : memref<16xi32>
    affine.store %a, %w[2] : memref<3xi32>
    %x = affine.load %w[0] : memref<3xi32>
    %y = affine.load %w[1] : memref<3xi32>
    %z = affine.load %w[2] : memref<3xi32>
    %s = arith.addi %x, %y : i32
    %t = arith.addi %s, %z : i32
    affine.store %t, %B[%i] : memref<16xi32>
  } {loop_name = "i", stage_name = "B"}
  hcl.partition(%w : memref<3xi32>, Complete, 1)
  hcl.pipeline(%sB, %li, 1)
  return %B : memref<16xi32>
}
