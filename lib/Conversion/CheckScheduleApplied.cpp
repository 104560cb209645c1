//===- CheckScheduleApplied.cpp - no schedule op may reach lowering -------===//

#include "hcl/Conversion/Passes.h"
#include "hcl/Dialect/HCL/HCLOps.h"
#include "llvm/Support/Debug.h"

namespace hcl {
#define GEN_PASS_DEF_CHECKSCHEDULEAPPLIED
#include "hcl/Conversion/Passes.h.inc"
} // namespace hcl

#define DEBUG_TYPE "hcl-check-schedule-applied"

using namespace mlir;

namespace {
struct CheckScheduleAppliedPass
    : hcl::impl::CheckScheduleAppliedBase<CheckScheduleAppliedPass> {
  void runOnOperation() override {
    // Report the first customization; handles alone are reported only when
    // nothing else is left, since they are what a reader looks at last.
    Operation *culprit = nullptr;
    getOperation()->walk([&](Operation *op) {
      if (!hcl::isScheduleOp(op))
        return WalkResult::advance();
      bool isHandle = isa<hcl::CreateLoopHandleOp, hcl::CreateStageHandleOp,
                          hcl::CreateOpHandleOp>(op);
      if (!culprit || !isHandle)
        culprit = op;
      return isHandle ? WalkResult::advance() : WalkResult::interrupt();
    });
    if (!culprit)
      return;
    LLVM_DEBUG(llvm::dbgs() << DEBUG_TYPE ": left over: " << *culprit << "\n");
    culprit->emitError("the schedule was not applied: '")
        << culprit->getName()
        << "' is still present (run --hcl-apply-customizations first, or "
           "remove the schedule)";
    signalPassFailure();
  }
};
} // namespace
