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
  localparam int EMAXO = (1 << EWO) - 1;
  localparam int DW = (EWI > EWO ? EWI : EWO) + 3;
  localparam int LZW = $clog2(XI + 1);
  localparam int NW = XI + XO + 1;    // significand, room to round

  // ---------------------------------------------------------------- stage 1
  logic s;
  logic [EWI-1:0] e;
  logic [MWI-1:0] f;
  assign {s, e, f} = x;

  // A NaN's payload, its top bits aligned at the top of the new fraction.
  /* verilator lint_off UNUSEDSIGNAL */
  logic [MWI+MWO-1:0] payload;
  /* verilator lint_on UNUSEDSIGNAL */
  assign payload = {f, {MWO{1'b0}}};

  logic special1;
  logic [WO-1:0] special_y1;
  always_comb begin
    special1 = 1'b1;
    if ((&e) && f != 0)
      special_y1 = {s, {EWO{1'b1}}, 1'b1, payload[MWI+MWO-2:MWI]};
    else if (&e) special_y1 = {s, {EWO{1'b1}}, {MWO{1'b0}}};
    else if (e == 0 && f == 0) special_y1 = {s, {(WO - 1) {1'b0}}};
    else begin
      special1   = 1'b0;
      special_y1 = '0;
    end
  end

  logic [EWI-1:0] e1;                 // a subnormal's exponent is 1
  assign e1 = e | EWI'(e == 0);
  logic [XI-1:0] sig;
  assign sig = {e != 0, f};
  logic [LZW-1:0] lz;
  always_comb begin
    lz = LZW'(XI);
    for (int i = 0; i < XI; i++) if (sig[i]) lz = LZW'(XI - 1 - i);
  end

  logic v1, special_r1, s_r1;
  logic [WO-1:0] special_yr1;
  logic signed [DW-1:0] e_r1;
  logic [XI-1:0] sig_r1;
  always_ff @(posedge clk) begin
    v1 <= in_valid;
    special_r1 <= special1;
    special_yr1 <= special_y1;
    s_r1 <= s;
    e_r1 <= DW'(e1) - DW'(lz) + DW'(BIASO - BIASI);
    sig_r1 <= sig << lz;
  end

  // ---------------------------------------------------------------- stage 2
  localparam int RW = $clog2(NW + 2) + 1;
  logic [RW-1:0] shr;
  localparam logic signed [DW-1:0] ONE = DW'(1), LOW = DW'(-NW), TOP = DW'(EMAXO);
  /* verilator lint_off UNUSEDSIGNAL */
  logic signed [DW-1:0] shr_full;     // its low bits are the shift
  /* verilator lint_on UNUSEDSIGNAL */
  assign shr_full = ONE - e_r1;
  always_comb begin
    if (e_r1 >= ONE) shr = '0;
    else if (e_r1 <= LOW) shr = RW'(NW + 1);
    else shr = shr_full[RW-1:0];
  end
  logic [2*NW-1:0] wide;
  assign wide = {sig_r1, {(XO + 1) {1'b0}}, {NW{1'b0}}} >> shr;
  logic [NW-1:0] m;
  assign m = {wide[2*NW-1:NW+1], wide[NW] | (|wide[NW-1:0])};

  // m[NW-1] is the hidden bit, m[NW-2:NW-XO] the fraction, then guard.
  logic guard, sticky, round_up;
  assign guard = m[NW-XO-1];
  assign sticky = |m[NW-XO-2:0];
  assign round_up = guard & (sticky | m[NW-XO]);
  logic [WO-2:0] rounded;
  assign rounded = {m[NW-1] ? e_r1[EWO-1:0] : {EWO{1'b0}}, m[NW-2:NW-XO]} + (WO - 1)'(round_up);

  always_ff @(posedge clk) begin
    out_valid <= v1;
    if (special_r1) y <= special_yr1;
    else if (e_r1 >= TOP) y <= {s_r1, {EWO{1'b1}}, {MWO{1'b0}}};
    else y <= {s_r1, rounded};
  end
endmodule
