//===- PassManagerOptions.h - pass-manager options, if given ---*- C++ -*-===//
//
// The pass managers hcl's libraries build inside a translation or a build
// (the HLS and Bambu preparations, the RTL lowering) honour MLIR's
// --mlir-print-ir-*, --mlir-timing and --mlir-pass-statistics options when
// the tool registered them (hcl, hcl-translate), as hcl-opt's do; in a
// process that did not (the Python module), they run as built.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_SUPPORT_PASSMANAGEROPTIONS_H
#define HCL_SUPPORT_PASSMANAGEROPTIONS_H

#include "mlir/Pass/PassManager.h"

namespace hcl {

/// Registers MLIR's pass-manager and timing options; call before the
/// command line is parsed.
void registerPassManagerOptions();

/// Applies those options to `pm` when they were registered; otherwise
/// leaves `pm` as it is.
mlir::LogicalResult applyPassManagerOptions(mlir::PassManager &pm);

} // namespace hcl

#endif // HCL_SUPPORT_PASSMANAGEROPTIONS_H
