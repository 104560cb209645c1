// hcl_fp_round: the rounding step every arithmetic float unit of hcl ends
// with (docs/rtl-float.md), written for hcl: a significand and its
// exponent rounded to nearest even and packed, a result below the normal
// range shifted to a subnormal first, a result above it infinity.
// Combinational: the unit that instantiates it registers y.
//
// m[NW-1] is the hidden bit, m[NW-2:NW-MW-1] the fraction, m[NW-MW-2] the
// guard bit and the bits below it sticky (NW >= MW + 3). e is the biased
// exponent of the value m[NW-1:NW-MW-1] * 2^-MW, signed, DW bits.
// DENORM = 0 when the unit's e is never below 1 (add normalizes no lower
// than exponent 1, sqrt and the integer conversions give normal results):
// the right shift is then left out.
//
// Rounding adds one to the packed exponent and fraction, so a carry moves
// into the exponent by itself (to the next binade, from subnormal to
// normal, or to infinity).
module hcl_fp_round #(
    parameter int EW = 8,
    parameter int MW = 23,
    parameter int NW = MW + 4,
    parameter int DW = EW + 3,
    parameter bit DENORM = 1'b1
) (
    input  logic                 s,
    input  logic signed [DW-1:0] e,
    input  logic [NW-1:0]        m,
    output logic [EW+MW:0]       y
);
  localparam int W = EW + MW + 1;
  localparam int X = MW + 1;
  localparam logic signed [DW-1:0] TOP = DW'((1 << EW) - 1);

  // n: m shifted right to exponent 1 when e is below it; the shifted-out
  // bits go to the sticky bit.
  logic [NW-1:0] n;
  if (DENORM) begin : g_denorm
    localparam int RW = $clog2(NW + 2) + 1;
    localparam logic signed [DW-1:0] ONE = DW'(1), LOW = DW'(-NW);
    logic [RW-1:0] shr;
    /* verilator lint_off UNUSEDSIGNAL */
    logic signed [DW-1:0] shr_full;   // its low bits are the shift
    /* verilator lint_on UNUSEDSIGNAL */
    assign shr_full = ONE - e;
    always_comb begin
      if (e >= ONE) shr = '0;
      else if (e <= LOW) shr = RW'(NW + 1);
      else shr = shr_full[RW-1:0];
    end
    logic [2*NW-1:0] wide;
    assign wide = {m, {NW{1'b0}}} >> shr;
    assign n = {wide[2*NW-1:NW+1], wide[NW] | (|wide[NW-1:0])};
  end else begin : g_normal
    assign n = m;
  end

  logic guard, sticky, round_up;
  assign guard = n[NW-X-1];
  assign sticky = |n[NW-X-2:0];
  assign round_up = guard & (sticky | n[NW-X]);
  logic [W-2:0] rounded;
  assign rounded = {n[NW-1] ? e[EW-1:0] : {EW{1'b0}}, n[NW-2:NW-X]} + (W - 1)'(round_up);

  assign y = (e >= TOP) ? {s, {EW{1'b1}}, {MW{1'b0}}} : {s, rounded};
endmodule
