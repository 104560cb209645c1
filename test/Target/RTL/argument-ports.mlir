// A memory argument of the kernel's top has two ports where a pipelined
// loop accesses it twice or more (docs/rtl.md, "Interface"): Vivado HLS's
// dual-port ap_memory interface, which it chooses when it lowers the II.
// `--rtl-argument-ports=1` gives every argument one port. The scheduler,
// the module's ports, the testbench's memories and the estimate agree;
// each kernel is simulated with Verilator against the JIT.
// REQUIRES: verilator
// RUN: rm -rf %t && mkdir -p %t
// RUN: hcl check --rtl %s --entry blur3 --seeds 2 2>&1 | FileCheck %s --check-prefix=BLUR
// RUN: hcl estimate --target rtl %s --entry blur3 | FileCheck %s --check-prefix=EST-BLUR
// RUN: hcl check --rtl %s --entry blur3 --seeds 2 --rtl-argument-ports=1 2>&1 | FileCheck %s --check-prefix=ONE
// RUN: hcl estimate --target rtl %s --entry blur3 --rtl-argument-ports=1 | FileCheck %s --check-prefix=EST-ONE
// RUN: hcl rtl %s -o %t/two --entry blur3
// RUN: FileCheck %s --check-prefix=SV < %t/two/blur3.sv
// RUN: verilator --lint-only -Wall %t/two/blur3.sv
// RUN: hcl rtl %s -o %t/one --entry blur3 --rtl-argument-ports=1
// RUN: FileCheck %s --check-prefix=SV-ONE < %t/one/blur3.sv
// RUN: hcl check --rtl %s --entry in_place --seeds 2 2>&1 | FileCheck %s --check-prefix=INPLACE
// RUN: hcl estimate --target rtl %s --entry in_place | FileCheck %s --check-prefix=EST-INPLACE
// RUN: hcl rtl %s -o %t/in_place --entry in_place
// RUN: FileCheck %s --check-prefix=SV-INPLACE < %t/in_place/in_place.sv
// RUN: verilator --lint-only -Wall %t/in_place/in_place.sv
// RUN: hcl check --rtl %s --entry sequential --seeds 2 2>&1 | FileCheck %s --check-prefix=SEQ
// RUN: hcl rtl %s -o %t/seq --entry sequential
// RUN: FileCheck %s --check-prefix=SV-SEQ < %t/seq/sequential.sv
// RUN: hcl check --rtl %s --entry caller --seeds 2 2>&1 | FileCheck %s --check-prefix=CALLER
// RUN: hcl estimate --target rtl %s --entry caller | FileCheck %s --check-prefix=EST-CALLER
// RUN: hcl rtl %s -o %t/caller --entry caller
// RUN: FileCheck %s --check-prefix=SV-CALLER < %t/caller/caller.sv
// RUN: not hcl check --rtl %s --entry blur3 --rtl-argument-ports=3 2>&1 | FileCheck %s --check-prefix=ERR

