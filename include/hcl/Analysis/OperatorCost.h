//===- OperatorCost.h - width-dependent cost of arithmetic ------*- C++ -*-===//
//
// How an operation's DSPs and latency grow with its operand widths
// (docs/estimate.md, "Widths"): integer and fixed-point multiplies tile the
// DSP48E2's 27x18 signed multiplier, small ones go to LUTs; adds and
// comparisons are carry chains, pipelined every 64 bits; dividers take one
// cycle per quotient bit.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_ANALYSIS_OPERATORCOST_H
#define HCL_ANALYSIS_OPERATORCOST_H

#include "mlir/IR/Operation.h"

#include <cstdint>

namespace hcl {

/// The bits of an integer, fixed-point or float type; 0 for others.
int64_t dataWidth(mlir::Type type);

/// DSP48E2 slices for a wa x wb multiply: ceil(wa / 27) * ceil(wb / 18)
/// (the wider operand on the 27-bit port); 0 when both fit 10 bits (LUTs).
int64_t multiplierDSPs(int64_t wa, int64_t wb);

/// Whether `op` is a float function built from multiplies (exp, log, pow,
/// tanh, erf, sin, asin, ... but not sqrt, floor or abs).
bool isTranscendental(mlir::Operation *op);

/// DSPs of `op`: width-dependent for integer and fixed-point multiplies,
/// 3 for a float multiply, 2 for a float add or subtract, 5 for a fused
/// multiply-add, 8 for a transcendental function (24 in f64), else 0.
int64_t dspCost(mlir::Operation *op);

/// `op`'s latency given the target's `base` latency for its kind (which
/// describes 32-bit operands): multiplies gain a cycle per doubling of DSP
/// tiles beyond 32x32 (and take 1 cycle in LUTs at 10 bits or less), adds
/// and comparisons one cycle per 64 bits, divides one per quotient bit (+4).
/// Other operations keep `base`.
int scaleLatencyByWidth(mlir::Operation *op, int base);

} // namespace hcl

#endif // HCL_ANALYSIS_OPERATORCOST_H
