//===- Tile.cpp - hcl.tile: tile two nested loops -------------------------===//

#include "BandLegality.h"
#include "LoopBand.h"

#include "hcl/Dialect/HCL/Naming.h"
#include "hcl/Transforms/Primitives.h"

using namespace mlir;
using namespace mlir::affine;

namespace hcl {

/// x { y { body } }  ->  x.outer { y.outer { x.inner { y.inner { body } } } }
LogicalResult TileOp::apply(ScheduleContext &ctx) {
  TileOp op = *this;
  FailureOr<AffineForOp> x = ctx.resolveLoop(op, op.getStage(), op.getXLoop());
  if (failed(x))
    return failure();
  FailureOr<AffineForOp> y = ctx.resolveLoop(op, op.getStage(), op.getYLoop());
  if (failed(y))
    return failure();
  if (!(*x)->isProperAncestor(*y))
    return op.emitError("tile needs '")
           << getLoopName(*y) << "' directly inside '" << getLoopName(*x)
           << "'";
  FailureOr<SmallVector<AffineForOp>> band = getPerfectBand(op, *x, *y);
  if (failed(band))
    return failure();
  if (band->size() != 2)
    return op.emitError("tile needs '")
           << getLoopName(*y) << "' directly inside '" << getLoopName(*x)
           << "'";
  if (failed(checkBoundsIndependent(op, *band)))
    return failure();
  if (!isBandTilable(*band))
    return op.emitError("tiling loops '")
           << getLoopName(*x) << "' and '" << getLoopName(*y)
           << "' would violate a dependence";

  int64_t xFactor = op.getXFactorAttr().getInt();
  int64_t yFactor = op.getYFactorAttr().getInt();
  if (failed(checkFactorFits(op, *x, xFactor, "tile")) ||
      failed(checkFactorFits(op, *y, yFactor, "tile")))
    return failure();
  std::string xName = getLoopName(*x).str(), yName = getLoopName(*y).str();
  unsigned sizes[] = {static_cast<unsigned>(xFactor),
                      static_cast<unsigned>(yFactor)};
  if (failed(tileBand(op, *band, sizes)))
    return failure();
  ctx.nameHandle(op.getXOuter(), xName + ".outer");
  ctx.nameHandle(op.getXInner(), xName + ".inner");
  ctx.nameHandle(op.getYOuter(), yName + ".outer");
  ctx.nameHandle(op.getYInner(), yName + ".inner");
  return success();
}

} // namespace hcl
