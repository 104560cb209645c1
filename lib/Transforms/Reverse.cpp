//===- Reverse.cpp - hcl.reverse: run a loop's iterations backwards -------===//
//
// The loop keeps its bounds, step, name and annotations; the body reads the
// iteration it runs through an affine.apply that maps the k-th iteration to
// the k-th from the end. A bound that is the min or max of several
// expressions (a split's tail) is refused: the reversed iteration would be
// an affine.min, which affine accesses cannot take as an index. Reversing
// changes the order of the iterations, so a loop that carries a dependence
// between them is refused, as for parallel.
//
//===----------------------------------------------------------------------===//

#include "hcl/Dialect/HCL/HCLOps.h"
#include "hcl/Transforms/ScheduleContext.h"

#include "mlir/Dialect/Affine/Analysis/AffineAnalysis.h"
#include "mlir/IR/Builders.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "hcl-reverse"

using namespace mlir;
using namespace mlir::affine;

namespace hcl {

/// For the loop `for i = lb to ub step s`, the iteration that runs in place
/// of `i`: lb + (T - 1) * s - (i - lb) with T = ceildiv(ub - lb, s), that is
/// 2 * lb + floordiv(ub - lb - 1, s) * s - i. Dimensions: the lower bound's,
/// the upper bound's, then `i`; symbols: the lower bound's, then the upper
/// bound's.
static AffineMap getReversedIterationMap(AffineForOp loop) {
  AffineMap lbMap = loop.getLowerBoundMap();
  AffineMap ubMap = loop.getUpperBoundMap();
  assert(lbMap.getNumResults() == 1 && ubMap.getNumResults() == 1 &&
         "bounds with one result");
  unsigned numDims = lbMap.getNumDims() + ubMap.getNumDims() + 1;
  unsigned numSymbols = lbMap.getNumSymbols() + ubMap.getNumSymbols();
  AffineExpr lb = lbMap.getResult(0);
  AffineExpr ub =
      ubMap.getResult(0)
          .shiftDims(ubMap.getNumDims(), lbMap.getNumDims())
          .shiftSymbols(ubMap.getNumSymbols(), lbMap.getNumSymbols());
  AffineExpr iv = getAffineDimExpr(numDims - 1, loop.getContext());
  int64_t step = loop.getStepAsInt();
  return AffineMap::get(numDims, numSymbols,
                        lb * 2 + (ub - lb - 1).floorDiv(step) * step - iv);
}

LogicalResult ReverseOp::apply(ScheduleContext &ctx) {
  FailureOr<AffineForOp> resolved =
      ctx.resolveLoop(*this, getStage(), getLoop());
  if (failed(resolved))
    return failure();
  AffineForOp loop = *resolved;
  std::string name = ctx.getHandleLoopName(getLoop());
  if (!isLoopParallel(loop))
    return emitError("loop '")
           << name
           << "' carries a dependence between iterations and cannot be "
              "reversed";
  if (loop.getLowerBoundMap().getNumResults() != 1 ||
      loop.getUpperBoundMap().getNumResults() != 1)
    return emitError("loop '")
           << name
           << "' has a bound that is the min or max of several expressions "
              "(such as a split's tail) and cannot be reversed";

  LLVM_DEBUG(llvm::dbgs() << "reversing loop '" << name << "'\n");
  AffineMap map = getReversedIterationMap(loop);
  SmallVector<Value> operands;
  auto lbOperands = loop.getLowerBoundOperands();
  auto ubOperands = loop.getUpperBoundOperands();
  unsigned lbDims = loop.getLowerBoundMap().getNumDims();
  unsigned ubDims = loop.getUpperBoundMap().getNumDims();
  llvm::append_range(operands, lbOperands.take_front(lbDims));
  llvm::append_range(operands, ubOperands.take_front(ubDims));
  operands.push_back(loop.getInductionVar());
  llvm::append_range(operands, lbOperands.drop_front(lbDims));
  llvm::append_range(operands, ubOperands.drop_front(ubDims));

  OpBuilder builder = OpBuilder::atBlockBegin(loop.getBody());
  auto reversed = AffineApplyOp::create(builder, getLoc(), map, operands);
  Value iteration = reversed.getResult();
  loop.getInductionVar().replaceAllUsesExcept(iteration, reversed);
  // Loops inside take the reversed iteration into their bounds' maps (an
  // affine.apply between two loops would make the nest imperfect for the
  // primitives after this one); the engine folds the other uses.
  loop.getBody()->walk([&](AffineForOp inner) {
    if (llvm::is_contained(inner.getLowerBoundOperands(), iteration)) {
      AffineMap map = inner.getLowerBoundMap();
      SmallVector<Value> operands(inner.getLowerBoundOperands());
      fullyComposeAffineMapAndOperands(&map, &operands);
      canonicalizeMapAndOperands(&map, &operands);
      inner.setLowerBound(operands, map);
    }
    if (llvm::is_contained(inner.getUpperBoundOperands(), iteration)) {
      AffineMap map = inner.getUpperBoundMap();
      SmallVector<Value> operands(inner.getUpperBoundOperands());
      fullyComposeAffineMapAndOperands(&map, &operands);
      canonicalizeMapAndOperands(&map, &operands);
      inner.setUpperBound(operands, map);
    }
  });
  return success();
}

} // namespace hcl
