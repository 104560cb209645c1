// Dataflow regions with streams as concurrent modules connected by FIFOs
// (docs/rtl.md, "Dataflow regions"): each process is a module started with
// the region, each stream a hcl_fifo of the depth hcl.to inferred, and a
// process stalls while its FIFO access or shared memory access waits.
// Simulated with Verilator and compared with the JIT bit for bit.
// REQUIRES: verilator
// RUN: rm -rf %t && mkdir -p %t
// RUN: hcl check --rtl %s --entry two --seeds 2 | FileCheck %s --check-prefix=TWO
// RUN: hcl check --rtl %s --entry three --seeds 2 | FileCheck %s --check-prefix=THREE
// RUN: hcl check --rtl %s --entry slow_producer --seeds 2 | FileCheck %s --check-prefix=SLOW
// RUN: hcl check --rtl %s --entry shared --seeds 2 | FileCheck %s --check-prefix=SHARED
// RUN: hcl check --rtl %s --entry stalled_pipeline --seeds 2 | FileCheck %s --check-prefix=STALLED
// RUN: hcl check --rtl %s --entry dead_consumer --seeds 2 | FileCheck %s --check-prefix=DEAD
// RUN: hcl rtl %s -o %t --entry three | FileCheck %s --check-prefix=WROTE
// RUN: verilator --lint-only -Wall %t/three.sv %t/hcl_fifo.sv
// RUN: FileCheck %s --check-prefix=RTL < %t/three.sv
// RUN: hcl rtl %s -o %t --entry shared
// RUN: verilator --lint-only -Wall %t/shared.sv %t/hcl_fifo.sv
// RUN: FileCheck %s --check-prefix=SHARED-RTL < %t/shared.sv
// TWO: hcl check --rtl: OK: @two
// THREE: hcl check --rtl: OK: @three
// SLOW: hcl check --rtl: OK: @slow_producer
// SHARED: hcl check --rtl: OK: @shared
// STALLED: hcl check --rtl: OK: @stalled_pipeline
// DEAD: hcl check --rtl: OK: @dead_consumer
// WROTE: hcl rtl: wrote {{.*}}three.sv
// The region's module instantiates its three processes, started together,
// and two FIFOs of the inferred depth between them; the processes' modules
// stall, and hold a port's data through a stall.
// RTL-LABEL: module three (
// RTL:       three_S1 p0_instance (
// RTL:         .ap_stall(p0_stall),
// RTL:       three_S2 p1_instance (
// RTL:       three_S3 p2_instance (
// RTL:       hcl_fifo #(.W(32), .DEPTH(2)) fifo_buf0 (
// RTL:         .push(p0_arg1_ce && p0_arg1_we && !p0_stall),
// RTL:         .pop(p1_arg0_ce && !p1_stall),
// RTL:       hcl_fifo #(.W(32), .DEPTH(2)) fifo_buf1 (
// RTL:       assign p1_wait = (p1_arg0_ce && fifo_buf0_empty) || (p1_arg1_ce && fifo_buf1_full);
// RTL:       assign p0_start = (state == IDLE && ap_start) || (state == RUN && !started[0]);
// RTL:       assign p1_start = (state == IDLE && ap_start) || (state == RUN && !started[1]);
// RTL:       assign p2_start = (state == IDLE && ap_start) || (state == RUN && !started[2]);
// RTL:       assign ap_done = state == RUN && (finished | {p2_done, p1_done, p0_done}) == '1;
// E (p3) reads X, which B (p0) writes: it starts when B is done. B and C
// share A's port, B first; D's memory (the result) is D's alone.
// SHARED-RTL-LABEL: module shared (
// SHARED-RTL:       assign arg0_gnt0 = (p0_arg0_ce && !p0_wait);
// SHARED-RTL:       assign arg0_gnt1 = (p1_arg0_ce && !p1_wait) && !((p0_arg0_ce && !p0_wait));
// SHARED-RTL:       if (arg0_gnt0 && !p0_stall) begin
// SHARED-RTL:       else if (arg0_gnt1 && !p1_stall) begin
// SHARED-RTL:       assign p3_start = (state == RUN && !started[3] && finished[0]);
// RTL-LABEL: module three_S1 (
// RTL:         input  logic ap_stall,
// RTL:       arg0_rdata_h = stall_q ? arg0_rdata_q : arg0_rdata;
// RTL:       end else if (!ap_stall) begin

