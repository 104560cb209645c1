//===- DefaultDesign.h - the default schedule within a budget ---*- C++ -*-===//
//
// Under --schedule=auto the driver estimates the default design it writes
// and reports its latency and resources; with --budget it writes the most
// parallel design whose estimate fits, reducing the channels computed per
// cycle and then dropping the line buffers (whose windows unroll the
// kernel taps), and refuses when even the smallest design does not fit.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_TOOLS_HCL_DEFAULTDESIGN_H
#define HCL_TOOLS_HCL_DEFAULTDESIGN_H

#include "hcl/Transforms/Passes.h"

#include "mlir/IR/BuiltinOps.h"

namespace hcl::driver {

/// Whether the command line gives --budget (for --schedule=auto, or hcl
/// tune's own), and its text.
bool budgetGiven();
llvm::StringRef budgetText();

/// Makes the driver print the default design's estimate (hcl hls, hcl
/// import); with --budget it is printed by every command.
void reportDefaultDesign();

/// The options of the default schedule for `module`, from `base` (the
/// command's: streams, arguments as ports, line buffers allowed): `base`
/// itself without --budget, else the first design of the ladder whose
/// estimate fits (an error, printed, when none does). Prints the chosen
/// design's estimate when asked to or under --budget. `target` names the
/// estimator's target (vitis, or rtl for hcl's RTL).
mlir::FailureOr<DefaultScheduleOptions>
chooseDefaultDesign(mlir::ModuleOp module, DefaultScheduleOptions base,
                    llvm::StringRef target);

} // namespace hcl::driver

#endif // HCL_TOOLS_HCL_DEFAULTDESIGN_H
