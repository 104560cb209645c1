// The controller of a pipelined loop (docs/rtl.md, "Pipelined loops"): one
// state runs the modulo schedule. The load is issued in stage 0, the
// multiply (1 cycle, the shared latency table) computes in stage 1 when
// the data arrives, and the store in stage 2 takes the product and the
// address through register chains. The stages' valid bits shift at every
// iteration and the loop exits when none is left.
// One port per memory argument here; argument-ports.mlir has the second.
// RUN: hcl-translate --emit-rtl --rtl-argument-ports=1 %s | FileCheck %s

// CHECK-LABEL: module scale (
// CHECK:      logic [2:0] p0_valid;
// CHECK:      logic [63:0] [[IV:r[0-9]+]]_d2;
// CHECK:      assign [[A:w[0-9]+]] = arg0_rdata;
// CHECK:      assign [[P:w[0-9]+]] = [[A]] * arg2;
// CHECK:      assign [[NEXT:n[0-9]+]] = [[IV]] + w{{[0-9]+}};
// CHECK:      assign p0_issue = p0_valid[0] && ($signed([[NEXT]]) < $signed(w{{[0-9]+}}));
// CHECK:      assign p0_next = {p0_valid[1:0], p0_issue};
// CHECK:      if (p0_valid[0]) begin
// CHECK-NEXT:   arg0_ce = 1'b1;
// CHECK-NEXT:   arg0_addr = 3'([[IV]]);
// CHECK:      if (p0_valid[2]) begin
// CHECK-NEXT:   arg1_ce = 1'b1;
// CHECK-NEXT:   arg1_we = 1'b1;
// CHECK-NEXT:   arg1_addr = 3'([[IV]]_d2);
// CHECK-NEXT:   arg1_wdata = [[P]]_d1;
// CHECK:      [[IV]]_d1 <= [[IV]];
// CHECK-NEXT: [[IV]]_d2 <= [[IV]]_d1;
// CHECK-NEXT: [[P]]_d1 <= [[P]];
// The loop's entry: stage 0 valid, iv <= 0, test 0 < 8.
// CHECK:      3'd2: begin
// CHECK-NEXT:   p0_valid <= 3'd1;
// CHECK-NEXT:   [[IV]] <= w{{[0-9]+}};
// CHECK-NEXT:   state <= ($signed(w{{[0-9]+}}) < $signed(w{{[0-9]+}})) ? 3'd3 : 3'd4;
// CHECK:      3'd3: begin
// CHECK-NEXT:   [[IV]] <= [[NEXT]];
// CHECK-NEXT:   p0_valid <= p0_next;
// CHECK-NEXT:   if (p0_next == '0)
// CHECK-NEXT:     state <= 3'd4;
// CHECK-NEXT: end
func.func @scale(%A: memref<8xi16>, %B: memref<8xi16>, %k: i16) {
  affine.for %i = 0 to 8 {
    %a = affine.load %A[%i] : memref<8xi16>
    %p = arith.muli %a, %k : i16
    affine.store %p, %B[%i] : memref<8xi16>
  } {loop_name = "i", pipeline_ii = 1 : i32}
  return
}

// At II 2 a slot counter picks the cycle within the II: the two loads of A
// in slots 0 and 1 of stage 0, and the carried maximum written in slot 0
// of stage 1.
// CHECK-LABEL: module pairs (
// CHECK:      logic [0:0] p0_slot;
// CHECK:      if ((p0_slot == 1'd0) && p0_valid[0]) begin
// CHECK:      if ((p0_slot == 1'd1) && p0_valid[0]) begin
// CHECK:      if ((p0_slot == 1'd0) && p0_valid[1])
// CHECK-NEXT:   r{{[0-9]+}} <= w{{[0-9]+}};
// CHECK-NEXT: if (p0_slot == 1'd1) begin
// CHECK-NEXT:   p0_slot <= '0;
// CHECK:      end else begin
// CHECK-NEXT:   p0_slot <= p0_slot + 1'd1;
func.func @pairs(%A: memref<32xi16>) -> i16 {
  %min = arith.constant -32768 : i16
  %r = affine.for %p = 0 to 16 iter_args(%acc = %min) -> i16 {
    %a = affine.load %A[2 * %p] : memref<32xi16>
    %b = affine.load %A[2 * %p + 1] : memref<32xi16>
    %m = arith.maxsi %a, %b : i16
    %n = arith.maxsi %m, %acc : i16
    affine.yield %n : i16
  } {loop_name = "p", pipeline_ii = 2 : i32}
  return %r : i16
}
