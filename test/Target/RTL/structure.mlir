// The interface and the controller of a small kernel (docs/rtl.md): the
// ap_ctrl_hs-style handshake, one memory port per array argument, scalar
// arguments and results as ports, and the loop's states: an iteration
// issues both loads in one cycle (two memories), multiplies when the data
// arrives one cycle later, and adds and stores the next cycle.
// RUN: hcl-translate --emit-rtl %s | FileCheck %s

// CHECK-LABEL: module axpy (
// CHECK-NEXT:   input  logic ap_clk,
// CHECK-NEXT:   input  logic ap_rst,
// CHECK-NEXT:   input  logic ap_start,
// CHECK-NEXT:   output logic ap_done,
// CHECK-NEXT:   output logic ap_idle,
// CHECK-NEXT:   output logic ap_ready,
// CHECK-NEXT:   output logic [2:0] arg0_addr,
// CHECK-NEXT:   output logic arg0_ce,
// CHECK-NEXT:   output logic arg0_we,
// CHECK-NEXT:   output logic [15:0] arg0_wdata,
// CHECK-NEXT:   input  logic [15:0] arg0_rdata,
// CHECK:        input  logic [15:0] arg1_rdata,
// CHECK-NEXT:   input  logic [15:0] arg2,
// CHECK-NEXT:   output logic [15:0] result0
// CHECK-NEXT: );
// The loads' data: the ports' read data, one cycle after the issue. The
// multiply (1 cycle, docs/rtl.md) computes when the data arrives; the add
// and the store read its registered product and the registered data of Y
// one cycle later.
// CHECK:      assign [[A:w[0-9]+]] = arg0_rdata;
// CHECK:      assign [[B:w[0-9]+]] = arg1_rdata;
// CHECK:      assign [[P:w[0-9]+]] = [[A]] * arg2;
// CHECK:      assign [[S:w[0-9]+]] = [[RP:r[0-9]+]] + [[RB:r[0-9]+]];
// CHECK:      arg0_addr = 3'([[IV:r[0-9]+]]);
// CHECK:      arg1_we = 1'b1;
// CHECK-NEXT: arg1_addr = 3'([[IV]]);
// CHECK-NEXT: arg1_wdata = [[S]];
// CHECK:      assign ap_idle = state == IDLE;
// CHECK-NEXT: assign ap_done = state == FINISH;
// CHECK-NEXT: assign ap_ready = ap_done;
// CHECK:      IDLE:
// CHECK-NEXT:   if (ap_start)
// The loop's entry: iv <= 0, the carried sum <= 0 and the test 0 < 8.
// CHECK:      [[IV]] <= w{{[0-9]+}};
// CHECK-NEXT: r{{[0-9]+}} <= w{{[0-9]+}};
// CHECK-NEXT: state <= ($signed(w{{[0-9]+}}) < $signed(w{{[0-9]+}})) ? 3'd[[BODY:[0-9]+]] : 3'd[[EXIT:[0-9]+]];
// CHECK:      3'd[[BODY]]: begin
// CHECK-NEXT:   state <= 3'd[[DATA:[0-9]+]];
// CHECK:      3'd[[DATA]]: begin
// CHECK-NEXT:   [[RP]] <= [[P]];
// CHECK-NEXT:   [[RB]] <= [[B]];
// CHECK-NEXT:   state <= 3'd[[LATCH:[0-9]+]];
// The latch: the carried sum, iv + 1 and the test of the next iteration.
// CHECK:      3'd[[LATCH]]: begin
// CHECK-NEXT:   [[IV]] <= n{{[0-9]+}};
// CHECK-NEXT:   r{{[0-9]+}} <=
// CHECK-NEXT:   state <= ($signed(n{{[0-9]+}}) < $signed(w{{[0-9]+}})) ? 3'd[[BODY]] : 3'd[[EXIT]];
// CHECK:      3'd[[EXIT]]: begin
// CHECK-NEXT:   result0 <= r{{[0-9]+}};
// CHECK-NEXT:   state <= FINISH;
// CHECK:      endmodule
func.func @axpy(%X: memref<8xi16>, %Y: memref<8xi16>, %a: i16) -> i16 {
  %zero = arith.constant 0 : i16
  %sum = affine.for %i = 0 to 8 iter_args(%acc = %zero) -> i16 {
    %x = affine.load %X[%i] : memref<8xi16>
    %y = affine.load %Y[%i] : memref<8xi16>
    %p = arith.muli %x, %a : i16
    %s = arith.addi %p, %y : i16
    affine.store %s, %Y[%i] : memref<8xi16>
    %n = arith.addi %acc, %s : i16
    affine.yield %n : i16
  }
  return %sum : i16
}
