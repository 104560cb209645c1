//===- Parallel.cpp - hcl.parallel: mark a loop parallel ------------------===//

#include "hcl/Transforms/Primitives.h"

#include "mlir/Dialect/Affine/Analysis/AffineAnalysis.h"

using namespace mlir;

namespace hcl {

/// Marks the loop with the unit attribute `parallel`. It is an error when the
/// loop carries a dependence, since its iterations could not run in parallel.
LogicalResult ParallelOp::apply(ScheduleContext &ctx) {
  ParallelOp op = *this;
  FailureOr<affine::AffineForOp> loop =
      ctx.resolveLoop(op, op.getStage(), op.getLoop());
  if (failed(loop))
    return failure();
  if (!affine::isLoopParallel(*loop))
    return op.emitError("loop '")
           << ctx.getHandleLoopName(op.getLoop())
           << "' carries a dependence between iterations and cannot be "
              "parallel";
  (*loop)->setAttr("parallel", UnitAttr::get(op.getContext()));
  return success();
}

} // namespace hcl
