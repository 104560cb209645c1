//===- HoistInvariants.cpp - loop-invariant computations out of loops -----===//
//
// The ONNX-to-Bambu thesis: an operation is pushed out of a loop when it does
// not depend on the loop's variable. After the three-address step the address
// arithmetic is made of such operations (the seed's `_9 = x_2 * 3` before
// the loops). MLIR's loop-invariant code motion moves side-effect-free,
// speculatable operations; loops are visited innermost first so that an
// operation can leave several loops. Common subexpressions are then merged
// (the same index computed for a load and a store).
//
//===----------------------------------------------------------------------===//

#include "Steps.h"

#include "mlir/IR/Dominance.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/CSE.h"
#include "mlir/Transforms/LoopInvariantCodeMotionUtils.h"

using namespace mlir;

namespace hcl::bambu {

void hoistInvariants(func::FuncOp func) {
  func.walk([](LoopLikeOpInterface loop) { moveLoopInvariantCode(loop); });
  // Two accesses that computed the same index now compute it side by side
  // outside the loop: once is enough.
  IRRewriter rewriter(func.getContext());
  DominanceInfo dominance(func);
  eliminateCommonSubExpressions(rewriter, dominance, func);
}

} // namespace hcl::bambu
