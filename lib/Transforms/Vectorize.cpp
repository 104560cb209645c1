//===- Vectorize.cpp - hcl.vectorize: vectors of `width` iterations -------===//
//
// Halide's vectorize(x, w): the loop runs in groups of w iterations, the
// inner loop of each group marked `vectorize = w`. The mark is what the
// backends read: LLVM loop metadata on the CPU path
// (lib/Conversion/LoopAnnotations.cpp), a full unroll of the group in HLS
// C++. Vector lanes run their iterations at once, so a loop carrying a
// dependence between iterations is refused, as for parallel.
//
//===----------------------------------------------------------------------===//

#include "LoopBand.h"

#include "hcl/Dialect/HCL/Naming.h"
#include "hcl/Transforms/Primitives.h"

#include "mlir/Dialect/Affine/Analysis/AffineAnalysis.h"
#include "mlir/Dialect/Affine/Analysis/LoopAnalysis.h"

using namespace mlir;
using namespace mlir::affine;

namespace hcl {

LogicalResult VectorizeOp::apply(ScheduleContext &ctx) {
  VectorizeOp op = *this;
  FailureOr<AffineForOp> loop =
      ctx.resolveLoop(op, op.getStage(), op.getLoop());
  if (failed(loop))
    return failure();
  int64_t width = op.getWidthAttr().getInt();
  std::string name = getLoopName(*loop).str();
  if (!isLoopParallel(*loop))
    return op.emitError("loop '")
           << name
           << "' carries a dependence between iterations and cannot be "
              "vectorized";
  std::optional<uint64_t> tripCount = getConstantTripCount(*loop);
  if (tripCount && static_cast<uint64_t>(width) > *tripCount)
    return op.emitError() << "vector width " << width
                          << " is larger than the trip count " << *tripCount
                          << " of loop '" << name << "'";

  AffineForOp vectorLoop = *loop;
  if (!tripCount || *tripCount != static_cast<uint64_t>(width)) {
    FailureOr<SmallVector<AffineForOp>> tiled =
        tileBand(op, {*loop}, {static_cast<unsigned>(width)});
    if (failed(tiled))
      return failure();
    vectorLoop = (*tiled)[1];
  }
  vectorLoop->setAttr(
      "vectorize",
      Builder(op.getContext()).getI32IntegerAttr(static_cast<int32_t>(width)));
  return success();
}

} // namespace hcl
