// hcl_fp_mul: IEEE-754 multiplication y = a * b, round to nearest even,
// subnormals kept, written for hcl (docs/rtl-float.md). EW exponent bits,
// MW fraction bits: 8/23 is binary32, 11/52 binary64.
//
// Pipeline: 3 register stages, no stall. Operands presented with in_valid
// in cycle t give y with out_valid in cycle t+3.
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
  localparam logic [EW-1:0] EMAX = {EW{1'b1}};
  localparam int LZW = $clog2(P + 1);
  localparam int EMAXI = (1 << EW) - 1;

  // ---------------------------------------------------------------- stage 1
  logic sa, sb;
  logic [EW-1:0] ea, eb;
  logic [MW-1:0] fa, fb;
  assign {sa, ea, fa} = a;
  assign {sb, eb, fb} = b;

  logic nan_a, nan_b, inf_a, inf_b, zero_a, zero_b;
  assign nan_a = (ea == EMAX) && (fa != 0);
  assign nan_b = (eb == EMAX) && (fb != 0);
  assign inf_a = (ea == EMAX) && (fa == 0);
  assign inf_b = (eb == EMAX) && (fb == 0);
  assign zero_a = (ea == 0) && (fa == 0);
  assign zero_b = (eb == 0) && (fb == 0);

  // A subnormal's exponent counts as 1.
  logic [EW-1:0] ea1, eb1;
  assign ea1 = ea | EW'(ea == 0);
  assign eb1 = eb | EW'(eb == 0);

  logic special1;
  logic [W-1:0] special_y1;
  always_comb begin
    special1 = 1'b1;
    if (nan_a) special_y1 = {sa, EMAX, 1'b1, fa[MW-2:0]};
    else if (nan_b) special_y1 = {sb, EMAX, 1'b1, fb[MW-2:0]};
    else if ((inf_a && zero_b) || (zero_a && inf_b))
      special_y1 = {DEFAULT_NAN_SIGN, EMAX, 1'b1, {(MW - 1) {1'b0}}};
    else if (inf_a || inf_b) special_y1 = {sa ^ sb, EMAX, {MW{1'b0}}};
    else if (zero_a || zero_b) special_y1 = {sa ^ sb, {(W - 1) {1'b0}}};
    else begin
      special1   = 1'b0;
      special_y1 = '0;
    end
  end

  logic v1, special_r1, s_r1;
  logic [W-1:0] special_yr1;
  logic [DW-1:0] e_r1;
  logic [P-1:0] prod_r1;
  always_ff @(posedge clk) begin
    v1 <= in_valid;
    special_r1 <= special1;
    special_yr1 <= special_y1;
    s_r1 <= sa ^ sb;
    // Biased exponent of the product when its leading one is at bit P-1;
    // stage 2 subtracts the leading zeros.
    e_r1 <= DW'(ea1) + DW'(eb1) - DW'(BIAS) + 1;
    prod_r1 <= {ea != 0, fa} * {eb != 0, fb};
  end

  // ---------------------------------------------------------------- stage 2
  logic [LZW-1:0] lz;
  always_comb begin
    lz = LZW'(P);
    for (int i = 0; i < P; i++) if (prod_r1[i]) lz = LZW'(P - 1 - i);
  end

  logic v2, special_r2, s_r2;
  logic [W-1:0] special_yr2;
  logic signed [DW-1:0] e_r2;
  logic [P-1:0] prod_r2;
  always_ff @(posedge clk) begin
    v2 <= v1;
    special_r2 <= special_r1;
    special_yr2 <= special_yr1;
    s_r2 <= s_r1;
    e_r2 <= e_r1 - DW'(lz);
    prod_r2 <= prod_r1 << lz;
  end

  // ---------------------------------------------------------------- stage 3
  // A result below the normal range is shifted right to exponent 1 and packs
  // with exponent field 0; the shifted-out bits go to the sticky bit.
  localparam int RW = $clog2(P + 2) + 1;
  logic [RW-1:0] shr;
  localparam logic signed [DW-1:0] ONE = DW'(1), LOW = DW'(-P), TOP = DW'(EMAXI);
  /* verilator lint_off UNUSEDSIGNAL */
  logic signed [DW-1:0] shr_full;     // its low bits are the shift
  /* verilator lint_on UNUSEDSIGNAL */
  assign shr_full = ONE - e_r2;
  always_comb begin
    if (e_r2 >= ONE) shr = '0;
    else if (e_r2 <= LOW) shr = RW'(P + 1);
    else shr = shr_full[RW-1:0];
  end
  logic [2*P-1:0] wide;
  assign wide = {prod_r2, {P{1'b0}}} >> shr;
  logic [P-1:0] m;
  assign m = {wide[2*P-1:P+1], wide[P] | (|wide[P-1:0])};

  // m[P-1] is the hidden bit, m[P-2:X] the fraction, m[X-1] the guard bit.
  logic guard, sticky, round_up;
  assign guard = m[X-1];
  assign sticky = |m[X-2:0];
  assign round_up = guard & (sticky | m[X]);
  logic [W-2:0] packed_mag, rounded;
  assign packed_mag = {m[P-1] ? e_r2[EW-1:0] : {EW{1'b0}}, m[P-2:X]};
  assign rounded = packed_mag + (W - 1)'(round_up);

  logic [W-1:0] y_next;
  always_comb begin
    if (special_r2) y_next = special_yr2;
    else if (e_r2 >= TOP) y_next = {s_r2, EMAX, {MW{1'b0}}};
    else y_next = {s_r2, rounded};
  end

  always_ff @(posedge clk) begin
    out_valid <= v2;
    y <= y_next;
  end
endmodule
