// hcl_fp_convert: IEEE-754 to IEEE-754 of another width, arith.extf
// (binary32 to binary64, exact) and arith.truncf (binary64 to binary32,
// round to nearest even, subnormal results, overflow to infinity), written
// for hcl (docs/rtl-float.md). EWI/MWI the input's exponent and fraction
// bits, EWO/MWO the output's.
//
// A NaN keeps its sign and the top of its payload, quieted (x86 cvtss2sd /
// cvtsd2ss).
//
// Pipeline: 2 register stages: y in cycle t+2 for x in cycle t.
//   1 unpack, normalize a subnormal input, the output exponent
//   2 shift right for a subnormal output, round, pack
module hcl_fp_convert #(
    parameter int EWI = 8,
    parameter int MWI = 23,
    parameter int EWO = 11,
    parameter int MWO = 52
) (
    input  logic              clk,
    input  logic              ce,
    input  logic              in_valid,
    input  logic [EWI+MWI:0]  x,
    output logic              out_valid,
    output logic [EWO+MWO:0]  y
);
  localparam int WO = EWO + MWO + 1;
  localparam int XI = MWI + 1;
  localparam int XO = MWO + 1;
  localparam int BIASI = (1 << (EWI - 1)) - 1;
  localparam int BIASO = (1 << (EWO - 1)) - 1;
  localparam int DW = (EWI > EWO ? EWI : EWO) + 3;
  localparam int LZW = $clog2(XI + 1);
  localparam int NW = XI + XO + 1;    // significand, room to round

  // ---------------------------------------------------------------- stage 1
  logic s;
  logic [MWI-1:0] f;
  assign s = x[EWI+MWI];
  assign f = x[MWI-1:0];

  // A NaN's payload, its top bits aligned at the top of the new fraction.
  /* verilator lint_off UNUSEDSIGNAL */
  logic [MWI+MWO-1:0] payload;
  /* verilator lint_on UNUSEDSIGNAL */
  assign payload = {f, {MWO{1'b0}}};

  logic nan, inf, zero;
  logic [EWI-1:0] e1;                 // a subnormal's exponent is 1
  logic [XI-1:0] sig;
  /* verilator lint_off UNUSEDSIGNAL */
  logic [EWI+MWI:0] quiet;            // in the input's format: not this one
  /* verilator lint_on UNUSEDSIGNAL */
  hcl_fp_unpack #(.EW(EWI), .MW(MWI)) u_x (.v(x), .nan(nan), .inf(inf), .zero(zero), .e1(e1),
                                           .sig(sig), .quiet(quiet));

  logic special1;
  logic [WO-1:0] special_y1;
  always_comb begin
    special1 = 1'b1;
    if (nan) special_y1 = {s, {EWO{1'b1}}, 1'b1, payload[MWI+MWO-2:MWI]};
    else if (inf) special_y1 = {s, {EWO{1'b1}}, {MWO{1'b0}}};
    else if (zero) special_y1 = {s, {(WO - 1) {1'b0}}};
    else begin
      special1   = 1'b0;
      special_y1 = '0;
    end
  end

  logic [LZW-1:0] lz;
  hcl_fp_lzc #(.N(XI)) u_lz (.x(sig), .lz(lz));

  logic v1, special_r1, s_r1;
  logic [WO-1:0] special_yr1;
  logic signed [DW-1:0] e_r1;
  logic [XI-1:0] sig_r1;
  always_ff @(posedge clk) if (ce) begin
    v1 <= in_valid;
    special_r1 <= special1;
    special_yr1 <= special_y1;
    s_r1 <= s;
    e_r1 <= DW'(e1) - DW'(lz) + DW'(BIASO - BIASI);
    sig_r1 <= sig << lz;
  end

  // ---------------------------------------------------------------- stage 2
  // sig_r1's top bit is the hidden bit, then the fraction, the guard bit.
  logic [WO-1:0] rounded;
  hcl_fp_round #(.EW(EWO), .MW(MWO), .NW(NW), .DW(DW)) u_round (
      .s(s_r1), .e(e_r1), .m({sig_r1, {(XO + 1) {1'b0}}}), .y(rounded));

  always_ff @(posedge clk) if (ce) begin
    out_valid <= v1;
    y <= special_r1 ? special_yr1 : rounded;
  end
endmodule
