// Branches in pipelined loops (hcl-rtl-if-convert, docs/rtl.md "Pipelined
// loops"): both sides computed on every iteration, results selected, each
// memory access predicated, so the loop pipelines as HLS pipelines it. Each
// kernel is simulated with Verilator and compared with the JIT bit for bit,
// and its cycles equal the estimate's II; the modules are lint-clean.
// REQUIRES: verilator
// RUN: rm -rf %t && mkdir -p %t
// RUN: hcl check --rtl %s --entry clip --seeds 2 2>&1 | FileCheck %s --check-prefix=CLIP
// RUN: hcl check --rtl %s --entry neighbours --seeds 2 2>&1 | FileCheck %s --check-prefix=NEIGHBOURS
// RUN: hcl check --rtl %s --entry classify --seeds 2 2>&1 | FileCheck %s --check-prefix=CLASSIFY
// RUN: hcl check --rtl %s --entry running_max --seeds 2 2>&1 | FileCheck %s --check-prefix=MAX
// RUN: hcl check --rtl %s --entry branch_accumulator --seeds 2 2>&1 | FileCheck %s --check-prefix=ACC
// RUN: hcl check --rtl %s --entry with_loop --seeds 1 --input-range 0,5 2>&1 | FileCheck %s --check-prefix=LOOP
// RUN: hcl rtl %s -o %t --entry clip
// RUN: hcl rtl %s -o %t --entry classify
// RUN: verilator --lint-only -Wall %t/clip.sv
// RUN: verilator --lint-only -Wall %t/classify.sv
// RUN: FileCheck %s --check-prefix=RTL < %t/clip.sv

// The two sides store into B at one address: the two stores exclude each
// other, so they share B's port in one cycle, and the loop runs at II 1:
// 32 iterations, 3 stages, the entry and the return.
// CLIP-NOT: remark
// CLIP: hcl check --rtl: OK: @clip{{.*}}cycles 37, 37)
// Each store's enable holds its side's condition.
// RTL: if (p0_valid[{{[0-9]}}] && w{{[0-9]+}}_d{{[0-9]}}) begin
// RTL: arg1_we = 1'b1;
// RTL: if (p0_valid[{{[0-9]}}] && w{{[0-9]+}}_d{{[0-9]}}) begin
// RTL: arg1_we = 1'b1;
func.func @clip(%A: memref<32xi32>, %B: memref<32xi32>) {
  %sB = hcl.create_stage_handle "B" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %c0 = arith.constant 0 : i32
  %c9 = arith.constant 9 : i32
  affine.for %i = 0 to 32 {
    %a = affine.load %A[%i] : memref<32xi32>
    %p = arith.cmpi sgt, %a, %c0 : i32
    scf.if %p {
      %m = arith.muli %a, %c9 : i32
      affine.store %m, %B[%i] : memref<32xi32>
    } else {
      %n = arith.subi %c0, %a : i32
      affine.store %n, %B[%i] : memref<32xi32>
    }
  } {loop_name = "i", stage_name = "B"}
  hcl.pipeline(%sB, %li, 1)
  return
}

// A load under a condition that keeps it in bounds (A[i - 1] only when
// i > 0): the load's enable is predicated, so the memory is never read at
// address -1 (the testbench stops on an out-of-bounds access).
// Requested at II 2: the two loads of A take its port's two cycles.
// NEIGHBOURS-NOT: remark
// NEIGHBOURS: hcl check --rtl: OK: @neighbours{{.*}}cycles 52, 52)
func.func @neighbours(%A: memref<24xi32>, %B: memref<24xi32>) {
  %sB = hcl.create_stage_handle "B" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  affine.for %i = 0 to 24 {
    %a = affine.load %A[%i] : memref<24xi32>
    affine.store %a, %B[%i] : memref<24xi32>
    affine.if affine_set<(d0) : (d0 - 1 >= 0)>(%i) {
      %l = affine.load %A[%i - 1] : memref<24xi32>
      %s = arith.addi %a, %l : i32
      affine.store %s, %B[%i] : memref<24xi32>
    }
  } {loop_name = "i", stage_name = "B"}
  hcl.pipeline(%sB, %li, 2)
  return
}

