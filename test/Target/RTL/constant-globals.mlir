// A constant global (an imported network's weights) is a ROM of the
// function that reads it (hcl-rtl-constant-globals): a memory whose
// contents an `initial` block sets, split into banks with its partition
// (each bank its part of the value, a one-element bank a register), shared
// by the processes of a dataflow region like any buffer. Each kernel is
// simulated with Verilator against the JIT bit for bit; the estimate
// counts a global's ports as a local memory's.
// REQUIRES: verilator
// RUN: rm -rf %t && mkdir -p %t
// RUN: hcl-opt %s --hcl-rtl-constant-globals | FileCheck %s --check-prefix=PASS
// RUN: hcl check --rtl %s --entry scale --seeds 2 | FileCheck %s --check-prefix=SCALE
// RUN: hcl estimate --target rtl %s --entry scale | FileCheck %s --check-prefix=EST-SCALE
// RUN: hcl check --rtl %s --entry banked --seeds 2 | FileCheck %s --check-prefix=BANKED
// RUN: hcl estimate --target rtl %s --entry banked | FileCheck %s --check-prefix=EST-BANKED
// RUN: hcl check --rtl %s --entry taps --seeds 2 | FileCheck %s --check-prefix=TAPS
// RUN: hcl check --rtl %s --entry shared --seeds 2 | FileCheck %s --check-prefix=SHARED
// RUN: hcl estimate --target rtl %s --entry shared | FileCheck %s --check-prefix=EST-SHARED
// RUN: hcl-opt %s --hcl-apply-customizations --hcl-rtl-constant-globals --hcl-rtl-split-banks | FileCheck %s --check-prefix=SPLIT
// RUN: hcl rtl %s -o %t/scale --entry scale
// RUN: FileCheck %s --check-prefix=RTL < %t/scale/scale.sv
// RUN: verilator --lint-only -Wall -Wno-DECLFILENAME %t/scale/scale.sv %t/scale/hcl_fp_*.sv
// RUN: hcl rtl %s -o %t/taps --entry taps
// RUN: FileCheck %s --check-prefix=TAPS-RTL < %t/taps/taps.sv
// RUN: hcl rtl %s -o %t/shared --entry shared
// RUN: verilator --lint-only -Wall -Wno-DECLFILENAME %t/shared/shared.sv %t/shared/hcl_fifo.sv %t/shared/hcl_fp_*.sv

// PASS-LABEL: func.func @scale(
// PASS:         memref.alloc() {name = "w", rtl.initial = dense<[1.000000e+00, 2.500000e+00, -3.000000e+00, 1.250000e-01, 4.000000e+00, -0.000000e+00, 7.750000e+00, 1.000000e-03]> : tensor<8xf32>} : memref<8xf32>
// PASS-NOT:     memref.get_global
// SCALE: hcl check --rtl: OK: @scale{{.*}}bit for bit{{.*}}cycles 15, 15)
// EST-SCALE: function: latency 15 cycles
// RTL-LABEL: module scale (
// RTL:         initial begin
// RTL-NEXT:      buf0_ram[0] = 32'h3F800000;
// RTL-NEXT:      buf0_ram[1] = 32'h40200000;
// RTL-NEXT:      buf0_ram[2] = 32'hC0400000;
// RTL-NEXT:      buf0_ram[3] = 32'h3E000000;
// RTL-NEXT:      buf0_ram[4] = 32'h40800000;
// RTL-NEXT:      buf0_ram[5] = 32'h80000000;
// RTL-NEXT:      buf0_ram[6] = 32'h40F80000;
// RTL-NEXT:      buf0_ram[7] = 32'h3A83126F;
// RTL-NEXT:    end
memref.global "private" constant @w : memref<8xf32> = dense<[1.0, 2.5, -3.0, 0.125, 4.0, -0.0, 7.75, 1.0e-3]>
func.func @scale(%A: memref<8xf32>, %B: memref<8xf32>) {
  %w = memref.get_global @w : memref<8xf32>
  affine.for %i = 0 to 8 {
    %a = affine.load %A[%i] : memref<8xf32>
    %c = affine.load %w[%i] : memref<8xf32>
    %p = arith.mulf %a, %c : f32
    affine.store %p, %B[%i] : memref<8xf32>
  } {loop_name = "i", stage_name = "B"}
  %s = hcl.create_stage_handle "B" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  hcl.pipeline(%s, %li, 1)
  return
}

// Four reads of the weights an iteration: the ROM's one port would give
// II 4; the global's cyclic partition gives each bank a port, and A's four
// reads on its two ports give II 2. Each bank holds the elements the
// layout gives it (bank k: W[4i + k]).
// PASS-LABEL: func.func @banked(
// PASS:         memref.alloc() {name = "wb", rtl.initial = dense<[3, -1, 4, 1, -5, 9, 2, -6, 5, 3, -5, 8, 9, -7, 9, 3]> : tensor<16xi32>} : memref<16xi32>
// SPLIT-LABEL: func.func @banked(
// SPLIT:         memref.alloc() {name = "wb", rtl.initial = dense<[3, -5, 5, 9]> : tensor<4xi32>} : memref<4xi32>
// SPLIT:         memref.alloc() {name = "wb", rtl.initial = dense<[-1, 9, 3, -7]> : tensor<4xi32>} : memref<4xi32>
// SPLIT:         memref.alloc() {name = "wb", rtl.initial = dense<[4, 2, -5, 9]> : tensor<4xi32>} : memref<4xi32>
// SPLIT:         memref.alloc() {name = "wb", rtl.initial = dense<[1, -6, 8, 3]> : tensor<4xi32>} : memref<4xi32>
// BANKED: hcl check --rtl: OK: @banked{{.*}}bit for bit{{.*}}cycles 13, 13)
// EST-BANKED: function: latency 13 cycles
memref.global "private" constant @wb : memref<16xi32> = dense<[3, -1, 4, 1, -5, 9, 2, -6, 5, 3, -5, 8, 9, -7, 9, 3]>
func.func @banked(%A: memref<4x4xi32>, %B: memref<4xi32>) {
  %w = memref.get_global @wb : memref<16xi32>
  affine.for %i = 0 to 4 {
    %s0 = arith.constant 0 : i32
    %r = affine.for %k = 0 to 4 iter_args(%acc = %s0) -> i32 {
      %a = affine.load %A[%i, %k] : memref<4x4xi32>
      %c = affine.load %w[4 * %i + %k] : memref<16xi32>
      %p = arith.muli %a, %c : i32
      %n = arith.addi %acc, %p : i32
      affine.yield %n : i32
    } {loop_name = "k"}
    affine.store %r, %B[%i] : memref<4xi32>
  } {loop_name = "i", stage_name = "B"}
  %s = hcl.create_stage_handle "B" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  hcl.partition(%w : memref<16xi32>, Cyclic, 0, 4)
  hcl.pipeline(%s, %li, 1)
  return
}

