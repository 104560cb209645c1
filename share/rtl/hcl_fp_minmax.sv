// hcl_fp_minmax: arith.minimumf / maximumf / minnumf / maxnumf as the JIT
// computes them on x86 (docs/rtl-float.md), written for hcl. EW exponent
// bits, MW fraction bits.
//
// `op`: 0 minimumf, 1 maximumf, 2 minnumf, 3 maxnumf.
//   minimumf / maximumf: -0 < +0; a NaN operand gives a NaN as it is, not
//     quieted. LLVM's x86 code orders the operands by a's sign first (for
//     minimumf a negative a goes second, for maximumf first) and returns the
//     NaN among them that comes first in that order.
//   minnumf / maxnumf: a NaN a gives b (as it is, NaN or not); otherwise
//     b if b is strictly smaller (larger) than a, else a. So a NaN b gives
//     a, and of +0 and -0 the first operand is returned: the x86 minss /
//     maxss order LLVM emits.
//
// Pipeline: 1 register stage: y in cycle t+1 for operands in cycle t.
module hcl_fp_minmax #(
    parameter int EW = 8,
    parameter int MW = 23
) (
    input  logic            clk,
    input  logic            ce,
    input  logic            in_valid,
    input  logic [EW+MW:0]  a,
    input  logic [EW+MW:0]  b,
    input  logic [1:0]      op,
    output logic            out_valid,
    output logic [EW+MW:0]  y
);
  localparam int W = EW + MW + 1;

  function automatic logic is_nan(input logic [W-2:0] mag);
    is_nan = (&mag[W-2:MW]) && (|mag[MW-1:0]);
  endfunction

  // x < y for non-NaN x and y, with -0 < +0 when zero_order.
  function automatic logic less(input logic [W-1:0] p, input logic [W-1:0] q,
                                input logic zero_order);
    if (p[W-1] != q[W-1])
      less = p[W-1] && (zero_order || (p[W-2:0] != 0) || (q[W-2:0] != 0));
    else if (p[W-1]) less = p[W-2:0] > q[W-2:0];
    else less = p[W-2:0] < q[W-2:0];
  endfunction

  // The NaN order of minimumf / maximumf (above).
  logic [W-1:0] first, second;
  assign first = (a[W-1] == (op == 2'd0)) ? b : a;
  assign second = (a[W-1] == (op == 2'd0)) ? a : b;

  logic [W-1:0] y_next;
  always_comb begin
    case (op)
      2'd0, 2'd1: begin
        if (is_nan(first[W-2:0])) y_next = first;
        else if (is_nan(second[W-2:0])) y_next = second;
        else if (less(a, b, 1'b1) == (op == 2'd0)) y_next = a;
        else y_next = b;
      end
      default: begin
        if (is_nan(a[W-2:0])) y_next = b;
        else if (is_nan(b[W-2:0])) y_next = a;
        else if (op == 2'd2) y_next = less(b, a, 1'b0) ? b : a;
        else y_next = less(a, b, 1'b0) ? b : a;
      end
    endcase
  end

  always_ff @(posedge clk) if (ce) begin
    out_valid <= in_valid;
    y <= y_next;
  end
endmodule