// Two stages, both pipelined at II 1: B = A * 3 + 1, then C = B - 2.
func.func @two(%A: memref<64xi32>) -> memref<64xi32> {
  %sP = hcl.create_stage_handle "P" : !hcl.StageHandle
  %sC = hcl.create_stage_handle "C" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %c3 = arith.constant 3 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %B = memref.alloc() {name = "B"} : memref<64xi32>
  affine.for %i = 0 to 64 {
    %a = affine.load %A[%i] : memref<64xi32>
    %m = arith.muli %a, %c3 : i32
    %b = arith.addi %m, %c1 : i32
    affine.store %b, %B[%i] : memref<64xi32>
  } {loop_name = "i", stage_name = "P"}
  %C = memref.alloc() {name = "C"} : memref<64xi32>
  affine.for %i = 0 to 64 {
    %b = affine.load %B[%i] : memref<64xi32>
    %c = arith.subi %b, %c2 : i32
    affine.store %c, %C[%i] : memref<64xi32>
  } {loop_name = "i", stage_name = "C"}
  hcl.pipeline(%sP, %li, 1)
  hcl.pipeline(%sC, %li, 1)
  hcl.to(%B : memref<64xi32>, %sC)
  return %C : memref<64xi32>
}

// Three stages in a chain over a 8x8 array: S1 and S3 sequential, S2
// (the middle one) pipelined at II 1.
func.func @three(%A: memref<8x8xi32>) -> memref<8x8xi32> {
  %s2 = hcl.create_stage_handle "S2" : !hcl.StageHandle
  %s3 = hcl.create_stage_handle "S3" : !hcl.StageHandle
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  %c5 = arith.constant 5 : i32
  %B = memref.alloc() {name = "B"} : memref<8x8xi32>
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %a = affine.load %A[%i, %j] : memref<8x8xi32>
      %b = arith.addi %a, %c5 : i32
      affine.store %b, %B[%i, %j] : memref<8x8xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "S1"}
  %C = memref.alloc() {name = "C"} : memref<8x8xi32>
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %b = affine.load %B[%i, %j] : memref<8x8xi32>
      %c = arith.muli %b, %b : i32
      affine.store %c, %C[%i, %j] : memref<8x8xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "S2"}
  %D = memref.alloc() {name = "D"} : memref<8x8xi32>
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %c = affine.load %C[%i, %j] : memref<8x8xi32>
      %d = arith.xori %c, %c5 : i32
      affine.store %d, %D[%i, %j] : memref<8x8xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "S3"}
  hcl.pipeline(%s2, %lj, 1)
  hcl.to(%B : memref<8x8xi32>, %s2)
  hcl.to(%C : memref<8x8xi32>, %s3)
  return %D : memref<8x8xi32>
}

// A sequential producer with a multiply (a FIFO often empty) and a consumer
// pipelined at II 1 that also reads A, which the producer reads: the two
// share A's port through the region's arbiter.
func.func @slow_producer(%A: memref<32xi32>, %k: i32) -> memref<32xi32> {
  %sC = hcl.create_stage_handle "C" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %B = memref.alloc() {name = "B"} : memref<32xi32>
  affine.for %i = 0 to 32 {
    %a = affine.load %A[%i] : memref<32xi32>
    %m = arith.muli %a, %k : i32
    %n = arith.muli %m, %a : i32
    affine.store %n, %B[%i] : memref<32xi32>
  } {loop_name = "i", stage_name = "P"}
  %C = memref.alloc() {name = "C"} : memref<32xi32>
  affine.for %i = 0 to 32 {
    %b = affine.load %B[%i] : memref<32xi32>
    %a = affine.load %A[%i] : memref<32xi32>
    %c = arith.addi %b, %a : i32
    affine.store %c, %C[%i] : memref<32xi32>
  } {loop_name = "i", stage_name = "C"}
  hcl.pipeline(%sC, %li, 1)
  hcl.to(%B : memref<32xi32>, %sC)
  return %C : memref<32xi32>
}

// The repository's three-stage program on 8x8 (test/Transforms/stream/
// three-stages.mlir): B and C both read A (one port, shared) and are
// streamed into D, which is pipelined; plus E, which reads the ordinary
// buffer X that B's stage writes, so it starts when that stage is done.
func.func @shared(%A: memref<8x8xi32>) -> (memref<8x8xi32>, memref<8x8xi32>) {
  %sD = hcl.create_stage_handle "D" : !hcl.StageHandle
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  %c1 = arith.constant 1 : i32
  %B = memref.alloc() {name = "B"} : memref<8x8xi32>
  %X = memref.alloc() {name = "X"} : memref<8x8xi32>
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %a = affine.load %A[%i, %j] : memref<8x8xi32>
      %b = arith.addi %a, %c1 : i32
      affine.store %b, %B[%i, %j] : memref<8x8xi32>
      affine.store %a, %X[%i, %j] : memref<8x8xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "B"}
  %C = memref.alloc() {name = "C"} : memref<8x8xi32>
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %a = affine.load %A[%i, %j] : memref<8x8xi32>
      %c = arith.subi %a, %c1 : i32
      affine.store %c, %C[%i, %j] : memref<8x8xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "C"}
  %D = memref.alloc() {name = "D"} : memref<8x8xi32>
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %b = affine.load %B[%i, %j] : memref<8x8xi32>
      %c = affine.load %C[%i, %j] : memref<8x8xi32>
      %d = arith.muli %b, %c : i32
      affine.store %d, %D[%i, %j] : memref<8x8xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "D"}
  %E = memref.alloc() {name = "E"} : memref<8x8xi32>
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %x = affine.load %X[%i, %j] : memref<8x8xi32>
      %y = arith.addi %x, %x : i32
      affine.store %y, %E[%i, %j] : memref<8x8xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "E"}
  hcl.pipeline(%sD, %lj, 1)
  hcl.to(%B : memref<8x8xi32>, %sD)
  hcl.to(%C : memref<8x8xi32>, %sD)
  return %D, %E : memref<8x8xi32>, memref<8x8xi32>
}

