// hcl_fp_from_int: arith.sitofp (SIGNED = 1) and arith.uitofp (SIGNED = 0)
// from an IW-bit integer to IEEE-754 with EW exponent and MW fraction bits,
// round to nearest even, written for hcl (docs/rtl-float.md). 0 gives +0.
//
// Pipeline: 2 register stages: y in cycle t+2 for x in cycle t.
//   1 magnitude and its leading zeros
//   2 normalize, round, pack
module hcl_fp_from_int #(
    parameter int IW = 32,
    parameter bit SIGNED = 1'b1,
    parameter int EW = 8,
    parameter int MW = 23
) (
    input  logic            clk,
    input  logic            ce,
    input  logic            in_valid,
    input  logic [IW-1:0]   x,
    output logic            out_valid,
    output logic [EW+MW:0]  y
);
  localparam int W = EW + MW + 1;
  localparam int X = MW + 1;
  localparam int BIAS = (1 << (EW - 1)) - 1;
  localparam int LZW = $clog2(IW + 1);
  localparam int NW = IW + X + 1;     // the magnitude and room to round

  // ---------------------------------------------------------------- stage 1
  logic neg;
  logic [IW-1:0] mag;
  assign neg = SIGNED && x[IW-1];
  assign mag = neg ? -x : x;
  logic [LZW-1:0] lz;
  hcl_fp_lzc #(.N(IW)) u_lz (.x(mag), .lz(lz));

  logic v1, neg_r1;
  logic [IW-1:0] mag_r1;
  logic [LZW-1:0] lz_r1;
  always_ff @(posedge clk) if (ce) begin
    v1 <= in_valid;
    neg_r1 <= neg;
    mag_r1 <= mag;
    lz_r1 <= lz;
  end

  // ---------------------------------------------------------------- stage 2
  // The magnitude normalized: its top bit is the hidden bit, then the
  // fraction, the guard bit, sticky bits. The result is normal.
  logic [EW+1:0] e;
  assign e = (EW + 2)'(BIAS + IW - 1) - (EW + 2)'(lz_r1);
  logic [W-1:0] rounded;
  hcl_fp_round #(.EW(EW), .MW(MW), .NW(NW), .DW(EW + 2), .DENORM(1'b0)) u_round (
      .s(neg_r1), .e(e), .m({mag_r1 << lz_r1, {(X + 1) {1'b0}}}), .y(rounded));

  always_ff @(posedge clk) if (ce) begin
    out_valid <= v1;
    y <= (mag_r1 == 0) ? '0 : rounded;
  end
endmodule
