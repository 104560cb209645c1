//===- Unroll.cpp - hcl.unroll: mark a loop for unrolling -----------------===//

#include "hcl/Transforms/Primitives.h"

using namespace mlir;

namespace hcl {

/// Marks the loop with `unroll = N : i32` (0: fully), read by the HLS
/// backend. The CPU path leaves unrolling to LLVM at -O3.
LogicalResult UnrollOp::apply(ScheduleContext &ctx) {
  UnrollOp op = *this;
  FailureOr<affine::AffineForOp> loop =
      ctx.resolveLoop(op, op.getStage(), op.getLoop());
  if (failed(loop))
    return failure();
  Builder builder(op.getContext());
  (*loop)->setAttr("unroll",
                   builder.getI32IntegerAttr(op.getFactorAttr().getInt()));
  return success();
}

} // namespace hcl
