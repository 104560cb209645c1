// hcl_fp_cmp: IEEE-754 comparison, every arith.cmpf predicate, written for
// hcl (docs/rtl-float.md). EW exponent bits, MW fraction bits.
//
// `pred` is LLVM's fcmp encoding, four bits {U, L, G, E}: the result is U
// when either operand is a NaN, else (L and a < b) or (G and a > b) or
// (E and a == b). arith.cmpf's predicates map to it as
//   false 0000  oeq 0001  ogt 0010  oge 0011  olt 0100  ole 0101
//   one   0110  ord 0111  uno 1000  ueq 1001  ugt 1010  uge 1011
//   ult   1100  ule 1101  une 1110  true 1111
// +0 and -0 are equal; a NaN is unordered with everything, itself too.
//
// Pipeline: 1 register stage: y in cycle t+1 for operands in cycle t.
module hcl_fp_cmp #(
    parameter int EW = 8,
    parameter int MW = 23
) (
    input  logic            clk,
    input  logic            ce,
    input  logic            in_valid,
    input  logic [EW+MW:0]  a,
    input  logic [EW+MW:0]  b,
    input  logic [3:0]      pred,
    output logic            out_valid,
    output logic            y
);
  localparam int W = EW + MW + 1;

  logic nan_a, nan_b, both_zero, eq, lt, gt;
  assign nan_a = (&a[W-2:MW]) && (|a[MW-1:0]);
  assign nan_b = (&b[W-2:MW]) && (|b[MW-1:0]);
  assign both_zero = (a[W-2:0] == 0) && (b[W-2:0] == 0);
  assign eq = (a == b) || both_zero;
  // Sign and magnitude: of two negatives the larger magnitude is smaller.
  always_comb begin
    if (a[W-1] != b[W-1]) lt = a[W-1] && !both_zero;
    else if (a[W-1]) lt = a[W-2:0] > b[W-2:0];
    else lt = a[W-2:0] < b[W-2:0];
  end
  assign gt = !lt && !eq;

  always_ff @(posedge clk) if (ce) begin
    out_valid <= in_valid;
    if (nan_a || nan_b) y <= pred[3];
    else y <= (pred[2] && lt) || (pred[1] && gt) || (pred[0] && eq);
  end
endmodule
