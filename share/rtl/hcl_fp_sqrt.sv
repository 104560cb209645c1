// hcl_fp_sqrt: IEEE-754 square root y = sqrt(x) (math.sqrt), round to
// nearest even, subnormal operands kept, written for hcl
// (docs/rtl-float.md). EW exponent bits, MW fraction bits: 8/23 is
// binary32, 11/52 binary64. Exact: the root is computed to the guard bit
// and the remainder gives the sticky bit.
//
// Pipeline: 15 register stages; ce low holds them all (a stall). An operand
// presented with in_valid in cycle t gives y with out_valid in cycle t+15.
//   1     unpack, normalize a subnormal, make the exponent even
//   2-14  restoring square root, BPS root bits per stage (2 for binary32,
//         5 for binary64: 13 stages either way)
//   15    round, pack
//
// sqrt(-0) is -0; a NaN gives itself quieted; any other negative operand
// gives the default NaN, negative on x86 (DEFAULT_NAN_SIGN).
module hcl_fp_sqrt #(
    parameter int EW = 8,
    parameter int MW = 23,
    parameter bit DEFAULT_NAN_SIGN = 1'b1
) (
    input  logic            clk,
    input  logic            ce,
    input  logic            in_valid,
    input  logic [EW+MW:0]  x,
    output logic            out_valid,
    output logic [EW+MW:0]  y
);
  localparam int W = EW + MW + 1;
  localparam int X = MW + 1;
  localparam int ITER = 13;
  localparam int BPS = (X + 2 + ITER - 1) / ITER; // root bits per stage
  localparam int QT = ITER * BPS;                 // root bits, >= X + 2
  localparam int VW = 2 * QT;                     // radicand bits
  localparam int RMW = QT + 2;                    // remainder bits
  localparam int DW = EW + 3;
  localparam int BIAS = (1 << (EW - 1)) - 1;
  localparam logic [EW-1:0] EMAX = {EW{1'b1}};
  localparam int LZW = $clog2(X + 1);

  // ---------------------------------------------------------------- stage 1
  logic s, nan, inf, zero;
  assign s = x[W-1];
  logic [EW-1:0] e1;                  // a subnormal's exponent counts as 1
  logic [X-1:0] m;
  logic [W-1:0] quiet;
  hcl_fp_unpack #(.EW(EW), .MW(MW)) u_x (.v(x), .nan(nan), .inf(inf), .zero(zero), .e1(e1),
                                         .sig(m), .quiet(quiet));

  logic special1;
  logic [W-1:0] special_y1;
  always_comb begin
    special1 = 1'b1;
    if (nan) special_y1 = quiet;
    else if (zero) special_y1 = x;                              // +-0
    else if (s) special_y1 = {DEFAULT_NAN_SIGN, EMAX, 1'b1, {(MW - 1) {1'b0}}};
    else if (inf) special_y1 = x;                               // +inf
    else begin
      special1   = 1'b0;
      special_y1 = '0;
    end
  end

  logic [LZW-1:0] lz;
  hcl_fp_lzc #(.N(X)) u_lz (.x(m), .lz(lz));

  // x = mn * 2^t with mn = m << lz (top bit X-1) and t = e1 - lz - BIAS - MW.
  // The radicand puts mn at the top of VW bits (a shift by VW - X) or one
  // lower, whichever leaves an even power of two, so that the root's
  // exponent is exact: x = V * 2^(t - z), sqrt(x) = sqrt(V) * 2^((t - z)/2).
  localparam int Z = VW - X;
  logic signed [DW-1:0] t;
  assign t = DW'(e1) - DW'(lz) - DW'(BIAS) - DW'(MW);
  logic odd;
  assign odd = t[0] ^ Z[0];
  logic [VW-1:0] radicand;
  assign radicand = odd ? {1'b0, m << lz, {(Z - 1) {1'b0}}} : {m << lz, {Z{1'b0}}};
  // The root R of V is in [2^(QT-1), 2^QT): the result's biased exponent is
  // (t - z) / 2 + QT - 1 + BIAS, z = Z or Z - 1.
  logic signed [DW-1:0] half;
  assign half = $signed(t - DW'(odd ? Z - 1 : Z)) >>> 1;

  logic v_r[0:ITER];
  logic special_r[0:ITER];
  logic [W-1:0] special_yr[0:ITER];
  logic signed [DW-1:0] e_r[0:ITER];
  logic [VW-1:0] v_bits_r[0:ITER];  // radicand bits not yet brought down
  logic [RMW-1:0] rem_r[0:ITER];
  logic [QT-1:0] root_r[0:ITER];

  always_ff @(posedge clk) if (ce) begin
    v_r[0] <= in_valid;
    special_r[0] <= special1;
    special_yr[0] <= special_y1;
    e_r[0] <= half + DW'(QT - 1 + BIAS);
    v_bits_r[0] <= radicand;
    rem_r[0] <= '0;
    root_r[0] <= '0;
  end

  // ---------------------------------------------------------- stages 2-14
  // One root bit: bring down two radicand bits, try 4 * root + 1.
  function automatic logic [VW+RMW+QT-1:0] sqrt_step(input logic [VW-1:0] v,
                                                     input logic [RMW-1:0] rem,
                                                     input logic [QT-1:0] root);
    logic [VW-1:0] vv;
    logic [RMW-1:0] r, trial;
    logic [QT-1:0] q;
    vv = v;
    r = rem;
    q = root;
    for (int i = 0; i < BPS; i++) begin
      r = {r[RMW-3:0], vv[VW-1:VW-2]};
      vv = vv << 2;
      trial = {q[RMW-3:0], 2'b01};
      q = q << 1;
      if (r >= trial) begin
        r = r - trial;
        q[0] = 1'b1;
      end
    end
    sqrt_step = {vv, r, q};
  endfunction

  for (genvar g = 0; g < ITER; g++) begin : g_stage
    logic [VW+RMW+QT-1:0] next;
    assign next = sqrt_step(v_bits_r[g], rem_r[g], root_r[g]);
    always_ff @(posedge clk) if (ce) begin
      v_r[g+1] <= v_r[g];
      special_r[g+1] <= special_r[g];
      special_yr[g+1] <= special_yr[g];
      e_r[g+1] <= e_r[g];
      v_bits_r[g+1] <= next[VW+RMW+QT-1:RMW+QT];
      rem_r[g+1] <= next[RMW+QT-1:QT];
      root_r[g+1] <= next[QT-1:0];
    end
  end

  // --------------------------------------------------------------- stage 15
  // root[QT-1] is the hidden bit, then the fraction, the guard bit; the
  // bits below it and a nonzero remainder are sticky. The root of a finite
  // positive number is normal and finite: no subnormal or overflow case.
  logic [W-1:0] rounded;
  hcl_fp_round #(.EW(EW), .MW(MW), .NW(QT + 1), .DW(DW), .DENORM(1'b0)) u_round (
      .s(1'b0), .e(e_r[ITER]), .m({root_r[ITER], rem_r[ITER] != 0}), .y(rounded));

  always_ff @(posedge clk) if (ce) begin
    out_valid <= v_r[ITER];
    y <= special_r[ITER] ? special_yr[ITER] : rounded;
  end
endmodule