// Three reads of A an iteration: II 2 on two ports (Vivado's II for seed
// 000's blur), II 3 on one.
// BLUR: remark: rtl: loop 'j' pipelined at II 2 instead of 1: the estimate's ResMII is 2
// BLUR: hcl check --rtl: OK: @blur3{{.*}}cycles 132, 132)
// EST-BLUR: function: latency 132 cycles
// ONE: remark: rtl: loop 'j' pipelined at II 3 instead of 1: the estimate's ResMII is 3
// ONE: hcl check --rtl: OK: @blur3{{.*}}cycles 196, 196)
// EST-ONE: function: latency 196 cycles
// SV-LABEL: module blur3 (
// SV:      output logic [6:0] arg0_addr,
// SV:      input  logic [31:0] arg0_rdata,
// SV-NEXT: output logic [6:0] arg0_p1_addr,
// SV-NEXT: output logic arg0_p1_ce,
// SV-NEXT: output logic arg0_p1_we,
// SV-NEXT: output logic [31:0] arg0_p1_wdata,
// SV-NEXT: input  logic [31:0] arg0_p1_rdata
// The result is written once an iteration: one port.
// SV-NOT:  result0_p1
// SV:      arg0_p1_ce = 1'b1;
// SV-ONE-NOT: _p1_
func.func @blur3(%A: memref<4x18xi32>) -> memref<4x16xi32> {
  %B = memref.alloc() : memref<4x16xi32>
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 16 {
      %a = affine.load %A[%i, %j] : memref<4x18xi32>
      %b = affine.load %A[%i, %j + 1] : memref<4x18xi32>
      %c = affine.load %A[%i, %j + 2] : memref<4x18xi32>
      %s = arith.addi %a, %b : i32
      %t = arith.addi %s, %c : i32
      affine.store %t, %B[%i, %j] : memref<4x16xi32>
    } {loop_name = "j", pipeline_ii = 1 : i32}
  } {loop_name = "i"}
  return %B : memref<4x16xi32>
}

// A load and a store of A an iteration, no dependence carried: II 1, the
// load on the second port, the store on the first.
// INPLACE-NOT: remark
// INPLACE: hcl check --rtl: OK: @in_place{{.*}}cycles 37, 37)
// EST-INPLACE: function: latency 37 cycles
// SV-INPLACE: arg0_p1_ce = 1'b1;
// SV-INPLACE: arg0_p1_addr =
// SV-INPLACE: arg0_we = 1'b1;
func.func @in_place(%A: memref<32xi32>, %X: memref<32xi32>) {
  affine.for %i = 0 to 32 {
    %a = affine.load %A[%i] : memref<32xi32>
    %x = affine.load %X[%i] : memref<32xi32>
    %s = arith.muli %a, %x : i32
    %t = arith.addi %s, %x : i32
    affine.store %t, %A[%i] : memref<32xi32>
  } {loop_name = "i", pipeline_ii = 1 : i32}
  return
}

// Outside a pipeline an argument keeps one port: the controller's states
// access a memory once a cycle, as the estimate counts them.
// SEQ: hcl check --rtl: OK: @sequential{{.*}}cycles 24, 24)
// SV-SEQ-NOT: _p1_
func.func @sequential(%A: memref<8xi32>, %B: memref<8xi32>) {
  affine.for %i = 0 to 7 {
    %a = affine.load %A[%i] : memref<8xi32>
    %b = affine.load %A[%i + 1] : memref<8xi32>
    %s = arith.addi %a, %b : i32
    affine.store %s, %B[%i] : memref<8xi32>
  } {loop_name = "i"}
  return
}

// A callee's memory arguments are one port each (its caller routes them
// to its own memories), and an argument passed to a call too.
// CALLER: remark: rtl: loop 'i' pipelined at II 2 instead of 1: the estimate's ResMII is 2 (the ports of its memories) and its RecMII 1
// CALLER: hcl check --rtl: OK: @caller{{.*}}cycles 23, 23)
// EST-CALLER: pairs/i 8 1 2 1 2
// EST-CALLER: function: latency 23 cycles
// SV-CALLER-NOT: _p1_
func.func @pairs(%A: memref<9xi32>, %B: memref<8xi32>) {
  affine.for %i = 0 to 8 {
    %a = affine.load %A[%i] : memref<9xi32>
    %b = affine.load %A[%i + 1] : memref<9xi32>
    %s = arith.addi %a, %b : i32
    affine.store %s, %B[%i] : memref<8xi32>
  } {loop_name = "i", pipeline_ii = 1 : i32}
  return
}

func.func @caller(%A: memref<9xi32>, %B: memref<8xi32>) {
  func.call @pairs(%A, %B) : (memref<9xi32>, memref<8xi32>) -> ()
  return
}

// ERR: hcl: error: for the --rtl-argument-ports option: '3' is not 1 or 2
