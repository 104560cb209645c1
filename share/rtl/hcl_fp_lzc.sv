// hcl_fp_lzc: the leading zeros of x (N when x is 0), for hcl's float
// units' normalization (docs/rtl-float.md), written for hcl.
// Combinational.
module hcl_fp_lzc #(
    parameter int N = 24,
    parameter int LZW = $clog2(N + 1)
) (
    input  logic [N-1:0]   x,
    output logic [LZW-1:0] lz
);
  always_comb begin
    lz = LZW'(N);
    for (int i = 0; i < N; i++) if (x[i]) lz = LZW'(N - 1 - i);
  end
endmodule