// Nested branches with results: the inner branch's accesses are predicated
// on both conditions, its results selected twice.
// CLASSIFY-NOT: remark
// CLASSIFY: hcl check --rtl: OK: @classify{{.*}}cycles 24, 24)
func.func @classify(%A: memref<20xi32>, %B: memref<20xi32>,
                    %C: memref<20xi32>) {
  %sB = hcl.create_stage_handle "B" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %c0 = arith.constant 0 : i32
  %c100 = arith.constant 100 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  affine.for %i = 0 to 20 {
    %a = affine.load %A[%i] : memref<20xi32>
    %positive = arith.cmpi sgt, %a, %c0 : i32
    %kind = scf.if %positive -> (i32) {
      %big = arith.cmpi sgt, %a, %c100 : i32
      %k = scf.if %big -> (i32) {
        affine.store %a, %C[%i] : memref<20xi32>
        scf.yield %c3 : i32
      } else {
        scf.yield %c2 : i32
      }
      scf.yield %k : i32
    } else {
      scf.yield %c1 : i32
    }
    affine.store %kind, %B[%i] : memref<20xi32>
  } {loop_name = "i", stage_name = "B"}
  hcl.pipeline(%sB, %li, 1)
  return
}

// A carried value updated in a branch: the running maximum, selected.
// MAX-NOT: remark
// MAX: hcl check --rtl: OK: @running_max{{.*}}cycles 20, 20)
func.func @running_max(%A: memref<16xi32>) -> i32 {
  %sM = hcl.create_stage_handle "M" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %init = arith.constant -2147483648 : i32
  %m = affine.for %i = 0 to 16 iter_args(%best = %init) -> (i32) {
    %a = affine.load %A[%i] : memref<16xi32>
    %more = arith.cmpi sgt, %a, %best : i32
    %next = scf.if %more -> (i32) {
      scf.yield %a : i32
    } else {
      scf.yield %best : i32
    }
    affine.yield %next : i32
  } {loop_name = "i", stage_name = "M"}
  hcl.pipeline(%sM, %li, 1)
  return %m : i32
}

// A branch holding a loop without a constant trip count stays a branch: the
// loop runs one iteration after another, and says why.
// LOOP: remark: rtl: loop 'i' runs one iteration after another, not pipelined: its body is not straight-line code (a nested 'scf.if'
// LOOP: hcl check --rtl: OK: @with_loop
func.func @with_loop(%A: memref<8xi32>, %B: memref<8xi32>) {
  %sB = hcl.create_stage_handle "B" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i32
  %zero = arith.constant 0 : i32
  affine.for %i = 0 to 8 {
    %a = affine.load %A[%i] : memref<8xi32>
    %n = arith.index_cast %a : i32 to index
    %some = arith.cmpi sgt, %n, %c0 : index
    affine.store %zero, %B[%i] : memref<8xi32>
    scf.if %some {
      %c1 = arith.constant 1 : index
      scf.for %k = %c0 to %n step %c1 {
        %b = affine.load %B[%i] : memref<8xi32>
        %c = arith.addi %b, %one : i32
        affine.store %c, %B[%i] : memref<8xi32>
      }
    }
  } {loop_name = "i", stage_name = "B"}
  hcl.pipeline(%sB, %li, 1)
  return
}

// A reduction in a branch, through an accumulator allocated in the branch
// (as a reuse buffer's compute is written): the accumulator moves out of
// the loop, its loads take what its stores wrote, its overwritten stores
// go, and then, read no more, it goes too. The loop runs at II 2, its three
// reads of A on A's two ports: 40 cycles, the estimate 41.
// ACC: remark: rtl: loop 'j' pipelined at II 2 instead of 1: the estimate's ResMII is 2
// ACC: hcl check --rtl: OK: @branch_accumulator{{.*}}cycles 40, 40)
func.func @branch_accumulator(%A: memref<18xi32>, %B: memref<16xi32>) {
  %sB = hcl.create_stage_handle "B" : !hcl.StageHandle
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  %zero = arith.constant 0 : i32
  affine.for %j = 0 to 18 {
    affine.if affine_set<(d0) : (d0 - 2 >= 0)>(%j) {
      %sum = memref.alloca() {name = "sum"} : memref<1xi32>
      affine.store %zero, %sum[0] : memref<1xi32>
      affine.for %k = 0 to 3 {
        %a = affine.load %A[%j - 2 + %k] : memref<18xi32>
        %s = affine.load %sum[0] : memref<1xi32>
        %t = arith.addi %s, %a : i32
        affine.store %t, %sum[0] : memref<1xi32>
      }
      %r = affine.load %sum[0] : memref<1xi32>
      affine.store %r, %B[%j - 2] : memref<16xi32>
    }
  } {loop_name = "j", stage_name = "B"}
  hcl.pipeline(%sB, %lj, 1)
  return
}
