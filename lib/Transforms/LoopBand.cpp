//===- LoopBand.cpp - helpers for bands of perfectly nested loops ---------===//

#include "LoopBand.h"

#include "hcl/Dialect/HCL/Naming.h"
#include "hcl/Transforms/ScheduleContext.h"

#include "mlir/Dialect/Affine/Analysis/LoopAnalysis.h"
#include "mlir/Dialect/Affine/LoopUtils.h"
#include "mlir/Dialect/Affine/Utils.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

using namespace mlir;
using namespace mlir::affine;

namespace hcl {

/// Which of the two loops a split keeps an annotation on: the pipeline and
/// unroll requests concern the innermost work (HLS would otherwise unroll the
/// inner loop fully to pipeline the outer one), parallel the outer chunks;
/// anything else (reduction, ...) describes both.
static bool keepsAnnotation(StringRef attr, bool isOuter) {
  if (attr == "pipeline_ii" || attr == "unroll" || attr == "vectorize")
    return !isOuter;
  if (attr == "parallel")
    return isOuter;
  return true;
}

FailureOr<SmallVector<AffineForOp>> tileBand(Operation *user,
                                             ArrayRef<AffineForOp> band,
                                             ArrayRef<unsigned> sizes) {
  SmallVector<std::string> names;
  SmallVector<SmallVector<NamedAttribute>> annotations;
  for (AffineForOp loop : band) {
    names.push_back(getLoopName(loop).str());
    annotations.push_back(getLoopAnnotations(loop));
  }
  Attribute stageName = band.front()->getAttr(kStageNameAttr);

  SmallVector<AffineForOp> input(band), tiled;
  if (failed(tilePerfectlyNested(input, sizes, &tiled)))
    return user->emitError("the loops could not be tiled (their bounds are "
                           "not affine in the enclosing loops)");
  size_t n = band.size();
  for (size_t i = 0; i < n; ++i) {
    for (auto [loop, suffix] :
         {std::pair{tiled[i], ".outer"}, std::pair{tiled[n + i], ".inner"}}) {
      loop->removeAttr(kStageNameAttr);
      loop->setAttr(kLoopNameAttr,
                    StringAttr::get(user->getContext(), names[i] + suffix));
      for (NamedAttribute attr : annotations[i])
        if (keepsAnnotation(attr.getName(), loop == tiled[i]))
          loop->setAttr(attr.getName(), attr.getValue());
    }
  }
  if (stageName)
    tiled.front()->setAttr(kStageNameAttr, stageName);
  // 0-based unit-step loops read better in HLS C++ and give constant trip
  // counts to the outer loops.
  for (AffineForOp loop : tiled)
    (void)normalizeAffineFor(loop);
  return tiled;
}

bool boundsUseBand(AffineForOp loop, ArrayRef<AffineForOp> band) {
  auto isBandIv = [&](Value operand) {
    return llvm::any_of(band, [&](AffineForOp other) {
      return other.getInductionVar() == operand;
    });
  };
  return llvm::any_of(loop.getLowerBoundOperands(), isBandIv) ||
         llvm::any_of(loop.getUpperBoundOperands(), isBandIv);
}

LogicalResult checkBoundsIndependent(Operation *user,
                                     ArrayRef<AffineForOp> band) {
  for (AffineForOp loop : band)
    if (boundsUseBand(loop, band))
      return user->emitError("the bounds of loop '")
             << getLoopName(loop)
             << "' depend on another loop of the nest, so the loops cannot "
                "be tiled";
  return success();
}

LogicalResult checkFactorFits(Operation *user, AffineForOp loop, int64_t factor,
                              StringRef primitive) {
  std::optional<uint64_t> tripCount = getConstantTripCount(loop);
  if (tripCount && static_cast<uint64_t>(factor) > *tripCount)
    return user->emitError() << primitive << " factor " << factor
                             << " is larger than the trip count " << *tripCount
                             << " of loop '" << getLoopName(loop) << "'";
  return success();
}

/// The affine patterns foldAffineApplies runs.
static FrozenRewritePatternSet affinePatterns(MLIRContext *ctx) {
  RewritePatternSet patterns(ctx);
  AffineApplyOp::getCanonicalizationPatterns(patterns, ctx);
  AffineLoadOp::getCanonicalizationPatterns(patterns, ctx);
  AffineStoreOp::getCanonicalizationPatterns(patterns, ctx);
  AffineIfOp::getCanonicalizationPatterns(patterns, ctx);
  AffineMinOp::getCanonicalizationPatterns(patterns, ctx);
  AffineMaxOp::getCanonicalizationPatterns(patterns, ctx);
  return FrozenRewritePatternSet(std::move(patterns));
}

LogicalResult foldAffineApplies(Operation *scope) {
  GreedyRewriteConfig config;
  config.setRegionSimplificationLevel(GreedySimplifyRegionLevel::Disabled);
  // Constants stay where the user wrote them.
  config.enableConstantCSE(false);
  return applyPatternsGreedily(scope, affinePatterns(scope->getContext()),
                               config);
}

LogicalResult foldAffineApplies(ArrayRef<Operation *> scopes) {
  if (scopes.empty())
    return success();
  SmallVector<Operation *> ops;
  for (Operation *scope : scopes)
    scope->walk([&](Operation *op) { ops.push_back(op); });
  GreedyRewriteConfig config;
  config.enableConstantCSE(false);
  // Operations outside the scopes (those that bound a span among them) are
  // left as they are.
  config.setStrictness(GreedyRewriteStrictness::ExistingAndNewOps);
  return applyOpPatternsGreedily(
      ops, affinePatterns(scopes.front()->getContext()), config);
}

FailureOr<SmallVector<AffineForOp>>
getPerfectBand(Operation *user, AffineForOp outer, AffineForOp inner) {
  SmallVector<AffineForOp> nest;
  getPerfectlyNestedLoops(nest, outer);
  auto it = llvm::find(nest, inner);
  if (it == nest.end())
    return user->emitError("loops '")
           << getLoopName(outer) << "' and '" << getLoopName(inner)
           << "' are not perfectly nested: other operations sit between them";
  nest.erase(std::next(it), nest.end());
  return nest;
}

} // namespace hcl
