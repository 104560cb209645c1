// amc.merge, amc.split_aggregated and amc.arbiter as hardware.
// RUN: hcl-translate --emit-verilog %s | FileCheck %s

// Input i covers the addresses after inputs 0..i-1: bank 1 starts at 24,
// not a multiple of its 32-word address range, so its address is a
// subtraction; read data comes from the input selected L cycles earlier.
// CHECK-LABEL: module merge (
// CHECK:       assign p0_hit[0] = (p0_addr < 6'd24);
// CHECK-NEXT:  assign s0_en = p0_en && p0_hit[0];
// CHECK-NEXT:  assign s0_addr = p0_addr[4:0];
// CHECK:       assign p0_hit[1] = (p0_addr >= 6'd24);
// CHECK-NEXT:  assign s1_en = p0_en && p0_hit[1];
// CHECK-NEXT:  assign s1_rel = p0_addr - 6'd24;
// CHECK-NEXT:  assign s1_addr = s1_rel[4:0];
// CHECK:       always @(posedge clk) p0_hit_d1 <= p0_hit;
// CHECK-NEXT:  always @(posedge clk) p0_hit_d2 <= p0_hit_d1;
// CHECK-NEXT:  assign p0_rdata = ({16{p0_hit_d2[0]}} & s0_rdata)
// CHECK-NEXT:      | ({16{p0_hit_d2[1]}} & s1_rdata);
amc.memory @merge(!amc.port<48xi16, rw, 2>) {
  %0 = amc.alloc : !amc.memref<24xi16>
  %1 = amc.alloc : !amc.memref<24xi16>
  %2 = amc.create_port(%0 : !amc.memref<24xi16>) : !amc.port<24xi16, rw, 2>
  %3 = amc.create_port(%1 : !amc.memref<24xi16>) : !amc.port<24xi16, rw, 2>
  %4 = amc.merge(%2, %3 : !amc.port<24xi16, rw, 2>, !amc.port<24xi16, rw, 2>) : !amc.port<48xi16, rw, 2>
  amc.extern %4 : !amc.port<48xi16, rw, 2>
}

// Narrow address a is lane a % 2 of wide word a / 2, lane 0 in the low
// bits; a write enables its lane only.
// CHECK-LABEL: module split (
// CHECK:       reg [63:0] mem0 [0:255];
// CHECK:       if ((s0_en && s0_we) && s0_lanes[0])
// CHECK-NEXT:    mem0[s0_addr][31:0] <= s0_wdata[31:0];
// CHECK-NEXT:  if ((s0_en && s0_we) && s0_lanes[1])
// CHECK-NEXT:    mem0[s0_addr][63:32] <= s0_wdata[63:32];
// CHECK:       assign p0_word = p0_addr >> 1;
// CHECK-NEXT:  assign p0_lane = p0_addr & 9'd1;
// CHECK-NEXT:  assign s0_addr = p0_word[7:0];
// CHECK:       assign s0_wdata = {2{p0_wdata}};
// CHECK-NEXT:  assign s0_lanes = p0_onehot;
// CHECK:       assign p0_rdata = ({32{p0_onehot_d1[0]}} & s0_rdata[31:0])
// CHECK-NEXT:      | ({32{p0_onehot_d1[1]}} & s0_rdata[63:32]);
amc.memory @split(!amc.port<512xf32, rw, 1>) {
  %0 = amc.alloc : !amc.memref<256xi64>
  %1 = amc.create_port(%0 : !amc.memref<256xi64>) : !amc.port<256xi64, rw, 1>
  %2 = amc.split_aggregated(%1 : !amc.port<256xi64, rw, 1>) : !amc.port<512xf32, rw, 1>
  amc.extern %2 : !amc.port<512xf32, rw, 1>
}

// One input, one output: ready is 1 (the seed's naive arbiter); the read
// tag follows the read through the latency.
// CHECK-LABEL: module naive (
// CHECK:       if (1'b1 && arb0_free) begin
// CHECK-NEXT:    arb0_r0 = 1'b1;
// CHECK-NEXT:    if (p0_valid) begin arb0_g0 = 1'b1; arb0_free = 1'b0; end
// CHECK:       assign p0_ready = arb0_r0;
// CHECK:       assign arb0_rq0 = arb0_g0 && !p0_we;
// CHECK-NEXT:  always @(posedge clk) arb0_rq0_d1 <= arb0_rq0;
// CHECK-NEXT:  assign p0_rvalid = arb0_rq0_d1;
amc.memory @naive(!amc.port_hs<16xi32, rw>) {
  %0 = amc.alloc : !amc.memref<16xi32>
  %1 = amc.create_port(%0 : !amc.memref<16xi32>) : !amc.port<16xi32, rw, 1>
  %2 = amc.arbiter(%1 : !amc.port<16xi32, rw, 1>) banks [0] : !amc.port_hs<16xi32, rw>
  amc.extern %2 : !amc.port_hs<16xi32, rw>
}

// Two handshake ports over one port, round robin: the first place rotates
// every cycle; the input carries the granted output's interface index,
// which decides same-cycle writes against the other RAM port.
// CHECK-LABEL: module shared (
// CHECK:       if ((s0_en && s0_we)
// CHECK-NEXT:      && !(p2_en && p2_addr == s0_addr && 2'd2 > s0_prio))
// CHECK-NEXT:    mem0[s0_addr] <= s0_wdata;
// CHECK:       case (arb0_rr)
// CHECK-NEXT:    1'd0: begin
// CHECK-NEXT:      if (1'b1 && arb0_free) begin
// CHECK-NEXT:        arb0_r0 = 1'b1;
// CHECK-NEXT:        if (p0_valid) begin arb0_g0 = 1'b1; arb0_free = 1'b0; end
// CHECK:         default: begin
// CHECK-NEXT:      if (1'b1 && arb0_free) begin
// CHECK-NEXT:        arb0_r1 = 1'b1;
// CHECK-NEXT:        if (p1_valid) begin arb0_g1 = 1'b1; arb0_free = 1'b0; end
// CHECK:       always @(posedge clk) arb0_rr <= arb0_rr == 1'd1 ? 1'd0 : arb0_rr + 1'd1;
// CHECK:       assign s0_prio = ({2{arb0_g0}} & 2'd0)
// CHECK-NEXT:      | ({2{arb0_g1}} & 2'd1);
amc.memory @shared(!amc.port_hs<16xi32, rw>, !amc.port_hs<16xi32, rw>, !amc.port<16xi32, w, 1>) {
  %0 = amc.alloc : !amc.memref<16xi32>
  %1 = amc.create_port(%0 : !amc.memref<16xi32>) : !amc.port<16xi32, rw, 1>
  %2 = amc.create_port(%0 : !amc.memref<16xi32>) : !amc.port<16xi32, w, 1>
  %3:2 = amc.arbiter(%1 : !amc.port<16xi32, rw, 1>) banks [0] : !amc.port_hs<16xi32, rw>, !amc.port_hs<16xi32, rw>
  amc.extern %3#0, %3#1, %2 : !amc.port_hs<16xi32, rw>, !amc.port_hs<16xi32, rw>, !amc.port<16xi32, w, 1>
}
