//===- Divider.cpp - the pipelined integer divider ------------------------===//
//
// A W-bit division is a pipeline of W stages, one quotient bit per stage
// (restoring division: shift the next dividend bit into the partial
// remainder, subtract the divisor, keep the difference when it does not
// borrow). Each stage is one W+1-bit subtract and a multiplexer, as deep as
// an adder, so the divider does not lengthen the cycle; it accepts new
// operands every cycle, so a pipelined loop keeps its II. A signed divider
// has a stage before (the magnitudes) and one after (the signs: the
// quotient's is the operands' exclusive or, the remainder's the
// dividend's). Latencies, shared with the estimator (TargetModel "rtl"): W
// cycles unsigned, W + 2 signed. Quotient bits per stage could be raised
// (radix 4) to halve the latency at twice the depth per stage; one bit
// keeps each stage an adder's depth.
//
// A division by zero gives what the circuit computes (an unsigned
// quotient of all ones, the dividend as the remainder); the JIT refuses it
// (docs/hcl-run.md), so `hcl check --rtl` never compares that case.
//
//===----------------------------------------------------------------------===//

#include "Divider.h"

#include "Operators.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"

using namespace mlir;

namespace hcl::rtl {

bool isDivider(Operation *op) {
  return isa<arith::DivSIOp, arith::DivUIOp, arith::RemSIOp, arith::RemUIOp>(
             op) &&
         !op->getResult(0).getType().isIndex();
}

std::string dividerInstance(Operation *op, const std::string &name,
                            const std::string &a, const std::string &b,
                            const std::string &result,
                            const std::string &enable) {
  bool isSigned = isa<arith::DivSIOp, arith::RemSIOp>(op);
  bool isRemainder = isa<arith::RemSIOp, arith::RemUIOp>(op);
  return "  hcl_rtl_divider #(.W(" +
         std::to_string(bitWidth(op->getResult(0).getType())) +
         "), .SIGNED(1'b" + (isSigned ? "1" : "0") + "), .REMAINDER(1'b" +
         (isRemainder ? "1" : "0") + ")) " + name +
         " (\n    .ap_clk(ap_clk),\n    .ce(" + enable + "),\n    .a(" + a +
         "),\n    .b(" + b + "),\n    .result(" + result + ")\n  );\n";
}

bool usesDivider(Operation *root) {
  bool found = false;
  root->walk([&](Operation *op) {
    if (isDivider(op))
      found = true;
  });
  return found;
}

void printDividerModule(raw_ostream &os) {
  os << R"(
/* verilator lint_off DECLFILENAME */
// hcl's pipelined divider: one quotient bit per stage; the result of the
// operands of cycle t is valid in cycle t + W (t + W + 2 when SIGNED). New
// operands every cycle (docs/rtl.md, "Operator latencies"). While ce is low
// every register holds (a dataflow process's stall), so the cycles count
// from the cycles ce is high.
module hcl_rtl_divider #(
  parameter int W = 32,
  parameter bit SIGNED = 1'b0,
  parameter bit REMAINDER = 1'b0
) (
  input  logic ap_clk,
  input  logic ce,
  input  logic [W-1:0] a,
  input  logic [W-1:0] b,
  output logic [W-1:0] result
);
  // Stage k's partial remainder, the dividend's unused bits shifted up over
  // the quotient's bits, the divisor and the signs to apply.
  /* verilator lint_off UNUSEDSIGNAL */
  logic [W-1:0] rem [0:W];
  logic [W-1:0] num [0:W];
  logic [W-1:0] dvs [0:W];
  logic [W:0] negq, negr;
  /* verilator lint_on UNUSEDSIGNAL */
  assign rem[0] = '0;
  if (SIGNED) begin : magnitudes
    logic [W-1:0] num_q, dvs_q;
    logic negq_q, negr_q;
    always_ff @(posedge ap_clk) if (ce) begin
      num_q <= a[W-1] ? -a : a;
      dvs_q <= b[W-1] ? -b : b;
      negq_q <= a[W-1] ^ b[W-1];
      negr_q <= a[W-1];
    end
    assign num[0] = num_q;
    assign dvs[0] = dvs_q;
    assign negq[0] = negq_q;
    assign negr[0] = negr_q;
  end else begin : operands
    assign num[0] = a;
    assign dvs[0] = b;
    assign negq[0] = 1'b0;
    assign negr[0] = 1'b0;
  end
  for (genvar k = 0; k < W; k++) begin : quotient_bit
    logic [W:0] shifted, trial;
    logic [W-1:0] rem_q, num_q, dvs_q;
    logic negq_q, negr_q;
    assign shifted = {rem[k], num[k][W-1]};
    assign trial = shifted - {1'b0, dvs[k]};
    always_ff @(posedge ap_clk) if (ce) begin
      rem_q <= trial[W] ? shifted[W-1:0] : trial[W-1:0];
      num_q <= (num[k] << 1) | W'(!trial[W]);
      dvs_q <= dvs[k];
      negq_q <= negq[k];
      negr_q <= negr[k];
    end
    assign rem[k+1] = rem_q;
    assign num[k+1] = num_q;
    assign dvs[k+1] = dvs_q;
    assign negq[k+1] = negq_q;
    assign negr[k+1] = negr_q;
  end
  if (SIGNED) begin : signs
    always_ff @(posedge ap_clk)
      if (ce)
        result <= REMAINDER ? (negr[W] ? -rem[W] : rem[W])
                            : (negq[W] ? -num[W] : num[W]);
  end else begin : unsigned_result
    assign result = REMAINDER ? rem[W] : num[W];
  end
endmodule
/* verilator lint_on DECLFILENAME */
)";
}

} // namespace hcl::rtl
