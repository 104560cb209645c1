//===- Reorder.cpp - hcl.reorder: permute loops of one nest ---------------===//

#include "BandLegality.h"
#include "LoopBand.h"
#include "LoopDistribution.h"

#include "hcl/Dialect/HCL/Naming.h"
#include "hcl/Transforms/Primitives.h"

#include "mlir/Dialect/Affine/LoopUtils.h"

using namespace mlir;
using namespace mlir::affine;

namespace hcl {

static unsigned depthOf(AffineForOp loop) {
  unsigned depth = 0;
  for (Operation *op = loop; op; op = op->getParentOp())
    depth += isa<AffineForOp>(op);
  return depth;
}

/// The listed loops take the listed order, outermost first, in the positions
/// they occupied together; loops in between keep their place. Legality is
/// decided by MLIR's dependence analysis.
LogicalResult ReorderOp::apply(ScheduleContext &ctx) {
  ReorderOp op = *this;
  FailureOr<SmallVector<AffineForOp>> resolved =
      ctx.resolveLoops(op, op.getStage(), op.getLoops());
  if (failed(resolved))
    return failure();
  SmallVector<AffineForOp> listed = std::move(*resolved);
  SmallVector<AffineForOp> byDepth(listed);
  llvm::stable_sort(byDepth, [](AffineForOp a, AffineForOp b) {
    return depthOf(a) < depthOf(b);
  });
  for (size_t i = 1; i < byDepth.size(); ++i)
    if (!byDepth[i - 1]->isProperAncestor(byDepth[i]))
      return op.emitError("loops '")
             << getLoopName(byDepth[i - 1]) << "' and '"
             << getLoopName(byDepth[i]) << "' are not in one loop nest";

  FailureOr<SmallVector<AffineForOp>> band =
      distributeToPerfectBand(op, byDepth.front(), byDepth.back());
  if (failed(band))
    return failure();

  // permutation[i] = new position of band[i].
  SmallVector<unsigned> positions;
  for (AffineForOp loop : byDepth)
    positions.push_back(llvm::find(*band, loop) - band->begin());
  SmallVector<unsigned> permutation(band->size());
  for (unsigned i = 0; i < band->size(); ++i)
    permutation[i] = i;
  for (auto [slot, loop] : llvm::enumerate(listed)) {
    unsigned from = llvm::find(*band, loop) - band->begin();
    permutation[from] = positions[slot];
  }
  // A loop whose bounds use another loop's variable must stay inside it.
  for (auto [a, loop] : llvm::enumerate(*band))
    for (auto [b, other] : llvm::enumerate(*band))
      if (boundsUseBand(loop, {other}) && permutation[b] > permutation[a])
        return op.emitError("the bounds of loop '")
               << getLoopName(loop) << "' depend on loop '"
               << getLoopName(other)
               << "', which this reorder would move inside it";
  if (!isValidBandPermutation(*band, permutation)) {
    InFlightDiagnostic error = op.emitError(
        "this reorder would violate a dependence between iterations of the "
        "nest");
    if (Operation *opaque = findUnanalyzableAccess(band->front()))
      error << " (the nest accesses memory through '" << opaque->getName()
            << "', a data-dependent access whose dependences are unknown)";
    return error;
  }

  Operation *oldRoot = band->front();
  unsigned newRoot = permuteLoops(*band, permutation);
  moveStageName(oldRoot, (*band)[newRoot]);
  return success();
}

} // namespace hcl
