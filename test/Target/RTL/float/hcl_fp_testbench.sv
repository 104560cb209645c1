// Every float unit of share/rtl side by side, one instance per operation
// checked, for the Verilator driver float_units_check.cpp (the units share
// the clock only; each has its own operands and valid bit).
module hcl_fp_testbench (
    input  logic        clk,
    // binary32 add/sub, mul, compare, min/max
    input  logic        add_v, input logic [31:0] add_a, add_b, input logic add_sub,
    output logic        add_ov, output logic [31:0] add_y,
    input  logic        mul_v, input logic [31:0] mul_a, mul_b,
    output logic        mul_ov, output logic [31:0] mul_y,
    input  logic        cmp_v, input logic [31:0] cmp_a, cmp_b, input logic [3:0] cmp_pred,
    output logic        cmp_ov, output logic cmp_y,
    input  logic        mm_v, input logic [31:0] mm_a, mm_b, input logic [1:0] mm_op,
    output logic        mm_ov, output logic [31:0] mm_y,
    // binary64 add/sub, mul, compare
    input  logic        dadd_v, input logic [63:0] dadd_a, dadd_b, input logic dadd_sub,
    output logic        dadd_ov, output logic [63:0] dadd_y,
    input  logic        dmul_v, input logic [63:0] dmul_a, dmul_b,
    output logic        dmul_ov, output logic [63:0] dmul_y,
    input  logic        dcmp_v, input logic [63:0] dcmp_a, dcmp_b, input logic [3:0] dcmp_pred,
    output logic        dcmp_ov, output logic dcmp_y,
    // integers to binary32 / binary64
    input  logic        si32_v, input logic [31:0] si32_x,
    output logic        si32_ov, output logic [31:0] si32_y,
    input  logic        ui32_v, input logic [31:0] ui32_x,
    output logic        ui32_ov, output logic [31:0] ui32_y,
    input  logic        si64_v, input logic [63:0] si64_x,
    output logic        si64_ov, output logic [31:0] si64_y,
    input  logic        ui64_v, input logic [63:0] ui64_x,
    output logic        ui64_ov, output logic [31:0] ui64_y,
    input  logic        sid_v, input logic [31:0] sid_x,
    output logic        sid_ov, output logic [63:0] sid_y,
    // binary32 to integers
    input  logic        fsi_v, input logic [31:0] fsi_x,
    output logic        fsi_ov, output logic [31:0] fsi_y,
    input  logic        fui_v, input logic [31:0] fui_x,
    output logic        fui_ov, output logic [31:0] fui_y,
    input  logic        fsl_v, input logic [31:0] fsl_x,
    output logic        fsl_ov, output logic [63:0] fsl_y,
    // more integer <-> float widths
    input  logic        uid_v, input logic [31:0] uid_x,
    output logic        uid_ov, output logic [63:0] uid_y,
    input  logic        sild_v, input logic [63:0] sild_x,
    output logic        sild_ov, output logic [63:0] sild_y,
    input  logic        uild_v, input logic [63:0] uild_x,
    output logic        uild_ov, output logic [63:0] uild_y,
    input  logic        ful_v, input logic [31:0] ful_x,
    output logic        ful_ov, output logic [63:0] ful_y,
    input  logic        dsi_v, input logic [63:0] dsi_x,
    output logic        dsi_ov, output logic [31:0] dsi_y,
    input  logic        dui_v, input logic [63:0] dui_x,
    output logic        dui_ov, output logic [31:0] dui_y,
    input  logic        dsl_v, input logic [63:0] dsl_x,
    output logic        dsl_ov, output logic [63:0] dsl_y,
    input  logic        dul_v, input logic [63:0] dul_x,
    output logic        dul_ov, output logic [63:0] dul_y,
    input  logic        dmm_v, input logic [63:0] dmm_a, dmm_b, input logic [1:0] dmm_op,
    output logic        dmm_ov, output logic [63:0] dmm_y,
    // division and square root
    input  logic        div_v, input logic [31:0] div_a, div_b,
    output logic        div_ov, output logic [31:0] div_y,
    input  logic        ddiv_v, input logic [63:0] ddiv_a, ddiv_b,
    output logic        ddiv_ov, output logic [63:0] ddiv_y,
    input  logic        sqrt_v, input logic [31:0] sqrt_x,
    output logic        sqrt_ov, output logic [31:0] sqrt_y,
    input  logic        dsqrt_v, input logic [63:0] dsqrt_x,
    output logic        dsqrt_ov, output logic [63:0] dsqrt_y,
    // binary32 <-> binary64
    input  logic        ext_v, input logic [31:0] ext_x,
    output logic        ext_ov, output logic [63:0] ext_y,
    input  logic        trunc_v, input logic [63:0] trunc_x,
    output logic        trunc_ov, output logic [31:0] trunc_y
);
  hcl_fp_add add (.clk, .ce(1'b1), .in_valid(add_v), .a(add_a), .b(add_b), .sub(add_sub),
                  .out_valid(add_ov), .y(add_y));
  hcl_fp_mul mul (.clk, .ce(1'b1), .in_valid(mul_v), .a(mul_a), .b(mul_b), .out_valid(mul_ov), .y(mul_y));
  hcl_fp_cmp cmp (.clk, .ce(1'b1), .in_valid(cmp_v), .a(cmp_a), .b(cmp_b), .pred(cmp_pred),
                  .out_valid(cmp_ov), .y(cmp_y));
  hcl_fp_minmax mm (.clk, .ce(1'b1), .in_valid(mm_v), .a(mm_a), .b(mm_b), .op(mm_op),
                    .out_valid(mm_ov), .y(mm_y));
  hcl_fp_add #(.EW(11), .MW(52)) dadd (.clk, .ce(1'b1), .in_valid(dadd_v), .a(dadd_a), .b(dadd_b),
                                       .sub(dadd_sub), .out_valid(dadd_ov), .y(dadd_y));
  hcl_fp_mul #(.EW(11), .MW(52)) dmul (.clk, .ce(1'b1), .in_valid(dmul_v), .a(dmul_a), .b(dmul_b),
                                       .out_valid(dmul_ov), .y(dmul_y));
  hcl_fp_cmp #(.EW(11), .MW(52)) dcmp (.clk, .ce(1'b1), .in_valid(dcmp_v), .a(dcmp_a), .b(dcmp_b),
                                       .pred(dcmp_pred), .out_valid(dcmp_ov), .y(dcmp_y));
  hcl_fp_from_int #(.IW(32), .SIGNED(1)) si32 (.clk, .ce(1'b1), .in_valid(si32_v), .x(si32_x),
                                              .out_valid(si32_ov), .y(si32_y));
  hcl_fp_from_int #(.IW(32), .SIGNED(0)) ui32 (.clk, .ce(1'b1), .in_valid(ui32_v), .x(ui32_x),
                                              .out_valid(ui32_ov), .y(ui32_y));
  hcl_fp_from_int #(.IW(64), .SIGNED(1)) si64 (.clk, .ce(1'b1), .in_valid(si64_v), .x(si64_x),
                                              .out_valid(si64_ov), .y(si64_y));
  hcl_fp_from_int #(.IW(64), .SIGNED(0)) ui64 (.clk, .ce(1'b1), .in_valid(ui64_v), .x(ui64_x),
                                              .out_valid(ui64_ov), .y(ui64_y));
  hcl_fp_from_int #(.IW(32), .SIGNED(1), .EW(11), .MW(52)) sid (
      .clk, .ce(1'b1), .in_valid(sid_v), .x(sid_x), .out_valid(sid_ov), .y(sid_y));
  hcl_fp_to_int #(.IW(32), .SIGNED(1)) fsi (.clk, .ce(1'b1), .in_valid(fsi_v), .x(fsi_x),
                                           .out_valid(fsi_ov), .y(fsi_y));
  hcl_fp_to_int #(.IW(32), .SIGNED(0)) fui (.clk, .ce(1'b1), .in_valid(fui_v), .x(fui_x),
                                           .out_valid(fui_ov), .y(fui_y));
  hcl_fp_to_int #(.IW(64), .SIGNED(1)) fsl (.clk, .ce(1'b1), .in_valid(fsl_v), .x(fsl_x),
                                           .out_valid(fsl_ov), .y(fsl_y));
  hcl_fp_convert #(.EWI(8), .MWI(23), .EWO(11), .MWO(52)) ext (
      .clk, .ce(1'b1), .in_valid(ext_v), .x(ext_x), .out_valid(ext_ov), .y(ext_y));
  hcl_fp_convert #(.EWI(11), .MWI(52), .EWO(8), .MWO(23)) trunc (
      .clk, .ce(1'b1), .in_valid(trunc_v), .x(trunc_x), .out_valid(trunc_ov), .y(trunc_y));
  hcl_fp_from_int #(.IW(32), .SIGNED(0), .EW(11), .MW(52)) uid (
      .clk, .ce(1'b1), .in_valid(uid_v), .x(uid_x), .out_valid(uid_ov), .y(uid_y));
  hcl_fp_from_int #(.IW(64), .SIGNED(1), .EW(11), .MW(52)) sild (
      .clk, .ce(1'b1), .in_valid(sild_v), .x(sild_x), .out_valid(sild_ov), .y(sild_y));
  hcl_fp_from_int #(.IW(64), .SIGNED(0), .EW(11), .MW(52)) uild (
      .clk, .ce(1'b1), .in_valid(uild_v), .x(uild_x), .out_valid(uild_ov), .y(uild_y));
  hcl_fp_to_int #(.IW(64), .SIGNED(0), .EW(8), .MW(23)) ful (
      .clk, .ce(1'b1), .in_valid(ful_v), .x(ful_x), .out_valid(ful_ov), .y(ful_y));
  hcl_fp_to_int #(.IW(32), .SIGNED(1), .EW(11), .MW(52)) dsi (
      .clk, .ce(1'b1), .in_valid(dsi_v), .x(dsi_x), .out_valid(dsi_ov), .y(dsi_y));
  hcl_fp_to_int #(.IW(32), .SIGNED(0), .EW(11), .MW(52)) dui (
      .clk, .ce(1'b1), .in_valid(dui_v), .x(dui_x), .out_valid(dui_ov), .y(dui_y));
  hcl_fp_to_int #(.IW(64), .SIGNED(1), .EW(11), .MW(52)) dsl (
      .clk, .ce(1'b1), .in_valid(dsl_v), .x(dsl_x), .out_valid(dsl_ov), .y(dsl_y));
  hcl_fp_to_int #(.IW(64), .SIGNED(0), .EW(11), .MW(52)) dul (
      .clk, .ce(1'b1), .in_valid(dul_v), .x(dul_x), .out_valid(dul_ov), .y(dul_y));
  hcl_fp_minmax #(.EW(11), .MW(52)) dmm (.clk, .ce(1'b1), .in_valid(dmm_v), .a(dmm_a), .b(dmm_b),
                                        .op(dmm_op), .out_valid(dmm_ov), .y(dmm_y));
  hcl_fp_div div (.clk, .ce(1'b1), .in_valid(div_v), .a(div_a), .b(div_b), .out_valid(div_ov), .y(div_y));
  hcl_fp_div #(.EW(11), .MW(52)) ddiv (.clk, .ce(1'b1), .in_valid(ddiv_v), .a(ddiv_a), .b(ddiv_b),
                                       .out_valid(ddiv_ov), .y(ddiv_y));
  hcl_fp_sqrt sqrt (.clk, .ce(1'b1), .in_valid(sqrt_v), .x(sqrt_x), .out_valid(sqrt_ov), .y(sqrt_y));
  hcl_fp_sqrt #(.EW(11), .MW(52)) dsqrt (.clk, .ce(1'b1), .in_valid(dsqrt_v), .x(dsqrt_x),
                                         .out_valid(dsqrt_ov), .y(dsqrt_y));
endmodule