// A completely partitioned global: each element a register set at
// configuration, read as a wire.
// SPLIT-LABEL: func.func @taps(
// SPLIT:         memref.alloc() {name = "taps3", rtl.initial = dense<2.500000e-01> : tensor<1xf64>, rtl.register} : memref<1xf64>
// SPLIT:         memref.alloc() {name = "taps3", rtl.initial = dense<5.000000e-01> : tensor<1xf64>, rtl.register} : memref<1xf64>
// SPLIT:         memref.alloc() {name = "taps3", rtl.initial = dense<-2.500000e-01> : tensor<1xf64>, rtl.register} : memref<1xf64>
// TAPS: hcl check --rtl: OK: @taps{{.*}}bit for bit
// TAPS-RTL-LABEL: module taps (
// TAPS-RTL:         logic [63:0] buf{{[0-9]+}}_ram [0:0];
// TAPS-RTL:         initial begin
// TAPS-RTL-NEXT:      buf{{[0-9]+}}_ram[0] = 64'h3FD0000000000000;
// TAPS-RTL-NEXT:    end
memref.global "private" constant @taps3 : memref<3xf64> = dense<[0.25, 0.5, -0.25]>
func.func @taps(%A: memref<10xf64>, %B: memref<8xf64>) {
  %t = memref.get_global @taps3 : memref<3xf64>
  affine.for %i = 0 to 8 {
    %a0 = affine.load %A[%i] : memref<10xf64>
    %a1 = affine.load %A[%i + 1] : memref<10xf64>
    %a2 = affine.load %A[%i + 2] : memref<10xf64>
    %t0 = affine.load %t[0] : memref<3xf64>
    %t1 = affine.load %t[1] : memref<3xf64>
    %t2 = affine.load %t[2] : memref<3xf64>
    %p0 = arith.mulf %a0, %t0 : f64
    %p1 = arith.mulf %a1, %t1 : f64
    %p2 = arith.mulf %a2, %t2 : f64
    %s0 = arith.addf %p0, %p1 : f64
    %s1 = arith.addf %s0, %p2 : f64
    affine.store %s1, %B[%i] : memref<8xf64>
  } {loop_name = "i", stage_name = "B"}
  %s = hcl.create_stage_handle "B" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  hcl.partition(%t : memref<3xf64>, Complete, 0)
  hcl.pipeline(%s, %li, 1)
  return
}

// Two processes of a dataflow region read one global: each gets a ROM of
// its own, so that neither waits for the other's turn on a shared port
// (with the weights an argument both share, 39 cycles; estimate 25).
// SPLIT-LABEL: func.func @shared(
// SPLIT-COUNT-2: memref.alloc() {name = "bias", rtl.initial = dense<[5.000000e-01, {{.*}}]> : tensor<16xf32>} : memref<16xf32>
// SHARED: hcl check --rtl: OK: @shared{{.*}}bit for bit{{.*}}cycles 29, 29)
// EST-SHARED: function: latency 25 cycles
memref.global "private" constant @bias : memref<16xf32> = dense<[0.5, -1.0, 2.0, 0.0, 1.5, -2.5, 3.0, 0.25, -0.75, 1.0, 2.25, -3.5, 0.125, 4.0, -0.5, 1.0]>
func.func @shared(%A: memref<16xf32>, %B: memref<16xf32>) {
  %w = memref.get_global @bias : memref<16xf32>
  %T = memref.alloc() {name = "T"} : memref<16xf32>
  affine.for %i = 0 to 16 {
    %a = affine.load %A[%i] : memref<16xf32>
    %c = affine.load %w[%i] : memref<16xf32>
    %p = arith.addf %a, %c : f32
    affine.store %p, %T[%i] : memref<16xf32>
  } {loop_name = "i", stage_name = "T"}
  affine.for %j = 0 to 16 {
    %t = affine.load %T[%j] : memref<16xf32>
    %c = affine.load %w[15 - %j] : memref<16xf32>
    %p = arith.mulf %t, %c : f32
    affine.store %p, %B[%j] : memref<16xf32>
  } {loop_name = "j", stage_name = "B"}
  %sT = hcl.create_stage_handle "T" : !hcl.StageHandle
  %sB = hcl.create_stage_handle "B" : !hcl.StageHandle
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  hcl.pipeline(%sT, %li, 1)
  hcl.pipeline(%sB, %lj, 1)
  hcl.to(%T : memref<16xf32>, %sB)
  return
}
