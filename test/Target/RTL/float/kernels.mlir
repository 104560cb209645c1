// Float kernels as whole SystemVerilog modules with hcl's float units
// (docs/rtl-float.md, "In the RTL backend"), simulated with Verilator and
// compared with the JIT bit for bit (NaNs' bits included), and lint-clean
// under verilator -Wall with the unit files `hcl rtl` writes next to them.
// docs/rtl-float.md compares the simulated cycles with the estimate's.
// REQUIRES: verilator
// RUN: rm -rf %t && mkdir -p %t
// RUN: hcl check --rtl %s --entry vadd --seeds 2 | FileCheck %s --check-prefix=VADD
// RUN: hcl check --rtl %s --entry dot --seeds 2 2>&1 | FileCheck %s --check-prefix=DOT
// RUN: hcl check --rtl %s --entry gemm --seeds 2 2>&1 | FileCheck %s --check-prefix=GEMM
// RUN: hcl check --rtl %s --entry axpy64 --seeds 2 2>&1 | FileCheck %s --check-prefix=F64
// RUN: hcl check --rtl %s --entry ops --seeds 3 2>&1 | FileCheck %s --check-prefix=OPS
// RUN: hcl estimate --target rtl %s --entry vadd | FileCheck %s --check-prefix=EST-VADD
// RUN: hcl estimate --target rtl %s --entry dot | FileCheck %s --check-prefix=EST-DOT
// RUN: hcl estimate --target rtl %s --entry gemm | FileCheck %s --check-prefix=EST-GEMM
// RUN: hcl estimate --target rtl %s --entry axpy64 | FileCheck %s --check-prefix=EST-F64
// RUN: hcl estimate --target rtl %s --entry ops | FileCheck %s --check-prefix=EST-OPS

// A float add of latency 4 per iteration, one iteration after another:
// two loads, the add's 4 cycles, the store.
// VADD: hcl check --rtl: OK: @vadd{{.*}}cycles 99, 99)
// EST-VADD: function: latency 99 cycles
// The accumulation's addf (4 cycles) is the recurrence: II 4, not 1.
// DOT: remark: rtl: loop 'i' pipelined at II 4 instead of 1: the estimate's ResMII is 1 (the ports of its memories) and its RecMII 4
// DOT: hcl check --rtl: OK: @dot{{.*}}cycles 136, 136)
// EST-DOT: function: latency 135 cycles
// GEMM: remark: rtl: loop 'k' pipelined at II 4 instead of 1
// GEMM: hcl check --rtl: OK: @gemm{{.*}}cycles 2515, 2515)
// EST-GEMM: function: latency 2451 cycles
// F64: hcl check --rtl: OK: @axpy64{{.*}}(compared arg0, arg1, arg2, arg3; cycles 30, 30)
// EST-F64: function: latency 29 cycles
// divf and sqrt (15 cycles each) in a loop at II 4 (eight stores to Q on
// its two ports).
// OPS: remark: rtl: loop 'i' pipelined at II 4 instead of 1: the estimate's ResMII is 4 (the ports of its memories) and its RecMII 1
// OPS: hcl check --rtl: OK: @ops{{.*}}cycles 87, 87, 87)
// EST-OPS: function: latency 81 cycles

// RUN: hcl rtl %s -o %t/vadd --entry vadd | FileCheck %s --check-prefix=RTL
// RUN: hcl rtl %s -o %t/ops --entry ops
// RUN: hcl rtl %s -o %t/axpy64 --entry axpy64
// RTL: hcl rtl: wrote {{.*}}vadd.sv
// Only the units a kernel uses, and the modules they instantiate.
// RUN: ls %t/vadd | FileCheck %s --check-prefix=FILES
// FILES-NOT: hcl_fp_mul.sv
// FILES: hcl_fp_add.sv
// FILES-NEXT: hcl_fp_lzc.sv
// FILES-NEXT: hcl_fp_operands.sv
// FILES-NEXT: hcl_fp_round.sv
// FILES-NEXT: hcl_fp_unpack.sv
// FILES-NEXT: vadd.sv
// RUN: FileCheck %s --check-prefix=SV < %t/vadd/vadd.sv
// SV: hcl_fp_add #(.EW(8), .MW(23)) fu{{[0-9]+}} (
// SV-NEXT: .clk(ap_clk),
// SV-NEXT: .ce(1'b1),
// SV-NEXT: .in_valid(1'b1),
// SV-NEXT: .a(
// SV-NEXT: .b(
// SV-NEXT: .sub(1'd0),
// RUN: FileCheck %s --check-prefix=SV-OPS < %t/ops/ops.sv
// SV-OPS-DAG: hcl_fp_div #(.EW(8), .MW(23))
// SV-OPS-DAG: hcl_fp_sqrt #(.EW(8), .MW(23))
// SV-OPS-DAG: hcl_fp_minmax #(.EW(8), .MW(23))
// SV-OPS-DAG: .op(2'd0),
// SV-OPS-DAG: .op(2'd3),
// SV-OPS-DAG: hcl_fp_cmp #(.EW(8), .MW(23))
// SV-OPS-DAG: .pred(4'd4),
// SV-OPS-DAG: .pred(4'd8),
// SV-OPS-DAG: hcl_fp_from_int #(.IW(32), .SIGNED(1), .EW(8), .MW(23))
// SV-OPS-DAG: hcl_fp_to_int #(.IW(64), .SIGNED(1), .EW(11), .MW(52))
// SV-OPS-DAG: hcl_fp_convert #(.EWI(8), .MWI(23), .EWO(11), .MWO(52))
// The constant 0.5's bits, and negf / absf / copysign as wirings.
// SV-OPS-DAG: = 32'h3F000000;
// SV-OPS-DAG: = {~w{{[0-9]+}}[31], w{{[0-9]+}}[30:0]};
// SV-OPS-DAG: = {1'b0, w{{[0-9]+}}[30:0]};
// RUN: cd %t/vadd && verilator --lint-only -Wall -Wno-DECLFILENAME vadd.sv hcl_fp_*.sv
// RUN: cd %t/ops && verilator --lint-only -Wall -Wno-DECLFILENAME ops.sv hcl_fp_*.sv
// RUN: cd %t/axpy64 && verilator --lint-only -Wall -Wno-DECLFILENAME axpy64.sv hcl_fp_*.sv

