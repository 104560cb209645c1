// hcl_fp_mul: IEEE-754 multiplication y = a * b, round to nearest even,
// subnormals kept, written for hcl (docs/rtl-float.md). EW exponent bits,
// MW fraction bits: 8/23 is binary32, 11/52 binary64.
//
// Pipeline: 3 register stages; ce low holds them all (a stall). Operands
// presented with in_valid in cycle t give y with out_valid in cycle t+3.
//   1 unpack; the (MW+1)x(MW+1) significand product, registered (one DSP
//     multiply with its output register)
//   2 count the product's leading zeros and shift it left (subnormal
//     operands), the exponent
//   3 shift right for a subnormal result, round, pack
//
// NaNs follow x86 SSE: a NaN operand gives that operand quieted, a first;
// 0 * inf gives the default NaN, negative on x86 (DEFAULT_NAN_SIGN).
module hcl_fp_mul #(
    parameter int EW = 8,
    parameter int MW = 23,
    parameter bit DEFAULT_NAN_SIGN = 1'b1
) (
    input  logic            clk,
    input  logic            ce,
    input  logic            in_valid,
    input  logic [EW+MW:0]  a,
    input  logic [EW+MW:0]  b,
    output logic            out_valid,
    output logic [EW+MW:0]  y
);
  localparam int W = EW + MW + 1;
  localparam int X = MW + 1;
  localparam int P = 2 * X;              // product bits
  localparam int DW = EW + 3;            // signed exponent arithmetic
  localparam int BIAS = (1 << (EW - 1)) - 1;
  localparam int LZW = $clog2(P + 1);

  // ---------------------------------------------------------------- stage 1
  logic sa, sb, special1;
  assign sa = a[W-1];
  logic [EW-1:0] ea1, eb1;
  logic [X-1:0] ma, mb;
  logic [W-1:0] special_y1;
  hcl_fp_operands #(.EW(EW), .MW(MW), .OP(1), .DEFAULT_NAN_SIGN(DEFAULT_NAN_SIGN)) u_in (
      .a(a), .b(b), .sub(1'b0), .sb(sb), .ea1(ea1), .eb1(eb1), .ma(ma), .mb(mb),
      .special(special1), .special_y(special_y1));

  logic v1, special_r1, s_r1;
  logic [W-1:0] special_yr1;
  logic [DW-1:0] e_r1;
  logic [P-1:0] prod_r1;
  always_ff @(posedge clk) if (ce) begin
    v1 <= in_valid;
    special_r1 <= special1;
    special_yr1 <= special_y1;
    s_r1 <= sa ^ sb;
    // Biased exponent of the product when its leading one is at bit P-1;
    // stage 2 subtracts the leading zeros.
    e_r1 <= DW'(ea1) + DW'(eb1) - DW'(BIAS) + 1;
    prod_r1 <= ma * mb;
  end

  // ---------------------------------------------------------------- stage 2
  logic [LZW-1:0] lz;
  hcl_fp_lzc #(.N(P)) u_lz (.x(prod_r1), .lz(lz));

  logic v2, special_r2, s_r2;
  logic [W-1:0] special_yr2;
  logic signed [DW-1:0] e_r2;
  logic [P-1:0] prod_r2;
  always_ff @(posedge clk) if (ce) begin
    v2 <= v1;
    special_r2 <= special_r1;
    special_yr2 <= special_yr1;
    s_r2 <= s_r1;
    e_r2 <= e_r1 - DW'(lz);
    prod_r2 <= prod_r1 << lz;
  end

  // ---------------------------------------------------------------- stage 3
  // A result below the normal range is shifted right to a subnormal;
  // prod_r2[P-1] is the hidden bit, then the fraction, the guard bit.
  logic [W-1:0] rounded;
  hcl_fp_round #(.EW(EW), .MW(MW), .NW(P), .DW(DW)) u_round (
      .s(s_r2), .e(e_r2), .m(prod_r2), .y(rounded));

  logic [W-1:0] y_next;
  assign y_next = special_r2 ? special_yr2 : rounded;

  always_ff @(posedge clk) if (ce) begin
    out_valid <= v2;
    y <= y_next;
  end
endmodule
