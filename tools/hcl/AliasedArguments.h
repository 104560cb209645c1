//===- AliasedArguments.h - is a mismatch one array passed twice? -*- C++
//-*-===//
//
// A schedule's loop transformations (and the HLS interface) take distinct
// memref arguments to be distinct arrays, as C's `restrict` does. A call
// that passes one array as two arguments (HeteroCL-MLIR's mm.mlir passes
// one memref.global as A, B and C of a matrix product) makes the scheduled
// program read values the unscheduled one has not written yet, or has
// overwritten. Before `hcl check` reports a mismatch it says so.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_TOOLS_HCL_ALIASEDARGUMENTS_H
#define HCL_TOOLS_HCL_ALIASEDARGUMENTS_H

#include "mlir/IR/BuiltinOps.h"

#include <optional>
#include <string>

namespace hcl::driver {

/// The first call in `module` that passes one array as two of its memref
/// arguments (the same value, or the same memref.global), as an
/// explanation to print; nullopt when there is none.
std::optional<std::string> explainByAliasedArguments(mlir::ModuleOp module);

} // namespace hcl::driver

#endif // HCL_TOOLS_HCL_ALIASEDARGUMENTS_H
