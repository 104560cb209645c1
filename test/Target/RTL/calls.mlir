// Calls as module instances (docs/rtl.md, "Calls"): the callee is a module
// of its own, instantiated once per call; the call's states start it and
// wait for its ap_done, while its memory ports reach the caller's memories.
// Simulated with Verilator and compared with the JIT bit for bit.
// REQUIRES: verilator
// RUN: rm -rf %t && mkdir -p %t
// RUN: hcl check --rtl %s --entry top --seeds 2 | FileCheck %s --check-prefix=TOP
// RUN: hcl check --rtl %s --entry nested --seeds 2 | FileCheck %s --check-prefix=NESTED
// RUN: hcl rtl %s -o %t --entry top | FileCheck %s --check-prefix=WROTE
// RUN: verilator --lint-only -Wall %t/top.sv
// RUN: FileCheck %s --check-prefix=RTL < %t/top.sv
// TOP: hcl check --rtl: OK: @top
// NESTED: hcl check --rtl: OK: @nested
// WROTE: hcl rtl: wrote {{.*}}top.sv
// The kernel's module first, which instantiates the callee's twice (two
// calls), routing its memory ports in each call's wait state, then the
// callee's.
// RTL-LABEL: module top (
// RTL:       assign c0_start = state == {{.*}};
// RTL:       scale_add c0_instance (
// RTL:         .ap_start(c0_start),
// RTL:         .ap_done(c0_done),
// RTL:         .arg0_rdata(arg0_rdata),
// RTL:         .arg1_rdata(buf0_rdata),
// RTL:         .arg2(arg2),
// RTL:         .result0(c0_result0)
// RTL:       scale_add c1_instance (
// The local buffer is a RAM with a read and a write port; the callee's one
// port goes to the read port for a read, to the write port for a write.
// RTL:       buf0_re = c0_arg1_ce && !c0_arg1_we;
// RTL-NEXT:  buf0_we = c0_arg1_ce && c0_arg1_we;
// RTL-LABEL: module scale_add (

// B[i] = A[i] * k + B[i]; returns the last element written.
func.func @scale_add(%A: memref<8xi32>, %B: memref<8xi32>, %k: i32) -> i32 {
  %zero = arith.constant 0 : i32
  %last = affine.for %i = 0 to 8 iter_args(%l = %zero) -> i32 {
    %a = affine.load %A[%i] : memref<8xi32>
    %b = affine.load %B[%i] : memref<8xi32>
    %p = arith.muli %a, %k : i32
    %s = arith.addi %p, %b : i32
    affine.store %s, %B[%i] : memref<8xi32>
    affine.yield %s : i32
  } {loop_name = "i", pipeline_ii = 1 : i32}
  return %last : i32
}

// Two calls through a local buffer, and their results combined.
func.func @top(%A: memref<8xi32>, %C: memref<8xi32>, %k: i32) -> i32 {
  %tmp = memref.alloc() : memref<8xi32>
  %zero = arith.constant 0 : i32
  affine.for %i = 0 to 8 {
    affine.store %zero, %tmp[%i] : memref<8xi32>
  }
  %x = func.call @scale_add(%A, %tmp, %k) : (memref<8xi32>, memref<8xi32>, i32) -> i32
  %y = func.call @scale_add(%tmp, %C, %x) : (memref<8xi32>, memref<8xi32>, i32) -> i32
  %r = arith.xori %x, %y : i32
  return %r : i32
}

// A call in a loop, and a callee that calls another.
func.func @row(%M: memref<4x8xi32>, %S: memref<4xi32>, %r: index) {
  %zero = arith.constant 0 : i32
  %sum = affine.for %j = 0 to 8 iter_args(%acc = %zero) -> i32 {
    %m = affine.load %M[%r, %j] : memref<4x8xi32>
    %n = arith.addi %acc, %m : i32
    affine.yield %n : i32
  }
  affine.store %sum, %S[%r] : memref<4xi32>
  return
}

func.func @rows(%M: memref<4x8xi32>, %S: memref<4xi32>) {
  affine.for %r = 0 to 4 {
    func.call @row(%M, %S, %r) : (memref<4x8xi32>, memref<4xi32>, index) -> ()
  }
  return
}

func.func @nested(%M: memref<4x8xi32>, %S: memref<4xi32>) {
  func.call @rows(%M, %S) : (memref<4x8xi32>, memref<4xi32>) -> ()
  return
}
