//===- OperatorCost.cpp - width-dependent cost of arithmetic --------------===//
//
// The figures are first-order and from the DSP48E2's documented shape
// (UG579: a 27 x 18 two's-complement multiplier, cascadable), not from
// measurements: Vitis often saves a slice with LUT logic (a 32 x 32
// multiply in 3 DSPs where this model counts 4).
//
//===----------------------------------------------------------------------===//

#include "hcl/Analysis/OperatorCost.h"

#include "hcl/Dialect/HCL/HCLOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>

using namespace mlir;

namespace hcl {

int64_t dataWidth(Type type) {
  if (isa<IntegerType, FloatType>(type))
    return type.getIntOrFloatBitWidth();
  return getFixedFormat(type).width;
}

int64_t multiplierDSPs(int64_t wa, int64_t wb) {
  if (wa <= 10 && wb <= 10)
    return 0;
  int64_t wide = std::max(wa, wb), narrow = std::min(wa, wb);
  return llvm::divideCeil(wide, 27) * llvm::divideCeil(narrow, 18);
}

/// The widths of a binary operation's operands.
static std::pair<int64_t, int64_t> operandWidths(Operation *op) {
  int64_t a = dataWidth(op->getOperand(0).getType());
  int64_t b =
      op->getNumOperands() > 1 ? dataWidth(op->getOperand(1).getType()) : a;
  return {a, b};
}

static bool isIntegerMultiply(Operation *op) {
  return isa<arith::MulIOp, MulFixedOp>(op);
}

/// Float functions HLS libraries build from polynomial or CORDIC kernels
/// (exp, log, tanh, sin, ...): first-order, as exp is in Vitis' math library.
bool isTranscendental(Operation *op) {
  return isa<math::ExpOp, math::Exp2Op, math::ExpM1Op, math::LogOp,
             math::Log2Op, math::Log10Op, math::Log1pOp, math::PowFOp,
             math::FPowIOp, math::TanhOp, math::SinhOp, math::CoshOp,
             math::AsinhOp, math::AcoshOp, math::AtanhOp, math::SinOp,
             math::CosOp, math::TanOp, math::AsinOp, math::AcosOp, math::AtanOp,
             math::Atan2Op, math::ErfOp, math::ErfcOp, math::CbrtOp>(op);
}

int64_t dspCost(Operation *op) {
  if (isTranscendental(op)) {
    // A float's mantissa multiplies: f64's 53 bits take 3x f32's 24.
    bool isDouble = op->getNumResults() && op->getResult(0).getType().isF64();
    return isDouble ? 24 : 8;
  }
  if (isa<math::FmaOp>(op))
    return 5;
  if (isa<arith::MulFOp>(op))
    return 3;
  if (isa<arith::AddFOp, arith::SubFOp>(op))
    return 2;
  if (isIntegerMultiply(op)) {
    auto [a, b] = operandWidths(op);
    return multiplierDSPs(a, b);
  }
  return 0;
}

int scaleLatencyByWidth(Operation *op, int base) {
  // Targets that chain integer operations into one cycle (catapult) keep 0.
  if (op->getNumOperands() == 0 || base == 0)
    return base;
  auto [a, b] = operandWidths(op);
  int64_t width = std::max(a, b);
  if (isIntegerMultiply(op)) {
    int64_t tiles = multiplierDSPs(a, b);
    if (tiles == 0)
      return 1;
    int64_t reference = multiplierDSPs(32, 32);
    return tiles <= reference ? base
                              : base + static_cast<int>(llvm::Log2_64_Ceil(
                                           llvm::divideCeil(tiles, reference)));
  }
  if (isa<arith::AddIOp, arith::SubIOp, arith::CmpIOp, AddFixedOp, SubFixedOp,
          CmpFixedOp, MinFixedOp, MaxFixedOp>(op))
    return width <= 64 ? base
                       : std::max<int>(base, llvm::divideCeil(width, 64));
  if (isa<arith::DivSIOp, arith::DivUIOp, arith::RemSIOp, arith::RemUIOp>(op))
    return static_cast<int>(width) + 4;
  if (auto div = dyn_cast<DivFixedOp>(op)) // the dividend gains F bits
    return static_cast<int>(width + getFixedFormat(div.getType()).frac) + 4;
  return base;
}

} // namespace hcl
