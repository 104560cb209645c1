//===- Bind.cpp - hcl.bind: a loop bound to a GPU thread axis -------------===//
//
// HeteroCL's bind maps a loop to the blocks or threads of an NDRange
// dimension, whose iterations run concurrently. hcl has no GPU backend: the
// loop becomes a parallel loop (OpenMP threads on the CPU), under
// hcl.parallel's rule, and keeps the axis it was bound to.
//
//===----------------------------------------------------------------------===//

#include "Parallel.h"

#include "hcl/Transforms/Primitives.h"

using namespace mlir;

namespace hcl {

LogicalResult BindOp::apply(ScheduleContext &ctx) {
  BindOp op = *this;
  FailureOr<affine::AffineForOp> loop =
      ctx.resolveLoop(op, op.getStage(), op.getLoop());
  if (failed(loop))
    return failure();
  if (failed(markLoopParallel(op, *loop, ctx.getHandleLoopName(op.getLoop()),
                              "bound to " + op.getAxis() +
                                  ", whose iterations run at once")))
    return failure();
  (*loop)->setAttr("thread_axis", op.getAxisAttr());
  return success();
}

} // namespace hcl
