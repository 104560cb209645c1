//===- Pipeline.cpp - hcl.pipeline: mark a loop pipelined -----------------===//

#include "hcl/Transforms/Primitives.h"

using namespace mlir;

namespace hcl {

/// Marks the loop with `pipeline_ii = II : i32`, which the HLS backend emits
/// as `#pragma HLS pipeline II=N`; the CPU path ignores it.
LogicalResult PipelineOp::apply(ScheduleContext &ctx) {
  PipelineOp op = *this;
  // Imperative code's scf.for / scf.while loops are pipelined too.
  FailureOr<Operation *> loop =
      ctx.resolveAnyLoop(op, op.getStage(), op.getLoop());
  if (failed(loop))
    return failure();
  Builder builder(op.getContext());
  (*loop)->setAttr("pipeline_ii",
                   builder.getI32IntegerAttr(op.getIiAttr().getInt()));
  return success();
}

} // namespace hcl