// A fast producer (pipelined at II 1, reading its own local buffer T) and
// a slow consumer (two multiplies, sequential): the FIFO fills and the
// producer stalls in the middle of its pipeline, with reads of T and of A
// in flight, which must hold through the stall.
func.func @stalled_pipeline(%A: memref<32xi32>, %k: i32) -> memref<32xi32> {
  %sP = hcl.create_stage_handle "P" : !hcl.StageHandle
  %lk = hcl.create_loop_handle "k" : !hcl.LoopHandle
  %sC = hcl.create_stage_handle "C" : !hcl.StageHandle
  %c1 = arith.constant 1 : i32
  %B = memref.alloc() {name = "B"} : memref<32xi32>
  %T = memref.alloc() {name = "T"} : memref<32xi32>
  affine.for %o = 0 to 1 {
    affine.for %i = 0 to 32 {
      %a = affine.load %A[%i] : memref<32xi32>
      %t = arith.addi %a, %a : i32
      affine.store %t, %T[%i] : memref<32xi32>
    } {loop_name = "i"}
    affine.for %i = 0 to 32 {
      %t = affine.load %T[%i] : memref<32xi32>
      %a = affine.load %A[%i] : memref<32xi32>
      %s = arith.addi %t, %a : i32
      %b = arith.addi %s, %c1 : i32
      affine.store %b, %B[%i] : memref<32xi32>
    } {loop_name = "k"}
  } {loop_name = "o", stage_name = "P"}
  %C = memref.alloc() {name = "C"} : memref<32xi32>
  affine.for %i = 0 to 32 {
    %b = affine.load %B[%i] : memref<32xi32>
    %m = arith.muli %b, %k : i32
    %n = arith.muli %m, %b : i32
    affine.store %n, %C[%i] : memref<32xi32>
  } {loop_name = "i", stage_name = "C"}
  hcl.pipeline(%sP, %lk, 1)
  hcl.to(%B : memref<32xi32>, %sC)
  return %C : memref<32xi32>
}

// A streamed buffer's consumer whose own result nobody reads, beside a live
// stage: the dead chain (consumer, stream, producer) is removed before the
// processes are outlined, so no producer is left pushing into a FIFO that
// nobody pops (this deadlocked: random_pipelines.py --seed 30, program 2).
func.func @dead_consumer(%A: memref<6x5xi32>) -> memref<6x5xi32> {
  %sD = hcl.create_stage_handle "D" : !hcl.StageHandle
  %c7 = arith.constant 7 : i32
  %B = memref.alloc() {name = "B"} : memref<6x5xi32>
  affine.for %i = 0 to 6 {
    affine.for %j = 0 to 5 {
      %a = affine.load %A[%i, %j] : memref<6x5xi32>
      %b = arith.xori %a, %c7 : i32
      affine.store %b, %B[%i, %j] : memref<6x5xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "P"}
  %D = memref.alloc() {name = "D"} : memref<6x5xi32>
  affine.for %i = 0 to 6 {
    affine.for %j = 0 to 5 {
      %b = affine.load %B[%i, %j] : memref<6x5xi32>
      %d = arith.muli %b, %b : i32
      affine.store %d, %D[%i, %j] : memref<6x5xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "D"}
  %E = memref.alloc() {name = "E"} : memref<6x5xi32>
  affine.for %i = 0 to 6 {
    affine.for %j = 0 to 5 {
      %a = affine.load %A[%i, %j] : memref<6x5xi32>
      %e = arith.addi %a, %c7 : i32
      affine.store %e, %E[%i, %j] : memref<6x5xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "E"}
  hcl.to(%B : memref<6x5xi32>, %sD)
  return %E : memref<6x5xi32>
}
