// hcl_fp_div: IEEE-754 division y = a / b, round to nearest even,
// subnormals kept, written for hcl (docs/rtl-float.md). EW exponent bits,
// MW fraction bits: 8/23 is binary32, 11/52 binary64. Exact: the quotient
// is computed to the guard bit and the remainder gives the sticky bit, as
// a divider that rounds once must.
//
// Pipeline: 15 register stages; ce low holds them all (a stall). Operands
// presented with in_valid in cycle t give y with out_valid in cycle t+15.
//   1     unpack, normalize subnormal significands, the exponent
//   2-14  restoring division, BPS quotient bits per stage (2 for binary32,
//         5 for binary64: 13 stages either way)
//   15    normalize, shift right for a subnormal result, round, pack
//
// NaNs follow x86 SSE: a NaN operand gives that operand quieted, a first;
// 0/0 and inf/inf give the default NaN, negative on x86 (DEFAULT_NAN_SIGN).
module hcl_fp_div #(
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
  localparam int ITER = 13;                       // division stages
  localparam int BPS = (X + 2 + ITER - 1) / ITER; // quotient bits per stage
  localparam int QT = ITER * BPS;                 // quotient bits, >= X + 2
  localparam int K = QT - 1;
  localparam int PW = QT + 1;                     // quotient and sticky
  localparam int DW = EW + 3;
  localparam int BIAS = (1 << (EW - 1)) - 1;
  localparam int LZW = $clog2(X + 1);

  // ---------------------------------------------------------------- stage 1
  logic sa, sb, special1;
  assign sa = a[W-1];
  logic [EW-1:0] ea1, eb1;
  logic [X-1:0] ma, mb;
  logic [W-1:0] special_y1;
  hcl_fp_operands #(.EW(EW), .MW(MW), .OP(2), .DEFAULT_NAN_SIGN(DEFAULT_NAN_SIGN)) u_in (
      .a(a), .b(b), .sub(1'b0), .sb(sb), .ea1(ea1), .eb1(eb1), .ma(ma), .mb(mb),
      .special(special1), .special_y(special_y1));

  // Significands normalized to [2^(X-1), 2^X); a subnormal's leading zeros
  // lower its exponent.
  logic [LZW-1:0] lza, lzb;
  hcl_fp_lzc #(.N(X)) u_lza (.x(ma), .lz(lza));
  hcl_fp_lzc #(.N(X)) u_lzb (.x(mb), .lz(lzb));

  logic v_r[0:ITER];
  logic special_r[0:ITER];
  logic [W-1:0] special_yr[0:ITER];
  logic s_r[0:ITER];
  logic signed [DW-1:0] e_r[0:ITER];
  logic [X-1:0] d_r[0:ITER];       // divisor
  logic [X:0] rem_r[0:ITER];       // partial remainder, < 2 * divisor
  logic [QT-1:0] q_r[0:ITER];      // quotient bits so far

  always_ff @(posedge clk) if (ce) begin
    v_r[0] <= in_valid;
    special_r[0] <= special1;
    special_yr[0] <= special_y1;
    s_r[0] <= sa ^ sb;
    // Biased exponent of the quotient when it is in [1, 2).
    e_r[0] <= DW'(ea1) - DW'(lza) - DW'(eb1) + DW'(lzb) + DW'(BIAS);
    d_r[0] <= mb << lzb;
    rem_r[0] <= {1'b0, ma << lza};
    q_r[0] <= '0;
  end

  // ---------------------------------------------------------- stages 2-14
  // One quotient bit: subtract the divisor when the remainder holds it,
  // then double the remainder for the next bit.
  function automatic logic [X+QT:0] divide_step(input logic [X:0] rem, input logic [QT-1:0] q,
                                                input logic [X-1:0] d);
    logic [X:0] r;
    logic [QT-1:0] qq;
    r  = rem;
    qq = q;
    for (int i = 0; i < BPS; i++) begin
      qq = qq << 1;
      if (r >= {1'b0, d}) begin
        r = r - {1'b0, d};
        qq[0] = 1'b1;
      end
      r = r << 1;
    end
    divide_step = {r, qq};
  endfunction

  for (genvar s = 0; s < ITER; s++) begin : g_stage
    logic [X+QT:0] next;
    assign next = divide_step(rem_r[s], q_r[s], d_r[s]);
    always_ff @(posedge clk) if (ce) begin
      v_r[s+1] <= v_r[s];
      special_r[s+1] <= special_r[s];
      special_yr[s+1] <= special_yr[s];
      s_r[s+1] <= s_r[s];
      e_r[s+1] <= e_r[s];
      d_r[s+1] <= d_r[s];
      rem_r[s+1] <= next[X+QT:QT];
      q_r[s+1] <= next[QT-1:0];
    end
  end

  // --------------------------------------------------------------- stage 15
  // q = floor(a's significand * 2^K / b's): its top bit is K (quotient in
  // [1, 2)) or K-1 (in [1/2, 1), one exponent lower). The remainder, not
  // zero, is the sticky bit at the bottom.
  logic [QT-1:0] q;
  logic sticky_rem;
  assign q = q_r[ITER];
  assign sticky_rem = rem_r[ITER] != 0;
  logic [PW-1:0] m0;
  logic signed [DW-1:0] e;
  always_comb begin
    if (q[K]) begin
      m0 = {q, sticky_rem};
      e  = e_r[ITER];
    end else begin
      m0 = {q[K-1:0], 1'b0, sticky_rem};
      e  = e_r[ITER] - 1;
    end
  end

  // m0[PW-1] is the hidden bit, then the fraction, the guard bit.
  logic [W-1:0] rounded;
  hcl_fp_round #(.EW(EW), .MW(MW), .NW(PW), .DW(DW)) u_round (
      .s(s_r[ITER]), .e(e), .m(m0), .y(rounded));

  always_ff @(posedge clk) if (ce) begin
    out_valid <= v_r[ITER];
    y <= special_r[ITER] ? special_yr[ITER] : rounded;
  end
endmodule
