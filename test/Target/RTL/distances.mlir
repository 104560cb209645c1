// Dependence distances in the modulo schedule (docs/rtl.md, "Pipelined
// loops"): iteration n + d of a loop whose written memory's smallest
// carried distance is d (MLIR's affine analysis) must find iteration n's
// accesses done, so they may span d * II cycles; without a carried
// dependence only the port limits them. Simulated against the JIT.
// REQUIRES: verilator
// RUN: rm -rf %t && mkdir -p %t
// RUN: hcl-opt --hcl-rtl-lower-affine %s | FileCheck %s --check-prefix=ATTR
// RUN: hcl check --rtl %s --entry distance2 --seeds 2 2>&1 | FileCheck %s --check-prefix=D2
// RUN: hcl check --rtl %s --entry distance1 --seeds 2 2>&1 | FileCheck %s --check-prefix=D1
// RUN: hcl check --rtl %s --entry in_place --seeds 2 2>&1 | FileCheck %s --check-prefix=INPLACE
// RUN: hcl rtl %s -o %t --entry distance2
// RUN: hcl rtl %s -o %t --entry in_place
// RUN: verilator --lint-only -Wall %t/distance2.sv
// RUN: verilator --lint-only -Wall %t/in_place.sv

// ATTR-LABEL: func.func @distance2
// ATTR: rtl.distances = {arg0 = 2 : i64}
// ATTR-LABEL: func.func @distance1
// ATTR: rtl.distances = {arg0 = 1 : i64}
// ATTR-LABEL: func.func @in_place
// ATTR: rtl.distances = {arg0 = 0 : i64}

// A[i] = A[i-2] * X[i] + X[i]: A's load, multiply and store span 3 cycles,
// less than 2 * II at II 2, the recurrence's bound (A's load and store
// take its two ports). At distance 1 this needed II 3.
// D2: remark: rtl: loop 'i' pipelined at II 2 instead of 1: the estimate's ResMII is 1 (the ports of its memories) and its RecMII 2{{$}}
// D2: hcl check --rtl: OK: @distance2{{.*}}cycles 64, 64)
func.func @distance2(%A: memref<32xi32>, %X: memref<32xi32>) {
  affine.for %i = 2 to 32 {
    %a = affine.load %A[%i - 2] : memref<32xi32>
    %x = affine.load %X[%i] : memref<32xi32>
    %s = arith.muli %a, %x : i32
    %t = arith.addi %s, %x : i32
    affine.store %t, %A[%i] : memref<32xi32>
  } {loop_name = "i", pipeline_ii = 1 : i32}
  return
}

// The same at distance 1: the recurrence (load, multiply, store) is 3
// cycles.
// D1: remark: rtl: loop 'i' pipelined at II 3 instead of 1: the estimate's ResMII is 1 (the ports of its memories) and its RecMII 3{{$}}
// D1: hcl check --rtl: OK: @distance1
func.func @distance1(%A: memref<32xi32>, %X: memref<32xi32>) {
  affine.for %i = 1 to 32 {
    %a = affine.load %A[%i - 1] : memref<32xi32>
    %x = affine.load %X[%i] : memref<32xi32>
    %s = arith.muli %a, %x : i32
    %t = arith.addi %s, %x : i32
    affine.store %t, %A[%i] : memref<32xi32>
  } {loop_name = "i", pipeline_ii = 1 : i32}
  return
}

// A[i] = A[i] * X[i] + X[i]: no dependence is carried, so the next
// iteration's load of A may come before this one's store; II 2, requested
// (no remark); argument-ports.mlir has it at II 1.
// INPLACE-NOT: remark
// INPLACE: hcl check --rtl: OK: @in_place{{.*}}cycles
func.func @in_place(%A: memref<32xi32>, %X: memref<32xi32>) {
  affine.for %i = 0 to 32 {
    %a = affine.load %A[%i] : memref<32xi32>
    %x = affine.load %X[%i] : memref<32xi32>
    %s = arith.muli %a, %x : i32
    %t = arith.addi %s, %x : i32
    affine.store %t, %A[%i] : memref<32xi32>
  } {loop_name = "i", pipeline_ii = 2 : i32}
  return
}
