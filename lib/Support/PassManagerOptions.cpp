//===- PassManagerOptions.cpp - MLIR's pass-manager options, if given -----===//

#include "hcl/Support/PassManagerOptions.h"

#include "mlir/Support/Timing.h"
#include "llvm/Support/CommandLine.h"

namespace hcl {

namespace {
bool registered = false;
} // namespace

void registerPassManagerOptions() {
  mlir::registerPassManagerCLOptions();
  mlir::registerDefaultTimingManagerCLOptions();
  registered = true;
}

mlir::LogicalResult applyPassManagerOptions(mlir::PassManager &pm) {
  // MLIR's own apply functions fail or do nothing when the options were
  // never registered; a library cannot tell which, so it keeps the answer.
  if (!registered)
    return mlir::success();
  if (mlir::failed(mlir::applyPassManagerCLOptions(pm)))
    return mlir::failure();
  mlir::applyDefaultTimingPassManagerCLOptions(pm);
  return mlir::success();
}

} // namespace hcl
