//===- Unfold.cpp - hcl.unfold: a loop as an array of processing elements -===//
//
// HeteroCL-MLIR's unfold makes a loop's iterations N processing elements
// (PEs), copies of the body in hardware: an unroll by N, which the HLS
// backend emits as a pragma. Its result names the array for hcl.to with
// pe_index (ProcessingElements.cpp), which places arrays in the PEs.
//
//===----------------------------------------------------------------------===//

#include "hcl/Transforms/Primitives.h"

#include "mlir/Dialect/Affine/Analysis/LoopAnalysis.h"

using namespace mlir;

namespace hcl {

LogicalResult UnfoldOp::apply(ScheduleContext &ctx) {
  UnfoldOp op = *this;
  FailureOr<affine::AffineForOp> loop =
      ctx.resolveLoop(op, op.getStage(), op.getLoop());
  if (failed(loop))
    return failure();
  int64_t count = op.getFactorAttr().getInt();
  std::optional<uint64_t> trips = affine::getConstantTripCount(*loop);
  // Each PE runs the same number of iterations: a loop that does not
  // divide among them would need a PE that idles, which unfold cannot say.
  if (!trips || *trips % count != 0)
    return op.emitError("cannot unfold loop '")
           << ctx.getHandleLoopName(op.getLoop()) << "' into " << count
           << " processing elements: it runs "
           << (trips ? std::to_string(*trips) +
                           " iterations, not a multiple "
                           "of " +
                           std::to_string(count)
                     : std::string("a number of iterations known only at "
                                   "run time"));
  Builder builder(op.getContext());
  (*loop)->setAttr("unroll", builder.getI32IntegerAttr(count));
  return success();
}

} // namespace hcl
