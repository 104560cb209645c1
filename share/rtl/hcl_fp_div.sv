// hcl_fp_div: IEEE-754 division y = a / b, round to nearest even,
// subnormals kept, written for hcl (docs/rtl-float.md). EW exponent bits,
// MW fraction bits: 8/23 is binary32, 11/52 binary64. Exact: the quotient
// is computed to the guard bit and the remainder gives the sticky bit, as
// a divider that rounds once must.
//
// Pipeline: 15 register stages, no stall. Operands presented with
// in_valid in cycle t give y with out_valid in cycle t+15.
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
  localparam int EMAXI = (1 << EW) - 1;
  localparam logic [EW-1:0] EMAX = {EW{1'b1}};
  localparam int LZW = $clog2(X + 1);

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

  logic special1;
  logic [W-1:0] special_y1;
  always_comb begin
    special1 = 1'b1;
    if (nan_a) special_y1 = {sa, EMAX, 1'b1, fa[MW-2:0]};
    else if (nan_b) special_y1 = {sb, EMAX, 1'b1, fb[MW-2:0]};
    else if ((inf_a && inf_b) || (zero_a && zero_b))
      special_y1 = {DEFAULT_NAN_SIGN, EMAX, 1'b1, {(MW - 1) {1'b0}}};
    else if (inf_a || zero_b) special_y1 = {sa ^ sb, EMAX, {MW{1'b0}}};
    else if (zero_a || inf_b) special_y1 = {sa ^ sb, {(W - 1) {1'b0}}};
    else begin
      special1   = 1'b0;
      special_y1 = '0;
    end
  end

  // Significands normalized to [2^(X-1), 2^X); a subnormal's leading zeros
  // lower its exponent.
  function automatic logic [LZW-1:0] lzc(input logic [X-1:0] m);
    lzc = LZW'(X);
    for (int i = 0; i < X; i++) if (m[i]) lzc = LZW'(X - 1 - i);
  endfunction
  logic [X-1:0] ma, mb;
  logic [LZW-1:0] lza, lzb;
  logic [EW-1:0] ea1, eb1;
  assign ma = {ea != 0, fa};
  assign mb = {eb != 0, fb};
  assign lza = lzc(ma);
  assign lzb = lzc(mb);
  assign ea1 = ea | EW'(ea == 0);
  assign eb1 = eb | EW'(eb == 0);

  logic v_r[0:ITER];
  logic special_r[0:ITER];
  logic [W-1:0] special_yr[0:ITER];
  logic s_r[0:ITER];
  logic signed [DW-1:0] e_r[0:ITER];
  logic [X-1:0] d_r[0:ITER];       // divisor
  logic [X:0] rem_r[0:ITER];       // partial remainder, < 2 * divisor
  logic [QT-1:0] q_r[0:ITER];      // quotient bits so far

  always_ff @(posedge clk) begin
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
    always_ff @(posedge clk) begin
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

  localparam int RW = $clog2(PW + 2) + 1;
  logic [RW-1:0] shr;
  localparam logic signed [DW-1:0] ONE = DW'(1), LOW = DW'(-PW), TOP = DW'(EMAXI);
  /* verilator lint_off UNUSEDSIGNAL */
  logic signed [DW-1:0] shr_full;     // its low bits are the shift
  /* verilator lint_on UNUSEDSIGNAL */
  assign shr_full = ONE - e;
  always_comb begin
    if (e >= ONE) shr = '0;
    else if (e <= LOW) shr = RW'(PW + 1);
    else shr = shr_full[RW-1:0];
  end
  logic [2*PW-1:0] wide;
  assign wide = {m0, {PW{1'b0}}} >> shr;
  logic [PW-1:0] m;
  assign m = {wide[2*PW-1:PW+1], wide[PW] | (|wide[PW-1:0])};

  // m[PW-1] is the hidden bit, m[PW-2:PW-X] the fraction, then guard.
  logic guard, sticky, round_up;
  assign guard = m[PW-X-1];
  assign sticky = |m[PW-X-2:0];
  assign round_up = guard & (sticky | m[PW-X]);
  logic [W-2:0] rounded;
  assign rounded = {m[PW-1] ? e[EW-1:0] : {EW{1'b0}}, m[PW-2:PW-X]} + (W - 1)'(round_up);

  always_ff @(posedge clk) begin
    out_valid <= v_r[ITER];
    if (special_r[ITER]) y <= special_yr[ITER];
    else if (e >= TOP) y <= {s_r[ITER], EMAX, {MW{1'b0}}};
    else y <= {s_r[ITER], rounded};
  end
endmodule