func.func @vadd(%A: memref<16xf32>, %B: memref<16xf32>, %C: memref<16xf32>) {
  affine.for %i = 0 to 16 {
    %a = affine.load %A[%i] : memref<16xf32>
    %b = affine.load %B[%i] : memref<16xf32>
    %c = arith.addf %a, %b : f32
    affine.store %c, %C[%i] : memref<16xf32>
  } {loop_name = "i"}
  return
}

func.func @dot(%A: memref<32xf32>, %B: memref<32xf32>, %X: memref<1xf32>) {
  %zero = arith.constant 0.0 : f32
  %x = affine.for %i = 0 to 32 iter_args(%acc = %zero) -> f32 {
    %a = affine.load %A[%i] : memref<32xf32>
    %b = affine.load %B[%i] : memref<32xf32>
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    affine.yield %s : f32
  } {loop_name = "i", pipeline_ii = 1 : i32}
  affine.store %x, %X[0] : memref<1xf32>
  return
}

// C = A * B, 8x8x8, accumulated in f32 in the pipelined k loop.
func.func @gemm(%A: memref<8x8xf32>, %B: memref<8x8xf32>, %C: memref<8x8xf32>) {
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %c = affine.for %k = 0 to 8 iter_args(%acc = %zero) -> f32 {
        %a = affine.load %A[%i, %k] : memref<8x8xf32>
        %b = affine.load %B[%k, %j] : memref<8x8xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %acc, %p : f32
        affine.yield %s : f32
      } {loop_name = "k", pipeline_ii = 1 : i32}
      affine.store %c, %C[%i, %j] : memref<8x8xf32>
    } {loop_name = "j"}
  } {loop_name = "i"}
  return
}

// y = a * x + y in f64, and its f32 rounding.
func.func @axpy64(%X: memref<16xf64>, %Y: memref<16xf64>, %S: memref<1xf64>,
                  %R: memref<16xf32>) {
  %a = affine.load %S[0] : memref<1xf64>
  affine.for %i = 0 to 16 {
    %x = affine.load %X[%i] : memref<16xf64>
    %y = affine.load %Y[%i] : memref<16xf64>
    %p = arith.mulf %a, %x : f64
    %s = arith.subf %p, %y : f64
    %m = arith.maximumf %s, %y : f64
    affine.store %m, %Y[%i] : memref<16xf64>
    %r = arith.truncf %s : f64 to f32
    affine.store %r, %R[%i] : memref<16xf32>
  } {loop_name = "i", pipeline_ii = 1 : i32}
  return
}

// divf, sqrt (of negative values too: the default NaN's bits), min/max,
// compares, select, conversions both ways at 32 and 64 bits, the sign
// wirings and a bitcast.
func.func @ops(%A: memref<16xf32>, %B: memref<16xf32>, %N: memref<16xi32>,
               %Q: memref<16x8xf32>, %M: memref<16x4xi32>) {
  %half = arith.constant 0.5 : f32
  affine.for %i = 0 to 16 {
    %a = affine.load %A[%i] : memref<16xf32>
    %b = affine.load %B[%i] : memref<16xf32>
    %n = affine.load %N[%i] : memref<16xi32>
    %q = arith.divf %a, %b : f32
    %s = math.sqrt %a : f32
    %mn = arith.minimumf %a, %b : f32
    %mx = arith.maxnumf %a, %b : f32
    %lt = arith.cmpf olt, %a, %b : f32
    %sel = arith.select %lt, %a, %half : f32
    %nf = arith.sitofp %n : i32 to f32
    %uf = arith.uitofp %n : i32 to f32
    %ng = arith.negf %a : f32
    %ab = math.absf %b : f32
    %cs = math.copysign %ab, %ng : f32
    %sc = arith.mulf %a, %nf : f32
    %ti = arith.fptosi %sc : f32 to i32
    %big = arith.extf %a : f32 to f64
    %l = arith.fptosi %big : f64 to i64
    %lt32 = arith.trunci %l : i64 to i32
    %un = arith.cmpf uno, %s, %s : f32
    %une = arith.extui %un : i1 to i32
    %bits = arith.bitcast %cs : f32 to i32
    affine.store %q, %Q[%i, 0] : memref<16x8xf32>
    affine.store %s, %Q[%i, 1] : memref<16x8xf32>
    affine.store %mn, %Q[%i, 2] : memref<16x8xf32>
    affine.store %mx, %Q[%i, 3] : memref<16x8xf32>
    affine.store %sel, %Q[%i, 4] : memref<16x8xf32>
    affine.store %nf, %Q[%i, 5] : memref<16x8xf32>
    affine.store %uf, %Q[%i, 6] : memref<16x8xf32>
    affine.store %cs, %Q[%i, 7] : memref<16x8xf32>
    affine.store %ti, %M[%i, 0] : memref<16x4xi32>
    affine.store %lt32, %M[%i, 1] : memref<16x4xi32>
    affine.store %une, %M[%i, 2] : memref<16x4xi32>
    affine.store %bits, %M[%i, 3] : memref<16x4xi32>
  } {loop_name = "i", pipeline_ii = 1 : i32}
  return
}
