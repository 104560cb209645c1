// hcl_fp_operands: the two operands of hcl's add, mul and div units
// (docs/rtl-float.md), written for hcl: each unpacked (hcl_fp_unpack), and
// the result when an operand is special, which the unit then carries down
// its pipeline instead of computing one. OP: 0 add (b's sign flipped when
// `sub`), 1 mul, 2 div. Combinational.
//
// NaNs follow x86 SSE (what the JIT runs): a NaN operand gives that operand
// quieted, a first; an invalid operation (inf - inf, 0 * inf, 0/0,
// inf/inf) gives the default NaN, negative on x86 (DEFAULT_NAN_SIGN).
module hcl_fp_operands #(
    parameter int EW = 8,
    parameter int MW = 23,
    parameter int OP = 0,
    parameter bit DEFAULT_NAN_SIGN = 1'b1
) (
    input  logic [EW+MW:0] a,
    input  logic [EW+MW:0] b,
    input  logic           sub,
    output logic           sb,        // b's sign, flipped when `sub`
    output logic [EW-1:0]  ea1,       // a subnormal's exponent counts as 1
    output logic [EW-1:0]  eb1,
    output logic [MW:0]    ma,        // significands with the hidden bit
    output logic [MW:0]    mb,
    output logic           special,
    output logic [EW+MW:0] special_y
);
  localparam int W = EW + MW + 1;
  localparam logic [EW-1:0] EMAX = {EW{1'b1}};

  logic nan_a, nan_b, inf_a, inf_b, zero_a, zero_b;
  logic [W-1:0] quiet_a, quiet_b;
  hcl_fp_unpack #(.EW(EW), .MW(MW)) u_a (.v(a), .nan(nan_a), .inf(inf_a), .zero(zero_a), .e1(ea1),
                                         .sig(ma), .quiet(quiet_a));
  hcl_fp_unpack #(.EW(EW), .MW(MW)) u_b (.v(b), .nan(nan_b), .inf(inf_b), .zero(zero_b), .e1(eb1),
                                         .sig(mb), .quiet(quiet_b));
  logic sa;
  assign sa = a[W-1];
  assign sb = b[W-1] ^ (OP == 0 && sub);

  // Which special result applies, by operation; an infinite result's sign.
  logic invalid, inf, zero, s_inf;
  always_comb begin
    if (OP == 0) begin
      invalid = inf_a && inf_b && (sa != sb);
      inf = inf_a || inf_b;
      zero = 1'b0;                    // an exact zero sum: the unit's case
      s_inf = inf_a ? sa : sb;
    end else if (OP == 1) begin
      invalid = (inf_a && zero_b) || (zero_a && inf_b);
      inf = inf_a || inf_b;
      zero = zero_a || zero_b;
      s_inf = sa ^ sb;
    end else begin
      invalid = (inf_a && inf_b) || (zero_a && zero_b);
      inf = inf_a || zero_b;
      zero = zero_a || inf_b;
      s_inf = sa ^ sb;
    end
  end

  always_comb begin
    special = 1'b1;
    if (nan_a) special_y = quiet_a;
    else if (nan_b) special_y = quiet_b;
    else if (invalid) special_y = {DEFAULT_NAN_SIGN, EMAX, 1'b1, {(MW - 1) {1'b0}}};
    else if (inf) special_y = {s_inf, EMAX, {MW{1'b0}}};
    else if (zero) special_y = {sa ^ sb, {(W - 1) {1'b0}}};
    else begin
      special   = 1'b0;
      special_y = '0;
    end
  end
endmodule
