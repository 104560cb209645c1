// One inferred RAM per unbanked alloc, one port per create_port, the read
// latency as pipeline registers, the primitive as a synthesis attribute
// (the alloc's own, else --verilog-primitive), writes in ascending
// interface order (the last write wins) after the reads (read-first). The
// RAM is forced to registers: a LUTRAM, BRAM or URAM has too few ports
// for two writers and a reader (primitive-ports.mlir).
// RUN: hcl-translate --emit-verilog %s | FileCheck %s
// RUN: hcl-translate --emit-verilog --verilog-primitive=uram %s | FileCheck %s --check-prefix=URAM

// CHECK-LABEL: module ram (
// CHECK-NEXT:    input wire clk,
// CHECK-NEXT:    input wire p0_en,
// CHECK-NEXT:    input wire [5:0] p0_addr,
// CHECK-NEXT:    output wire [31:0] p0_rdata,
// CHECK-NEXT:    input wire p1_en,
// CHECK-NEXT:    input wire [5:0] p1_addr,
// CHECK-NEXT:    input wire p1_we,
// CHECK-NEXT:    input wire [31:0] p1_wdata,
// CHECK-NEXT:    output wire [31:0] p1_rdata,
// CHECK-NEXT:    input wire p2_en,
// CHECK-NEXT:    input wire [5:0] p2_addr,
// CHECK-NEXT:    input wire [31:0] p2_wdata
// CHECK-NEXT:  );
// CHECK:       (* ram_style = "registers" *) reg [31:0] mem0 [0:47];
// CHECK:       always @(posedge clk) begin
// CHECK-NEXT:    if (p0_en) p0_ram_q <= mem0[p0_addr];
// CHECK-NEXT:    if (p1_en) p1_ram_q <= mem0[p1_addr];
// CHECK-NEXT:    if ((p1_en && p1_we))
// CHECK-NEXT:      mem0[p1_addr] <= p1_wdata;
// CHECK-NEXT:    if (p2_en)
// CHECK-NEXT:      mem0[p2_addr] <= p2_wdata;
// CHECK-NEXT:  end
// CHECK-NEXT:  always @(posedge clk) p0_rd_d1 <= p0_ram_q;
// CHECK-NEXT:  always @(posedge clk) p0_rd_d2 <= p0_rd_d1;
// CHECK-NEXT:  assign p0_rdata = p0_rd_d2;
// CHECK-NEXT:  assign p1_rdata = p1_ram_q;
// URAM: (* ram_style = "registers" *) reg [31:0] mem0
amc.memory @ram(!amc.port<48xf32, r, 3>, !amc.port<48xf32, rw, 1>, !amc.port<48xf32, w, 1>) {
  %0 = amc.alloc {primitive = "registers"} : !amc.memref<48xf32>
  %1 = amc.create_port(%0 : !amc.memref<48xf32>) : !amc.port<48xf32, r, 3>
  %2 = amc.create_port(%0 : !amc.memref<48xf32>) : !amc.port<48xf32, rw, 1>
  %3 = amc.create_port(%0 : !amc.memref<48xf32>) : !amc.port<48xf32, w, 1>
  amc.extern %1, %2, %3 : !amc.port<48xf32, r, 3>, !amc.port<48xf32, rw, 1>, !amc.port<48xf32, w, 1>
}

// CHECK-LABEL: module default_primitive (
// CHECK:       // mem0: !amc.memref<8xi1>
// CHECK-NEXT:  reg mem0 [0:7];
// URAM-LABEL:  module default_primitive (
// URAM:        (* ram_style = "ultra" *) reg mem0 [0:7];
amc.memory @default_primitive(!amc.port<8xi1, rw, 1>) {
  %0 = amc.alloc : !amc.memref<8xi1>
  %1 = amc.create_port(%0 : !amc.memref<8xi1>) : !amc.port<8xi1, rw, 1>
  amc.extern %1 : !amc.port<8xi1, rw, 1>
}
