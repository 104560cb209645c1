//===- Parallel.cpp - hcl.parallel: mark a loop parallel ------------------===//

#include "Parallel.h"

#include "hcl/Transforms/Primitives.h"

#include "mlir/Dialect/Affine/Analysis/AffineAnalysis.h"

using namespace mlir;

namespace hcl {

LogicalResult markLoopParallel(Operation *primitive, affine::AffineForOp loop,
                               StringRef loopName, const Twine &becoming) {
  // A loop-carried dependence would make the iterations race.
  if (!affine::isLoopParallel(loop))
    return primitive->emitError("loop '")
           << loopName
           << "' carries a dependence between iterations and cannot be "
           << becoming;
  loop->setAttr("parallel", UnitAttr::get(primitive->getContext()));
  return success();
}

LogicalResult ParallelOp::apply(ScheduleContext &ctx) {
  ParallelOp op = *this;
  FailureOr<affine::AffineForOp> loop =
      ctx.resolveLoop(op, op.getStage(), op.getLoop());
  if (failed(loop))
    return failure();
  return markLoopParallel(op, *loop, ctx.getHandleLoopName(op.getLoop()),
                          "parallel");
}

} // namespace hcl
