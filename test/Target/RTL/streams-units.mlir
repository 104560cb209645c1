// Multi-cycle units in the processes of a dataflow region (docs/rtl.md,
// "Dataflow regions"): a float unit or a divider takes the process's
// `!ap_stall` as its clock enable, so its pipeline holds while the process
// waits on a FIFO or a shared memory, and a result comes its latency in
// running cycles after its operands. Each region is simulated with
// Verilator against the JIT bit for bit; small FIFOs make the processes
// stall often, with operations in flight in the units.
// REQUIRES: verilator
// RUN: rm -rf %t && mkdir -p %t
// RUN: hcl check --rtl %s --entry fast_producer --seeds 2 | FileCheck %s --check-prefix=FAST
// RUN: hcl check --rtl %s --entry slow_producer --seeds 2 | FileCheck %s --check-prefix=SLOW
// RUN: hcl check --rtl %s --entry accumulate --seeds 2 | FileCheck %s --check-prefix=ACC
// RUN: hcl check --rtl %s --entry f64_chain --seeds 2 | FileCheck %s --check-prefix=F64
// RUN: hcl check --rtl %s --entry divide --seeds 2 | FileCheck %s --check-prefix=DIV
// RUN: hcl rtl %s -o %t --entry fast_producer
// RUN: verilator --lint-only -Wall -Wno-DECLFILENAME %t/fast_producer.sv %t/hcl_fifo.sv %t/hcl_fp_*.sv
// RUN: FileCheck %s --check-prefix=RTL < %t/fast_producer.sv
// FAST: hcl check --rtl: OK: @fast_producer
// SLOW: hcl check --rtl: OK: @slow_producer
// ACC: hcl check --rtl: OK: @accumulate
// F64: hcl check --rtl: OK: @f64_chain
// DIV: hcl check --rtl: OK: @divide
// A process's float units run while it does not stall; the region's own
// module has none.
// RTL-LABEL: module fast_producer_P (
// RTL:         input  logic ap_stall,
// RTL:       hcl_fp_mul #(.EW(8), .MW(23)) fu{{[0-9]+}} (
// RTL-NEXT:    .clk(ap_clk),
// RTL-NEXT:    .ce(!ap_stall),
// RTL:       hcl_fp_add #(.EW(8), .MW(23)) fu{{[0-9]+}} (
// RTL-NEXT:    .clk(ap_clk),
// RTL-NEXT:    .ce(!ap_stall),
// RTL-LABEL: module fast_producer_C (
// RTL:       hcl_fp_div #(.EW(8), .MW(23)) fu{{[0-9]+}} (
// RTL-NEXT:    .clk(ap_clk),
// RTL-NEXT:    .ce(!ap_stall),

// A producer at II 1 (a multiply-add) into a FIFO of 2, read by a
// consumer that divides one element after another (15 cycles each): the
// producer stalls with its float pipeline full.
func.func @fast_producer(%A: memref<32xf32>) -> memref<32xf32> {
  %sP = hcl.create_stage_handle "P" : !hcl.StageHandle
  %sC = hcl.create_stage_handle "C" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %c3 = arith.constant 3.5 : f32
  %c1 = arith.constant 1.25 : f32
  %B = memref.alloc() {name = "B"} : memref<32xf32>
  affine.for %i = 0 to 32 {
    %a = affine.load %A[%i] : memref<32xf32>
    %m = arith.mulf %a, %c3 : f32
    %b = arith.addf %m, %c1 : f32
    affine.store %b, %B[%i] : memref<32xf32>
  } {loop_name = "i", stage_name = "P"}
  %C = memref.alloc() {name = "C"} : memref<32xf32>
  affine.for %i = 0 to 32 {
    %b = affine.load %B[%i] : memref<32xf32>
    %a = affine.load %A[%i] : memref<32xf32>
    %c = arith.divf %b, %a : f32
    affine.store %c, %C[%i] : memref<32xf32>
  } {loop_name = "i", stage_name = "C"}
  hcl.pipeline(%sP, %li, 1)
  hcl.to(%B : memref<32xf32>, %sC) {depth = 2}
  return %C : memref<32xf32>
}

// A sequential producer (a square root per element) feeding a consumer
// pipelined at II 1: the consumer stalls on the empty FIFO between
// elements, with its multiply and subtract in flight.
func.func @slow_producer(%A: memref<32xf32>) -> memref<32xf32> {
  %sC = hcl.create_stage_handle "C" : !hcl.StageHandle
  %sP = hcl.create_stage_handle "P" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %c2 = arith.constant 2.0 : f32
  %B = memref.alloc() {name = "B"} : memref<32xf32>
  affine.for %i = 0 to 32 {
    %a = affine.load %A[%i] : memref<32xf32>
    %x = math.absf %a : f32
    %r = math.sqrt %x : f32
    affine.store %r, %B[%i] : memref<32xf32>
  } {loop_name = "i", stage_name = "P"}
  %C = memref.alloc() {name = "C"} : memref<32xf32>
  affine.for %i = 0 to 32 {
    %b = affine.load %B[%i] : memref<32xf32>
    %m = arith.mulf %b, %b : f32
    %d = arith.subf %m, %c2 : f32
    affine.store %d, %C[%i] : memref<32xf32>
  } {loop_name = "i", stage_name = "C"}
  hcl.pipeline(%sC, %li, 1)
  hcl.to(%B : memref<32xf32>, %sC) {depth = 2}
  return %C : memref<32xf32>
}

