//===- Split.cpp - hcl.split: strip-mine one loop -------------------------===//

#include "LoopBand.h"

#include "hcl/Dialect/HCL/Naming.h"
#include "hcl/Transforms/Primitives.h"

#include "mlir/Dialect/Affine/Analysis/LoopAnalysis.h"

using namespace mlir;
using namespace mlir::affine;

namespace hcl {

/// `i` becomes `i.outer` (trip count ceil(N / factor)) around `i.inner`
/// (`factor` iterations, fewer in the last outer iteration when the factor
/// does not divide N).
LogicalResult applySplit(SplitOp op, ScheduleContext &ctx) {
  FailureOr<AffineForOp> loop = ctx.resolveLoop(op, op.getStage(), op.getLoop());
  if (failed(loop))
    return failure();
  int64_t factor = op.getFactorAttr().getInt();
  std::string name = getLoopName(*loop).str();
  std::optional<uint64_t> tripCount = getConstantTripCount(*loop);
  if (tripCount && static_cast<uint64_t>(factor) > *tripCount)
    return op.emitError("split factor ")
           << factor << " is larger than the trip count " << *tripCount
           << " of loop '" << name << "'";

  FailureOr<SmallVector<AffineForOp>> tiled =
      tileBand(op, {*loop}, {static_cast<unsigned>(factor)});
  if (failed(tiled))
    return failure();
  ctx.nameHandle(op.getOuter(), name + ".outer");
  ctx.nameHandle(op.getInner(), name + ".inner");
  return success();
}

} // namespace hcl
