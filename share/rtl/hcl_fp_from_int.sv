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
  always_comb begin
    lz = LZW'(IW);
    for (int i = 0; i < IW; i++) if (mag[i]) lz = LZW'(IW - 1 - i);
  end

  logic v1, neg_r1;
  logic [IW-1:0] mag_r1;
  logic [LZW-1:0] lz_r1;
  always_ff @(posedge clk) begin
    v1 <= in_valid;
    neg_r1 <= neg;
    mag_r1 <= mag;
    lz_r1 <= lz;
  end

  // ---------------------------------------------------------------- stage 2
  // norm[NW-1] is the hidden bit, then the fraction, the guard bit, sticky.
  logic [NW-1:0] norm;
  assign norm = {mag_r1 << lz_r1, {(X + 1) {1'b0}}};
  logic guard, sticky, round_up;
  assign guard = norm[NW-X-1];
  assign sticky = |norm[NW-X-2:0];
  assign round_up = guard & (sticky | norm[NW-X]);
  logic [EW-1:0] e;
  assign e = EW'(BIAS + IW - 1) - EW'(lz_r1);
  logic [W-2:0] rounded;
  assign rounded = {e, norm[NW-2:NW-X]} + (W - 1)'(round_up);

  always_ff @(posedge clk) begin
    out_valid <= v1;
    y <= (mag_r1 == 0) ? '0 : {neg_r1, rounded};
  end
endmodule
