//===- ClampedLoops.cpp - peel the edges where an index is clamped --------===//
//
// An imported padding stage reads its input at a clamped index,
// min(max(w - 1, 0), 31), and selects 0 where w - 1 is out of range: the
// clamp keeps the read in bounds, whatever the select then keeps. Along w
// that read is a gather, so the loop stayed scalar (about one cycle per
// element, 9% of ResNet-20's time). Here an innermost loop of constant
// bounds whose body clamps `iv + k` (or `iv - k`) to constant bounds is
// split at the iterations where the clamp starts and stops doing
// anything: the edge iterations keep the body as it is, and in the middle
// the clamp is its operand, so the read is contiguous and LLVM vectorizes
// the loop. Every iteration computes what it did.
//
//===----------------------------------------------------------------------===//

#include "CpuLoops.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace mlir::affine;

namespace {

/// `min(max(x, lo), hi)` or `max(min(x, hi), lo)` of index values, with `x`
/// the loop's index plus a constant: the iterations where it is `x`.
struct Clamp {
  Operation *op; // the outer min or max
  Value operand; // x
  int64_t first, last;
};

std::optional<int64_t> constantOf(Value value) {
  APInt constant;
  if (matchPattern(value, m_ConstantInt(&constant)))
    return constant.getSExtValue();
  return std::nullopt;
}

/// `value` as the loop's index plus a constant.
std::optional<int64_t> offsetFromIndex(Value value, AffineForOp loop) {
  Value iv = loop.getInductionVar();
  if (value == iv)
    return 0;
  Operation *def = value.getDefiningOp();
  if (!def || !isa<arith::AddIOp, arith::SubIOp>(def) ||
      def->getOperand(0) != iv)
    return std::nullopt;
  std::optional<int64_t> k = constantOf(def->getOperand(1));
  if (!k)
    return std::nullopt;
  return isa<arith::AddIOp>(def) ? *k : -*k;
}

std::optional<Clamp> asClamp(Operation *op, AffineForOp loop) {
  bool outerMax = isa<arith::MaxSIOp>(op);
  if (!outerMax && !isa<arith::MinSIOp>(op))
    return std::nullopt;
  if (!op->getResult(0).getType().isIndex())
    return std::nullopt;
  Operation *inner = op->getOperand(0).getDefiningOp();
  std::optional<int64_t> outerBound = constantOf(op->getOperand(1));
  if (!inner || !outerBound ||
      !(outerMax ? isa<arith::MinSIOp>(inner) : isa<arith::MaxSIOp>(inner)))
    return std::nullopt;
  std::optional<int64_t> innerBound = constantOf(inner->getOperand(1));
  Value x = inner->getOperand(0);
  std::optional<int64_t> k = offsetFromIndex(x, loop);
  if (!innerBound || !k)
    return std::nullopt;
  int64_t lo = outerMax ? *outerBound : *innerBound;
  int64_t hi = outerMax ? *innerBound : *outerBound;
  if (lo > hi)
    return std::nullopt;
  return Clamp{op, x, lo - *k, hi - *k};
}

/// A copy of `loop` before it running its iterations below `bound`, which
/// then become the loop's first.
void peelBefore(AffineForOp loop, int64_t bound) {
  if (bound <= loop.getConstantLowerBound())
    return;
  OpBuilder b(loop);
  auto copy = cast<AffineForOp>(b.clone(*loop));
  copy.setConstantUpperBound(bound);
  loop.setConstantLowerBound(bound);
}

/// A copy of `loop` after it running its iterations from `bound` on.
void peelAfter(AffineForOp loop, int64_t bound) {
  if (bound >= loop.getConstantUpperBound())
    return;
  OpBuilder b(loop->getBlock(), std::next(loop->getIterator()));
  auto copy = cast<AffineForOp>(b.clone(*loop));
  copy.setConstantLowerBound(bound);
  loop.setConstantUpperBound(bound);
}

void splitAtClamps(AffineForOp loop) {
  // A loop the schedule marked, or a stage's own loop, keeps its shape.
  if (!loop.hasConstantBounds() || loop.getStepAsInt() != 1 ||
      loop.getNumIterOperands() != 0 || loop->hasAttr("vectorize") ||
      loop->hasAttr("unroll") || loop->hasAttr("stage_name"))
    return;
  SmallVector<Clamp> clamps;
  for (Operation &op : *loop.getBody())
    if (std::optional<Clamp> clamp = asClamp(&op, loop))
      clamps.push_back(*clamp);
  if (clamps.empty())
    return;
  // The iterations where every clamp is its operand.
  int64_t first = loop.getConstantLowerBound();
  int64_t last = loop.getConstantUpperBound() - 1;
  for (const Clamp &clamp : clamps) {
    first = std::max(first, clamp.first);
    last = std::min(last, clamp.last);
  }
  if (first > last)
    return;
  peelBefore(loop, first);
  peelAfter(loop, last + 1);
  for (const Clamp &clamp : clamps)
    clamp.op->getResult(0).replaceAllUsesWith(clamp.operand);
}

} // namespace

void hcl::splitClampedLoops(Operation *root) {
  SmallVector<AffineForOp> innermost;
  root->walk([&](AffineForOp loop) {
    if (loop.getBody()->getOps<AffineForOp>().empty())
      innermost.push_back(loop);
  });
  for (AffineForOp loop : innermost)
    splitAtClamps(loop);
}
