//===- StripSchedule.cpp - erase the schedule without applying it ---------===//

#include "hcl/Dialect/HCL/HCLOps.h"
#include "hcl/Transforms/Passes.h"
#include "llvm/Support/Debug.h"

namespace hcl {
#define GEN_PASS_DEF_STRIPSCHEDULE
#include "hcl/Transforms/Passes.h.inc"
} // namespace hcl

#define DEBUG_TYPE "hcl-strip-schedule"

using namespace mlir;

namespace {
struct StripSchedulePass : hcl::impl::StripScheduleBase<StripSchedulePass> {
  using StripScheduleBase::StripScheduleBase;

  void runOnOperation() override {
    SmallVector<Operation *> schedule;
    getOperation()->walk([&](Operation *op) {
      if (keepDataTypes && isa<hcl::QuantizeOp, hcl::DownsizeOp>(op))
        return;
      // A template's body goes with the template.
      if (hcl::isScheduleOp(op) && !op->getParentOfType<hcl::CustomizationOp>())
        schedule.push_back(op);
    });
    LLVM_DEBUG(llvm::dbgs() << DEBUG_TYPE ": " << schedule.size()
                            << " schedule operations to remove\n");
    for (Operation *op : llvm::reverse(schedule)) {
      // Buffers made by reuse_at / buffer_at exist only once applied; the
      // algorithm itself never uses them.
      if (!op->use_empty() && llvm::any_of(op->getUsers(), [](Operation *user) {
            return !hcl::isScheduleOp(user);
          })) {
        op->emitError("the algorithm uses the result of this schedule "
                      "operation, so the schedule cannot be removed");
        return signalPassFailure();
      }
      op->dropAllUses();
      op->erase();
    }
  }
};
} // namespace
