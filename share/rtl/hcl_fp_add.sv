// hcl_fp_add: IEEE-754 addition and subtraction (y = a + b, or a - b when
// `sub` is high), round to nearest even, subnormals kept, written for hcl
// (docs/rtl-float.md). EW exponent bits, MW fraction bits: 8/23 is binary32,
// 11/52 binary64.
//
// Pipeline: 4 register stages; ce low holds them all (a stall). Operands
// presented with in_valid in cycle t give y with out_valid in cycle t+4.
//   1 unpack, order the operands by magnitude, exponent difference
//   2 align the smaller significand (guard, round, sticky bits)
//   3 add or subtract, count leading zeros
//   4 normalize, round, pack
//
// NaNs follow x86 SSE (what the JIT runs): a NaN operand gives that operand
// quieted, a first; an invalid operation (inf - inf) gives the default NaN,
// which on x86 is negative (DEFAULT_NAN_SIGN).
module hcl_fp_add #(
    parameter int EW = 8,
    parameter int MW = 23,
    parameter bit DEFAULT_NAN_SIGN = 1'b1
) (
    input  logic            clk,
    input  logic            ce,
    input  logic            in_valid,
    input  logic [EW+MW:0]  a,
    input  logic [EW+MW:0]  b,
    input  logic            sub,
    output logic            out_valid,
    output logic [EW+MW:0]  y
);
  localparam int W = EW + MW + 1;
  localparam int X = MW + 1;          // significand with its hidden bit
  localparam int N = X + 4;           // carry, significand, guard, round, sticky
  localparam int DW = EW + 2;         // exponent arithmetic, with room to spare

  // ---------------------------------------------------------------- stage 1
  logic sa, sb, special1;
  assign sa = a[W-1];
  logic [EW-1:0] ea1, eb1;
  logic [X-1:0] ma, mb;
  logic [W-1:0] special_y1;
  hcl_fp_operands #(.EW(EW), .MW(MW), .OP(0), .DEFAULT_NAN_SIGN(DEFAULT_NAN_SIGN)) u_in (
      .a(a), .b(b), .sub(sub), .sb(sb), .ea1(ea1), .eb1(eb1), .ma(ma), .mb(mb),
      .special(special1), .special_y(special_y1));

  // The larger magnitude goes first; a subnormal's exponent counts as 1.
  logic swap;
  assign swap = b[W-2:0] > a[W-2:0];
  logic [EW-1:0] ex, ey;
  logic [X-1:0] mx, my;
  logic sx;
  always_comb begin
    if (swap) begin
      sx = sb;
      ex = eb1;
      ey = ea1;
      mx = mb;
      my = ma;
    end else begin
      sx = sa;
      ex = ea1;
      ey = eb1;
      mx = ma;
      my = mb;
    end
  end

  logic v1, special_r1, sx_r1, effsub_r1, zero_sign_r1;
  logic [W-1:0] special_yr1;
  logic [EW-1:0] ex_r1, d_r1;
  logic [X-1:0] mx_r1, my_r1;
  always_ff @(posedge clk) if (ce) begin
    v1 <= in_valid;
    special_r1 <= special1;
    special_yr1 <= special_y1;
    sx_r1 <= sx;
    effsub_r1 <= sa ^ sb;
    // An exact zero sum is +0 under round to nearest, unless both are -0.
    zero_sign_r1 <= sa & sb;
    ex_r1 <= ex;
    d_r1 <= ex - ey;
    mx_r1 <= mx;
    my_r1 <= my;
  end

  // ---------------------------------------------------------------- stage 2
  // The smaller significand shifted right by the exponent difference; the
  // bits shifted out are ORed into the sticky bit.
  localparam int SH = X + 3;
  logic [2*SH-1:0] wide;
  logic [EW-1:0] dclamp;
  assign dclamp = (d_r1 > EW'(SH)) ? EW'(SH) : d_r1;
  assign wide = {my_r1, 3'b000, {SH{1'b0}}} >> dclamp;
  logic [SH-1:0] my_aligned;
  assign my_aligned = {wide[2*SH-1:SH+1], wide[SH] | (|wide[SH-1:0])};

  logic v2, special_r2, sx_r2, effsub_r2, zero_sign_r2;
  logic [W-1:0] special_yr2;
  logic [EW-1:0] ex_r2;
  logic [SH-1:0] mx_r2, my_r2;
  always_ff @(posedge clk) if (ce) begin
    v2 <= v1;
    special_r2 <= special_r1;
    special_yr2 <= special_yr1;
    sx_r2 <= sx_r1;
    effsub_r2 <= effsub_r1;
    zero_sign_r2 <= zero_sign_r1;
    ex_r2 <= ex_r1;
    mx_r2 <= {mx_r1, 3'b000};
    my_r2 <= my_aligned;
  end

  // ---------------------------------------------------------------- stage 3
  logic [N-1:0] sum;
  assign sum = effsub_r2 ? ({1'b0, mx_r2} - {1'b0, my_r2}) : ({1'b0, mx_r2} + {1'b0, my_r2});

  // Leading zeros below the carry bit (N-2 down to 0).
  localparam int LZW = $clog2(N);
  logic [LZW-1:0] lz;
  hcl_fp_lzc #(.N(N - 1)) u_lz (.x(sum[N-2:0]), .lz(lz));

  logic v3, special_r3, sx_r3, zero_sign_r3;
  logic [W-1:0] special_yr3;
  logic [EW-1:0] ex_r3;
  logic [N-1:0] sum_r3;
  logic [LZW-1:0] lz_r3;
  always_ff @(posedge clk) if (ce) begin
    v3 <= v2;
    special_r3 <= special_r2;
    special_yr3 <= special_yr2;
    sx_r3 <= sx_r2;
    zero_sign_r3 <= zero_sign_r2;
    ex_r3 <= ex_r2;
    sum_r3 <= sum;
    lz_r3 <= lz;
  end

  // ---------------------------------------------------------------- stage 4
  // Normalize: a carry shifts right by one; otherwise shift left by the
  // leading zeros, but not below exponent 1 (the result is then subnormal).
  logic [N-2:0] norm;                // below the carry bit, now clear
  logic [DW-1:0] e;
  logic [DW-1:0] shl;
  always_comb begin
    if (sum_r3[N-1]) begin
      norm = {sum_r3[N-1:2], sum_r3[1] | sum_r3[0]};
      e = DW'(ex_r3) + 1;
      shl = '0;
    end else begin
      shl = (DW'(lz_r3) < DW'(ex_r3) - 1) ? DW'(lz_r3) : DW'(ex_r3) - 1;
      norm = sum_r3[N-2:0] << shl;
      e = DW'(ex_r3) - shl;
    end
  end

  // norm's top bit is the hidden bit; a subnormal result has it clear and e = 1,
  // and packs with exponent field 0.
  logic [W-1:0] rounded;
  hcl_fp_round #(.EW(EW), .MW(MW), .NW(N - 1), .DW(DW), .DENORM(1'b0)) u_round (
      .s(sx_r3), .e(e), .m(norm), .y(rounded));

  logic [W-1:0] y_next;
  always_comb begin
    if (special_r3) y_next = special_yr3;
    else if (sum_r3 == 0) y_next = {zero_sign_r3, {(W - 1) {1'b0}}};
    else y_next = rounded;
  end

  always_ff @(posedge clk) if (ce) begin
    out_valid <= v3;
    y <= y_next;
  end
endmodule
