//===- TripBindings.cpp - trip counts that depend on outer loops ----------===//
//
// A triangular loop (`affine.for %j = 0 to #upto(%i)`) runs a different
// number of iterations in each iteration of the loop whose variable bounds
// it. With that variable fixed, its trip count is exact: the estimator
// then walks the outer loop one iteration at a time, and the work counts
// sum the inner trips over the outer iterations, instead of taking every
// run at its max_trip_count.
//
//===----------------------------------------------------------------------===//

#include "LoopModel.h"

#include "Span.h"

#include "hcl/Analysis/AffineEvaluate.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"

using namespace mlir;
using namespace mlir::affine;

namespace hcl {

/// `v` as a number: a fixed induction variable, an index constant, or an
/// affine.apply of such.
static std::optional<int64_t> valueAt(Value v, const IVValues &values) {
  if (auto it = values.find(v); it != values.end())
    return it->second;
  Operation *def = v.getDefiningOp();
  if (!def)
    return std::nullopt;
  if (auto c = dyn_cast<arith::ConstantIndexOp>(def))
    return c.value();
  if (auto apply = dyn_cast<AffineApplyOp>(def)) {
    AffineMap map = apply.getAffineMap();
    SmallVector<int64_t> operands;
    for (Value operand : apply.getMapOperands()) {
      std::optional<int64_t> x = valueAt(operand, values);
      if (!x)
        return std::nullopt;
      operands.push_back(*x);
    }
    ArrayRef<int64_t> all(operands);
    return evaluateAffineExpr(map.getResult(0),
                              all.take_front(map.getNumDims()),
                              all.drop_front(map.getNumDims()));
  }
  return std::nullopt;
}

/// A bound map's results at `operands`: the largest (a lower bound) or the
/// smallest (an upper bound).
static std::optional<int64_t> boundAt(AffineMap map, ValueRange operands,
                                      bool lower, const IVValues &values) {
  SmallVector<int64_t> numbers;
  for (Value operand : operands) {
    std::optional<int64_t> x = valueAt(operand, values);
    if (!x)
      return std::nullopt;
    numbers.push_back(*x);
  }
  ArrayRef<int64_t> all(numbers);
  std::optional<int64_t> bound;
  for (AffineExpr e : map.getResults()) {
    int64_t b = evaluateAffineExpr(e, all.take_front(map.getNumDims()),
                                   all.drop_front(map.getNumDims()));
    bound = !bound ? b : lower ? std::max(*bound, b) : std::min(*bound, b);
  }
  return bound;
}

std::optional<int64_t> firstValueAt(AffineForOp loop, const IVValues &values) {
  return boundAt(loop.getLowerBoundMap(), loop.getLowerBoundOperands(),
                 /*lower=*/true, values);
}

std::optional<int64_t> tripsAt(AffineForOp loop, const IVValues &values) {
  std::optional<int64_t> lb = firstValueAt(loop, values);
  std::optional<int64_t> ub =
      boundAt(loop.getUpperBoundMap(), loop.getUpperBoundOperands(),
              /*lower=*/false, values);
  if (!lb || !ub)
    return std::nullopt;
  int64_t step = loop.getStepAsInt();
  // No iteration when the bounds cross (clamped to 0, not negative).
  return *ub <= *lb ? 0 : llvm::divideCeil(*ub - *lb, step);
}

bool usesValue(Value v, Value iv) {
  if (v == iv)
    return true;
  if (auto apply = v.getDefiningOp<AffineApplyOp>())
    return llvm::any_of(apply.getMapOperands(),
                        [&](Value operand) { return usesValue(operand, iv); });
  return false;
}

bool boundsDependOn(AffineForOp inner, Value iv) {
  return llvm::any_of(inner->getOperands(),
                      [&](Value operand) { return usesValue(operand, iv); });
}

bool boundsInsideDependOn(AffineForOp loop) {
  Value iv = loop.getInductionVar();
  bool found = false;
  loop.getBody()->walk([&](AffineForOp inner) {
    found |= boundsDependOn(inner, iv);
    return found ? WalkResult::interrupt() : WalkResult::advance();
  });
  return found;
}

/// The iterations of `loops[k..]` (outermost first) with the variables of
/// the loops before fixed in `values`: a loop that bounds no loop after it
/// multiplies, one that does is summed over its iterations. `exact`
/// becomes false where a trip count is not known (its max_trip_count, or
/// one, taken); `budget` is what is left of the iterations it may walk.
static int64_t iterationsFrom(ArrayRef<Operation *> loops, size_t k,
                              IVValues &values, bool &exact, int64_t &budget) {
  if (k == loops.size())
    return 1;
  auto affineLoop = dyn_cast<AffineForOp>(loops[k]);
  std::optional<int64_t> trips;
  if (affineLoop)
    trips = tripsAt(affineLoop, values);
  if (!trips) {
    TripCount t = tripCountOf(loops[k]);
    trips = t.exact;
    if (!trips) {
      exact = false;
      trips = t.max ? *t.max : 1;
    }
  }
  bool bounds = false;
  if (affineLoop)
    for (Operation *inner : loops.drop_front(k + 1))
      if (auto innerAffine = dyn_cast<AffineForOp>(inner))
        bounds |= boundsDependOn(innerAffine, affineLoop.getInductionVar());
  std::optional<int64_t> first =
      bounds ? firstValueAt(affineLoop, values) : std::nullopt;
  if (!bounds || !first || *trips > budget) {
    if (bounds)
      exact = false;
    return satMul(*trips, iterationsFrom(loops, k + 1, values, exact, budget));
  }
  budget -= *trips;
  Value iv = affineLoop.getInductionVar();
  int64_t sum = 0;
  for (int64_t i = 0; i < *trips; ++i) {
    values[iv] = *first + i * affineLoop.getStepAsInt();
    sum = satAdd(sum, iterationsFrom(loops, k + 1, values, exact, budget));
  }
  values.erase(iv);
  return sum;
}

int64_t iterationsAround(Operation *op, bool &exact) {
  SmallVector<Operation *> loops;
  for (Operation *p = op->getParentOp(); p && !isa<func::FuncOp>(p);
       p = p->getParentOp())
    if (isEstimatedLoop(p))
      loops.insert(loops.begin(), p);
  IVValues values;
  int64_t budget = kEnumerationBudget;
  return iterationsFrom(loops, 0, values, exact, budget);
}

} // namespace hcl
