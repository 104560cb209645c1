//===- ObservedGlobals.h - what a program leaves in its memref.globals ----===//
//
// A program may take no arrays and return nothing, working on memref.global
// arrays instead (HeteroCL-MLIR's mm.mlir multiplies globals in place). For
// `hcl check` to compare such a program, its entry returns a copy of each
// writable global as an extra result, and first restores the global's
// initial contents: every run then starts from the same state, however
// often each program is run.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_TOOLS_HCL_OBSERVEDGLOBALS_H
#define HCL_TOOLS_HCL_OBSERVEDGLOBALS_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"

#include <string>
#include <vector>

namespace hcl::driver {

/// Makes `entry` return the writable, initialized memref.globals it or a
/// function it calls names (memref.get_global) after its own results, restoring
/// each from a constant copy of its initial value when it starts. Returns
/// the globals' names ("@gv0"), in result order; none (and nothing changed)
/// when there is no such global or when another function calls `entry`
/// (its callers would then take other results).
std::vector<std::string> returnWritableGlobals(mlir::ModuleOp module,
                                               mlir::func::FuncOp entry);

} // namespace hcl::driver

#endif // HCL_TOOLS_HCL_OBSERVEDGLOBALS_H
