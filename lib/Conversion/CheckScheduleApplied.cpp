//===- CheckScheduleApplied.cpp - no schedule op may reach lowering -------===//

#include "hcl/Conversion/Passes.h"
#include "hcl/Dialect/HCL/HCLOps.h"

namespace hcl {
#define GEN_PASS_DEF_CHECKSCHEDULEAPPLIED
#include "hcl/Conversion/Passes.h.inc"
} // namespace hcl

using namespace mlir;

namespace {
struct CheckScheduleAppliedPass
    : hcl::impl::CheckScheduleAppliedBase<CheckScheduleAppliedPass> {
  void runOnOperation() override {
    WalkResult result = getOperation()->walk([](Operation *op) {
      if (!hcl::isScheduleOp(op))
        return WalkResult::advance();
      op->emitError("the schedule was not applied: '")
          << op->getName()
          << "' is still present (run --hcl-apply-customizations first, or "
             "remove the schedule)";
      return WalkResult::interrupt();
    });
    if (result.wasInterrupted())
      signalPassFailure();
  }
};
} // namespace
