// A pipelined loop with loops under it (docs/rtl.md, "Loops under a
// pipelined loop"): the preparation unrolls them, as HLS does and as
// `hcl estimate` counts, and the loop is pipelined over its own iterations.
// Simulated with Verilator against the JIT bit for bit; cycles against the
// estimate.
// REQUIRES: verilator
// RUN: rm -rf %t && mkdir -p %t
// RUN: hcl check --rtl %s --entry matvec --seeds 2 2>&1 | FileCheck %s --check-prefix=MATVEC
// RUN: hcl estimate --target rtl %s --entry matvec | FileCheck %s --check-prefix=EST-MATVEC
// RUN: hcl check --rtl %s --entry window --seeds 2 2>&1 | FileCheck %s --check-prefix=WINDOW
// RUN: hcl estimate --target rtl %s --entry window | FileCheck %s --check-prefix=EST-WINDOW
// RUN: hcl check --rtl %s --entry inner_pipelined --seeds 2 2>&1 | FileCheck %s --check-prefix=INNER
// RUN: hcl check --rtl %s --entry triangle --seeds 2 2>&1 | FileCheck %s --check-prefix=TRIANGLE
// RUN: hcl check --rtl %s --entry too_big --seeds 1 2>&1 | FileCheck %s --check-prefix=BIG
// RUN: hcl-opt --hcl-rtl-lower-affine %s | FileCheck %s --check-prefix=IR
// RUN: hcl rtl %s -o %t --entry matvec
// RUN: hcl rtl %s -o %t --entry window
// RUN: verilator --lint-only -Wall %t/matvec.sv
// RUN: verilator --lint-only -Wall %t/window.sv

// y[i] = sum_j A[i][j] * x[j], i pipelined: four reads of A and of x per
// row on their two ports each, so II 2 (ResMII), as estimated.
// MATVEC: remark: rtl: loop 'i' pipelined at II 2 instead of 1: the estimate's ResMII is 2 (the ports of its memories) and its RecMII 1{{$}}
// MATVEC-NOT: not pipelined
// MATVEC: hcl check --rtl: OK: @matvec{{.*}}cycles 21, 21)
// EST-MATVEC: i{{ +}}8{{ +}}1{{ +}}2{{ +}}1{{ +}}2
// EST-MATVEC: function: latency 21 cycles
// After the preparation, one scf.for (i) with the unrolled body: four
// loads of A and four of x.
// IR-LABEL: func.func @matvec
// IR: scf.for
// IR-NOT: scf.for
// IR-COUNT-8: memref.load
// IR-NOT: memref.load
// IR: memref.store
// IR: pipeline_ii = 1
// IR-LABEL: func.func @window
func.func @matvec(%A: memref<8x4xi32>, %x: memref<4xi32>, %y: memref<8xi32>) {
  %zero = arith.constant 0 : i32
  affine.for %i = 0 to 8 {
    %s = affine.for %j = 0 to 4 iter_args(%acc = %zero) -> i32 {
      %a = affine.load %A[%i, %j] : memref<8x4xi32>
      %b = affine.load %x[%j] : memref<4xi32>
      %p = arith.muli %a, %b : i32
      %n = arith.addi %acc, %p : i32
      affine.yield %n : i32
    } {loop_name = "j"}
    affine.store %s, %y[%i] : memref<8xi32>
  } {loop_name = "i", pipeline_ii = 1 : i32}
  return
}

