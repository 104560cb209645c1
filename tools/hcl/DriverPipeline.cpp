//===- DriverPipeline.cpp - the one pass manager of a command -------------===//

#include "DriverPipeline.h"

#include "hcl/Conversion/Passes.h"
#include "hcl/Transforms/Passes.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Support/Timing.h"

namespace hcl::driver {

void registerPassManagerOptions() {
  mlir::registerPassManagerCLOptions();
  mlir::registerDefaultTimingManagerCLOptions();
}

mlir::LogicalResult configurePassManager(mlir::PassManager &pm) {
  if (mlir::failed(mlir::applyPassManagerCLOptions(pm)))
    return mlir::failure();
  mlir::applyDefaultTimingPassManagerCLOptions(pm);
  return mlir::success();
}

mlir::LogicalResult runPipeline(mlir::ModuleOp module, PipelineBuilder build) {
  mlir::PassManager pm(module.getContext(), mlir::ModuleOp::getOperationName());
  if (mlir::failed(configurePassManager(pm)))
    return mlir::failure();
  pm.addPass(createLowerLinalgToAffine());
  if (build && mlir::failed(build(pm, module)))
    return mlir::failure();
  return pm.run(module);
}

mlir::LogicalResult addApplySchedule(mlir::OpPassManager &pm, mlir::ModuleOp) {
  pm.addPass(createApplyCustomizations());
  return mlir::success();
}

} // namespace hcl::driver
