// hcl_fp_to_int: arith.fptosi (SIGNED = 1) and arith.fptoui (SIGNED = 0)
// from IEEE-754 (EW exponent, MW fraction bits) to an IW-bit integer,
// rounding toward zero, written for hcl (docs/rtl-float.md).
//
// A NaN or a value out of the integer's range is poison in LLVM; the unit
// gives what the JIT's x86 code gives on an AVX-512 host: the signed
// "integer indefinite" 100...0 (cvttss2si) for fptosi, and all ones
// (vcvttss2usi) for fptoui, negative values of magnitude 1 or more included.
// Values in (-1, 0) give 0.
//
// Pipeline: 2 register stages: y in cycle t+2 for x in cycle t.
//   1 unpack, range check
//   2 shift the significand into place, negate
module hcl_fp_to_int #(
    parameter int IW = 32,
    parameter bit SIGNED = 1'b1,
    parameter int EW = 8,
    parameter int MW = 23
) (
    input  logic            clk,
    input  logic            ce,
    input  logic            in_valid,
    input  logic [EW+MW:0]  x,
    output logic            out_valid,
    output logic [IW-1:0]   y
);
  localparam int X = MW + 1;
  localparam int BIAS = (1 << (EW - 1)) - 1;
  localparam int EBITS = $clog2(IW + 1);
  localparam logic [IW-1:0] INVALID = SIGNED ? {1'b1, {(IW - 1) {1'b0}}} : {IW{1'b1}};

  // ---------------------------------------------------------------- stage 1
  logic s;
  logic [EW-1:0] e;
  logic [MW-1:0] f;
  assign {s, e, f} = x;
  localparam int XW = EW + 1;                   // room for BIAS + IW
  logic [XW-1:0] ex;
  assign ex = {1'b0, e};
  logic nan;
  assign nan = (&e) && (f != 0);
  // The value's integer part has e - BIAS + 1 bits (when e >= BIAS).
  logic tiny, invalid;
  always_comb begin
    tiny = ex < XW'(BIAS);                      // |x| < 1: 0
    if (nan) invalid = 1'b1;
    else if (tiny) invalid = 1'b0;
    else if (!SIGNED) invalid = s || (ex >= XW'(BIAS + IW));
    // -2^(IW-1) is the one value of IW bits' magnitude that fits.
    else invalid = (ex > XW'(BIAS + IW - 1)) ||
                   ((ex == XW'(BIAS + IW - 1)) && !(s && f == 0));
  end

  logic v1, s_r1, tiny_r1, invalid_r1;
  logic [X-1:0] sig_r1;
  logic [EBITS-1:0] exp_r1;
  always_ff @(posedge clk) if (ce) begin
    v1 <= in_valid;
    s_r1 <= s;
    tiny_r1 <= tiny;
    invalid_r1 <= invalid;
    sig_r1 <= {1'b1, f};
    exp_r1 <= EBITS'(ex - XW'(BIAS));           // < IW when in range
  end

  // ---------------------------------------------------------------- stage 2
  // The integer part: the significand shifted left by the exponent, then
  // right by the fraction width (bits below the binary point dropped).
  /* verilator lint_off UNUSEDSIGNAL */
  logic [IW+X-1:0] wide;
  /* verilator lint_on UNUSEDSIGNAL */
  assign wide = ({{IW{1'b0}}, sig_r1} << exp_r1) >> MW;
  logic [IW-1:0] mag;
  assign mag = wide[IW-1:0];

  always_ff @(posedge clk) if (ce) begin
    out_valid <= v1;
    if (invalid_r1) y <= INVALID;
    else if (tiny_r1) y <= '0;
    else y <= s_r1 ? -mag : mag;
  end
endmodule
