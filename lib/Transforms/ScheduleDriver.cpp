//===- ScheduleDriver.cpp - apply or strip a module's schedule ------------===//

#include "hcl/Transforms/Passes.h"

#include "mlir/Pass/PassManager.h"

using namespace mlir;

namespace hcl {

static LogicalResult runPass(ModuleOp module, std::unique_ptr<Pass> pass) {
  PassManager pm(module.getContext());
  pm.addPass(std::move(pass));
  return pm.run(module);
}

LogicalResult applySchedule(ModuleOp module) {
  return runPass(module, createApplyCustomizations());
}

LogicalResult stripSchedule(ModuleOp module) {
  return runPass(module, createStripSchedule());
}

} // namespace hcl
