//===- ScheduleDriver.cpp - apply or strip a module's schedule ------------===//

#include "hcl/Dialect/HCL/HCLOps.h"
#include "hcl/Support/PassManagerOptions.h"
#include "hcl/Transforms/Passes.h"

#include "mlir/Pass/PassManager.h"

using namespace mlir;

namespace hcl {

static LogicalResult runPass(ModuleOp module, std::unique_ptr<Pass> pass) {
  PassManager pm(module.getContext());
  if (failed(applyPassManagerOptions(pm)))
    return failure();
  pm.addPass(std::move(pass));
  return pm.run(module);
}

LogicalResult applySchedule(ModuleOp module) {
  return runPass(module, createApplyCustomizations());
}

LogicalResult stripSchedule(ModuleOp module) {
  return runPass(module, createStripSchedule());
}

LogicalResult applyDataTypesOnly(ModuleOp module) {
  StripScheduleOptions keep;
  keep.keepDataTypes = true;
  if (failed(runPass(module, createStripSchedule(keep))))
    return failure();
  return applySchedule(module);
}

bool hasDataTypeCustomizations(ModuleOp module) {
  bool found = false;
  module.walk([&](Operation *op) { found |= isa<QuantizeOp, DownsizeOp>(op); });
  return found;
}

} // namespace hcl