// A running sum of a stream (a float recurrence: II 4, the adder's
// latency) after a pipelined producer: both stall, the sum's carried
// register holds through the stalls.
func.func @accumulate(%A: memref<16x8xf32>) -> memref<16xf32> {
  %sP = hcl.create_stage_handle "P" : !hcl.StageHandle
  %sS = hcl.create_stage_handle "S" : !hcl.StageHandle
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  %zero = arith.constant 0.0 : f32
  %B = memref.alloc() {name = "B"} : memref<16x8xf32>
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 8 {
      %a = affine.load %A[%i, %j] : memref<16x8xf32>
      %m = arith.mulf %a, %a : f32
      affine.store %m, %B[%i, %j] : memref<16x8xf32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "P"}
  %S = memref.alloc() {name = "S"} : memref<16xf32>
  affine.for %i = 0 to 16 {
    %s = affine.for %j = 0 to 8 iter_args(%acc = %zero) -> (f32) {
      %b = affine.load %B[%i, %j] : memref<16x8xf32>
      %n = arith.addf %acc, %b : f32
      affine.yield %n : f32
    } {loop_name = "j", pipeline_ii = 1 : i32}
    affine.store %s, %S[%i] : memref<16xf32>
  } {loop_name = "i", stage_name = "S"}
  hcl.pipeline(%sP, %lj, 1)
  hcl.to(%B : memref<16x8xf32>, %sS) {depth = 2}
  return %S : memref<16xf32>
}

// f64 through three processes: a conversion from i32, a multiply-add,
// a comparison and a maximum.
func.func @f64_chain(%A: memref<24xi32>, %W: memref<24xf64>) -> memref<24xf64> {
  %s1 = hcl.create_stage_handle "S1" : !hcl.StageHandle
  %s2 = hcl.create_stage_handle "S2" : !hcl.StageHandle
  %s3 = hcl.create_stage_handle "S3" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %half = arith.constant 0.5 : f64
  %X = memref.alloc() {name = "X"} : memref<24xf64>
  affine.for %i = 0 to 24 {
    %a = affine.load %A[%i] : memref<24xi32>
    %x = arith.sitofp %a : i32 to f64
    affine.store %x, %X[%i] : memref<24xf64>
  } {loop_name = "i", stage_name = "S1"}
  %Y = memref.alloc() {name = "Y"} : memref<24xf64>
  affine.for %i = 0 to 24 {
    %x = affine.load %X[%i] : memref<24xf64>
    %w = affine.load %W[%i] : memref<24xf64>
    %m = arith.mulf %x, %w : f64
    %y = arith.addf %m, %half : f64
    affine.store %y, %Y[%i] : memref<24xf64>
  } {loop_name = "i", stage_name = "S2"}
  %Z = memref.alloc() {name = "Z"} : memref<24xf64>
  affine.for %i = 0 to 24 {
    %y = affine.load %Y[%i] : memref<24xf64>
    %neg = arith.cmpf olt, %y, %half : f64
    %p = arith.maximumf %y, %half : f64
    %z = arith.select %neg, %half, %p : f64
    affine.store %z, %Z[%i] : memref<24xf64>
  } {loop_name = "i", stage_name = "S3"}
  hcl.pipeline(%s1, %li, 1)
  hcl.pipeline(%s2, %li, 1)
  hcl.to(%X : memref<24xf64>, %s2) {depth = 2}
  hcl.to(%Y : memref<24xf64>, %s3) {depth = 2}
  return %Z : memref<24xf64>
}

// An integer divider in a pipelined producer (32 cycles deep) into a
// FIFO of 2 whose consumer is sequential.
func.func @divide(%A: memref<32xi32>, %D: memref<32xi32>) -> memref<32xi32> {
  %sP = hcl.create_stage_handle "P" : !hcl.StageHandle
  %sC = hcl.create_stage_handle "C" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %one = arith.constant 1 : i32
  %B = memref.alloc() {name = "B"} : memref<32xi32>
  affine.for %i = 0 to 32 {
    %a = affine.load %A[%i] : memref<32xi32>
    %d = affine.load %D[%i] : memref<32xi32>
    %nz = arith.ori %d, %one : i32
    %q = arith.divui %a, %nz : i32
    affine.store %q, %B[%i] : memref<32xi32>
  } {loop_name = "i", stage_name = "P"}
  %C = memref.alloc() {name = "C"} : memref<32xi32>
  affine.for %i = 0 to 32 {
    %b = affine.load %B[%i] : memref<32xi32>
    %r = arith.remui %b, %one : i32
    %c = arith.addi %b, %r : i32
    affine.store %c, %C[%i] : memref<32xi32>
  } {loop_name = "i", stage_name = "C"}
  hcl.pipeline(%sP, %li, 1)
  hcl.to(%B : memref<32xi32>, %sC) {depth = 2}
  return %C : memref<32xi32>
}
