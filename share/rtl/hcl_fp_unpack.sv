// hcl_fp_unpack: what hcl's float units (docs/rtl-float.md) read off an
// IEEE-754 operand, written for hcl: its class, the exponent with a
// subnormal's counted as 1, the significand with its hidden bit, and the
// operand quieted (the NaN result it gives on x86). Combinational.
module hcl_fp_unpack #(
    parameter int EW = 8,
    parameter int MW = 23
) (
    input  logic [EW+MW:0] v,
    output logic           nan,
    output logic           inf,
    output logic           zero,
    output logic [EW-1:0]  e1,
    output logic [MW:0]    sig,
    output logic [EW+MW:0] quiet
);
  logic s;
  logic [EW-1:0] e;
  logic [MW-1:0] f;
  assign {s, e, f} = v;
  assign nan = (&e) && (f != 0);
  assign inf = (&e) && (f == 0);
  assign zero = (e == 0) && (f == 0);
  assign e1 = e | EW'(e == 0);
  assign sig = {e != 0, f};
  assign quiet = {s, e, 1'b1, f[MW-2:0]};
endmodule
