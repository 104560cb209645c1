//===- DriverPipeline.cpp - the one pass manager of a command -------------===//

#include "DriverPipeline.h"

#include "hcl/Conversion/Passes.h"
#include "hcl/Support/PassManagerOptions.h"
#include "hcl/Transforms/Passes.h"

#include "mlir/Pass/PassManager.h"

namespace hcl::driver {

mlir::LogicalResult runPipeline(mlir::ModuleOp module, PipelineBuilder build) {
  mlir::PassManager pm(module.getContext(), mlir::ModuleOp::getOperationName());
  if (mlir::failed(applyPassManagerOptions(pm)))
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
