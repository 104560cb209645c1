// Unrolled loops duplicate the datapath (docs/rtl.md, "Unrolled loops"):
// the preparation unrolls the loops marked `unroll` (0: fully) before the
// schedule, so the copies share the cycles their memories' ports allow.
// REQUIRES: verilator
// RUN: rm -rf %t && mkdir -p %t
// RUN: hcl check --rtl %s --entry vadd_by_4 --seeds 2 | FileCheck %s --check-prefix=BY4
// RUN: hcl check --rtl %s --entry rows --seeds 2 2>&1 | FileCheck %s --check-prefix=ROWS
// RUN: hcl check --rtl %s --entry scheduled --seeds 1 | FileCheck %s --check-prefix=SCHEDULED
// RUN: hcl rtl %s -o %t --entry rows
// RUN: verilator --lint-only -Wall %t/rows.sv
// 18 elements by 4: four copies of the body, then a loop of 2 for the rest.
// BY4: hcl check --rtl: OK: @vadd_by_4
// The inner loop unrolled under the pipelined one: 4 reads of A a row on
// its two ports, II 2.
// ROWS: remark: rtl: loop 'i' pipelined at II 2 instead of 1: the estimate's ResMII is 2 (the ports of its memories) and its RecMII 1
// ROWS: hcl check --rtl: OK: @rows
// SCHEDULED: hcl check --rtl: OK: @scheduled

func.func @vadd_by_4(%A: memref<18xi32>, %B: memref<18xi32>, %C: memref<18xi32>) {
  affine.for %i = 0 to 18 {
    %a = affine.load %A[%i] : memref<18xi32>
    %b = affine.load %B[%i] : memref<18xi32>
    %c = arith.addi %a, %b : i32
    affine.store %c, %C[%i] : memref<18xi32>
  } {loop_name = "i", unroll = 4 : i32}
  return
}

func.func @rows(%A: memref<8x4xi16>, %S: memref<8xi16>) {
  %zero = arith.constant 0 : i16
  affine.for %i = 0 to 8 {
    %s = affine.for %k = 0 to 4 iter_args(%acc = %zero) -> i16 {
      %a = affine.load %A[%i, %k] : memref<8x4xi16>
      %p = arith.muli %a, %a : i16
      %n = arith.addi %acc, %p : i16
      affine.yield %n : i16
    } {loop_name = "k", unroll = 0 : i32}
    affine.store %s, %S[%i] : memref<8xi16>
  } {loop_name = "i", pipeline_ii = 1 : i32}
  return
}

// The schedule's hcl.unroll marks the loop.
func.func @scheduled(%A: memref<16xi32>, %B: memref<16xi32>) {
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %s = hcl.create_stage_handle "s" : !hcl.StageHandle
  affine.for %i = 0 to 16 {
    %a = affine.load %A[%i] : memref<16xi32>
    %b = arith.muli %a, %a : i32
    affine.store %b, %B[%i] : memref<16xi32>
  } {loop_name = "i", stage_name = "s"}
  hcl.unroll(%s, %li, 2)
  return
}
