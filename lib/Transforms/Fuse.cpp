//===- Fuse.cpp - hcl.fuse: coalesce nested loops into one ----------------===//

#include "LoopBand.h"

#include "hcl/Dialect/HCL/Naming.h"
#include "hcl/Transforms/Primitives.h"

#include "mlir/Dialect/Affine/Analysis/LoopAnalysis.h"
#include "mlir/Dialect/Affine/LoopUtils.h"
#include "mlir/Dialect/Affine/Utils.h"

using namespace mlir;
using namespace mlir::affine;

namespace hcl {

/// The loop whose induction variable `loop`'s bounds use, if any. coalesceLoops
/// multiplies trip counts into one bound, which must stay affine in values
/// defined outside the fused loop.
static AffineForOp getBoundingLoop(AffineForOp loop) {
  for (ValueRange operands :
       {loop.getLowerBoundOperands(), loop.getUpperBoundOperands()})
    for (Value operand : operands)
      if (AffineForOp owner = getForInductionVarOwner(operand))
        return owner;
  return nullptr;
}

/// An error on `user` when `loop` provably runs no iterations (`5 to 3`,
/// `0 to 0`). coalesceLoops recovers each induction variable by dividing by
/// the inner loops' trip counts and multiplies them into the fused bound: a
/// trip count of zero (or a negative span) gives `mod 0`, a negative bound and
/// a crash in lowering. Split and tile refuse such loops too.
static LogicalResult checkRunsIterations(Operation *user, AffineForOp loop) {
  std::optional<uint64_t> tripCount = getConstantTripCount(loop);
  bool empty = tripCount && *tripCount == 0;
  if (loop.hasConstantBounds() &&
      loop.getConstantUpperBound() <= loop.getConstantLowerBound())
    empty = true;
  if (!empty)
    return success();
  InFlightDiagnostic diag = user->emitError("fuse cannot fuse loop '")
                            << getLoopName(loop) << "': it runs no iterations";
  if (loop.hasConstantBounds())
    diag << " (" << loop.getConstantLowerBound() << " to "
         << loop.getConstantUpperBound() << ")";
  diag << "; fusing divides by its trip count";
  diag.attachNote(loop.getLoc()) << "the empty loop";
  return diag;
}

/// i { j { body } } -> i_j_fused { body } with i and j recovered by division
/// and remainder (MLIR's coalesceLoops). The loops must be listed outermost
/// first and be perfectly nested with no loop between them.
LogicalResult FuseOp::apply(ScheduleContext &ctx) {
  FuseOp op = *this;
  FailureOr<SmallVector<AffineForOp>> resolved =
      ctx.resolveLoops(op, op.getStage(), op.getLoops());
  if (failed(resolved))
    return failure();
  SmallVector<AffineForOp> loops = std::move(*resolved);
  for (size_t i = 1; i < loops.size(); ++i)
    if (!loops[i - 1]->isProperAncestor(loops[i]))
      return op.emitError("fuse needs consecutive loops listed outermost "
                          "first, with nothing between them");
  FailureOr<SmallVector<AffineForOp>> band =
      getPerfectBand(op, loops.front(), loops.back());
  if (failed(band))
    return failure();
  if (*band != ArrayRef<AffineForOp>(loops))
    return op.emitError("fuse needs consecutive loops listed outermost "
                        "first, with nothing between them");

  for (AffineForOp loop : loops)
    if (failed(checkRunsIterations(op, loop)))
      return failure();
  for (AffineForOp loop : loops)
    if (AffineForOp owner = getBoundingLoop(loop))
      return op.emitError("fuse needs loop bounds that do not depend on other "
                          "loops, but the bounds of '")
             << getLoopName(loop) << "' use loop '" << getLoopName(owner)
             << "' (as the tail of a split or tile by a factor that does not "
             << "divide the trip count does)";
  std::string fusedName;
  SmallVector<NamedAttribute> annotations;
  for (AffineForOp loop : loops) {
    fusedName += getLoopName(loop).str() + "_";
    llvm::append_range(annotations, getLoopAnnotations(loop));
    if (failed(normalizeAffineFor(loop)))
      return op.emitError("loop '")
             << getLoopName(loop) << "' cannot be normalized for fusing";
  }
  fusedName += "fused";
  // coalesceLoops rewrites induction variable uses only inside the innermost
  // loop; fold normalization's affine.apply ops into those uses first.
  (void)foldAffineApplies(loops.front()->getParentOp());
  Attribute stageName = loops.front()->getAttr(kStageNameAttr);
  if (failed(coalesceLoops(loops)))
    return op.emitError("these loops cannot be fused into one affine loop "
                        "(their bounds depend on each other)");
  AffineForOp fused = loops.front();
  for (NamedAttribute attr : annotations)
    fused->setAttr(attr.getName(), attr.getValue());
  fused->setAttr(kLoopNameAttr, StringAttr::get(op.getContext(), fusedName));
  if (stageName)
    fused->setAttr(kStageNameAttr, stageName);
  ctx.nameHandle(op.getFusedLoop(), fusedName);
  return success();
}

} // namespace hcl
