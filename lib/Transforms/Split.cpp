//===- Split.cpp - hcl.split: strip-mine one loop -------------------------===//

#include "LoopBand.h"

#include "hcl/Dialect/HCL/Naming.h"
#include "hcl/Transforms/Primitives.h"

using namespace mlir;
using namespace mlir::affine;

namespace hcl {

/// `i` becomes `i.outer` (trip count ceil(N / factor)) around `i.inner`
/// (`factor` iterations, fewer in the last outer iteration when the factor
/// does not divide N).
LogicalResult SplitOp::apply(ScheduleContext &ctx) {
  SplitOp op = *this;
  FailureOr<AffineForOp> loop =
      ctx.resolveLoop(op, op.getStage(), op.getLoop());
  if (failed(loop))
    return failure();
  int64_t factor = op.getFactorAttr().getInt();
  std::string name = getLoopName(*loop).str();
  if (failed(checkFactorFits(op, *loop, factor, "split")))
    return failure();

  FailureOr<SmallVector<AffineForOp>> tiled =
      tileBand(op, {*loop}, {static_cast<unsigned>(factor)});
  if (failed(tiled))
    return failure();
  ctx.nameHandle(op.getOuter(), name + ".outer");
  ctx.nameHandle(op.getInner(), name + ".inner");
  return success();
}

} // namespace hcl