// A 2x2 window summed through a local accumulator, two loops deep under
// the pipelined one (the random schedules' reduction form).
// The accumulator's loads take the value its previous store wrote, and
// only its last store is kept: A's four reads set II 2 on its two ports,
// as estimated. Simulated 64 cycles against an estimated 65 (i and j
// flattened into one pipeline): the estimate issues A's reads of an
// iteration two a cycle on its ports, as the RTL does.
// WINDOW: remark: rtl: loop 'j' pipelined at II 2 instead of 1: the estimate's ResMII is 2 (the ports of its memories) and its RecMII 1{{$}}
// WINDOW: hcl check --rtl: OK: @window{{.*}}cycles 64, 64)
// EST-WINDOW: i/j{{ +}}5{{ +}}1{{ +}}2{{ +}}1{{ +}}2{{ +}}13
// EST-WINDOW: function: latency 65 cycles
// The accumulator is hoisted out of the pipelined loop j, and out of i
// (i and j are one flattened loop).
// IR: memref.alloca
// IR: scf.for {{.*}} iter_args
// IR-COUNT-4: memref.load %arg0
// IR-NOT: memref.load
// IR: memref.store %{{.*}}, %alloca
// IR-NOT: memref.load
// IR: memref.store %{{.*}}, %arg1
// IR-NOT: memref.store
// IR: pipeline_ii = 1
// IR-LABEL: func.func @inner_pipelined
func.func @window(%A: memref<7x6xi16>, %B: memref<6x5xi16>) {
  %zero = arith.constant 0 : i16
  affine.for %i = 0 to 6 {
    affine.for %j = 0 to 5 {
      %sum = memref.alloca() : memref<1xi16>
      affine.store %zero, %sum[0] : memref<1xi16>
      affine.for %ri = 0 to 2 {
        affine.for %rj = 0 to 2 {
          %a = affine.load %A[%i + %ri, %j + %rj] : memref<7x6xi16>
          %s = affine.load %sum[0] : memref<1xi16>
          %n = arith.addi %s, %a : i16
          affine.store %n, %sum[0] : memref<1xi16>
        } {loop_name = "rj"}
      } {loop_name = "ri"}
      %r = affine.load %sum[0] : memref<1xi16>
      affine.store %r, %B[%i, %j] : memref<6x5xi16>
    } {loop_name = "j", pipeline_ii = 1 : i32}
  } {loop_name = "i"}
  return
}

// A pipelined loop under the pipelined one is unrolled with the rest.
// INNER-NOT: not pipelined
// INNER: hcl check --rtl: OK: @inner_pipelined
func.func @inner_pipelined(%A: memref<4x3xi32>, %B: memref<4x3xi32>) {
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 3 {
      %a = affine.load %A[%i, %j] : memref<4x3xi32>
      %d = arith.addi %a, %a : i32
      affine.store %d, %B[%i, %j] : memref<4x3xi32>
    } {loop_name = "j", pipeline_ii = 1 : i32}
  } {loop_name = "i", pipeline_ii = 1 : i32}
  return
}

// An inner loop whose trip count depends on the outer one cannot be
// unrolled: the loop runs its iterations one after another, and says why.
// TRIANGLE: remark: rtl: loop 'i' runs one iteration after another, not pipelined: its body is not straight-line code (a nested 'scf.for': loop 'j' under it has no constant trip count)
// TRIANGLE: hcl check --rtl: OK: @triangle
func.func @triangle(%A: memref<6xi32>, %B: memref<6xi32>) {
  affine.for %i = 0 to 6 {
    affine.for %j = 0 to affine_map<(d0) -> (d0)>(%i) {
      %a = affine.load %A[%j] : memref<6xi32>
      %b = affine.load %B[%i] : memref<6xi32>
      %c = arith.addi %a, %b : i32
      affine.store %c, %B[%i] : memref<6xi32>
    } {loop_name = "j"}
  } {loop_name = "i", pipeline_ii = 1 : i32}
  return
}

// 64 x 64 iterations under a pipelined loop would be 16,384 copies of the
// body: the nest stays, and the remark says why.
// BIG: remark: rtl: loop 'i' runs one iteration after another, not pipelined: its body is not straight-line code (a nested 'scf.for': the loops under it would unroll to more than 2048 operations)
// BIG: hcl check --rtl: OK: @too_big
func.func @too_big(%A: memref<64x64xi8>, %B: memref<2xi8>) {
  affine.for %i = 0 to 2 {
    affine.for %j = 0 to 64 {
      affine.for %k = 0 to 64 {
        %a = affine.load %A[%j, %k] : memref<64x64xi8>
        %b = affine.load %B[%i] : memref<2xi8>
        %c = arith.xori %a, %b : i8
        affine.store %c, %B[%i] : memref<2xi8>
      } {loop_name = "k"}
    } {loop_name = "j"}
  } {loop_name = "i", pipeline_ii = 1 : i32}
  return
}
