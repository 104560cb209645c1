//===- EstimateC.h - `hcl estimate kernel.c` --------------------*- C++ -*-===//

#ifndef HCL_TOOLS_HCL_ESTIMATEC_H
#define HCL_TOOLS_HCL_ESTIMATEC_H

#include "hcl/Analysis/TargetModel.h"

namespace hcl::driver {

/// The innermost loops of every function of the C file (JSON: a list of
/// functions, each as `hcl estimate --json` prints one). Returns the exit
/// code.
int estimateC(llvm::StringRef source, const TargetModel &target, bool asJson);

} // namespace hcl::driver

#endif // HCL_TOOLS_HCL_ESTIMATEC_H
