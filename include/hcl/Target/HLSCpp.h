//===- HLSCpp.h - Vitis / Vivado HLS C++ from customized affine IR -*- C++
//-*-===//
//
// One C++ function per func.func, C arrays for memrefs, loops labelled with
// their loop_name, and the schedule's requests as pragmas: pipeline, unroll,
// array_partition (read back from partition layouts), dataflow, inline, and
// interface pragmas on the top function. Memref results become trailing
// output arguments (`result0`, ...). An operation the emitter does not
// support is a located error naming it.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_TARGET_HLSCPP_H
#define HCL_TARGET_HLSCPP_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <set>
#include <string>

namespace hcl {

struct HLSCppOptions {
  /// The function that gets interface pragmas (the HLS top); "" for none.
  std::string top;
  /// Emit `#include "kernel.h"` instead of the standard includes and
  /// helpers (the kernel.cpp of an HLS project).
  bool includeKernelHeader = false;
  /// When set, only these functions (by symbol name) are defined: the
  /// device and host halves of a project split between them.
  std::optional<std::set<std::string>> functions;
};

/// Writes the module as HLS C++. Fails (with located errors) on operations
/// and types it cannot express.
mlir::LogicalResult emitHLSCpp(mlir::ModuleOp module, llvm::raw_ostream &os,
                               const HLSCppOptions &options = {});

/// The C++ declaration of every function (for kernel.h), with the same
/// names and parameter types as emitHLSCpp writes.
mlir::LogicalResult emitHLSCppDeclarations(mlir::ModuleOp module,
                                           llvm::raw_ostream &os);

/// The C++ name of each function with a body (its symbol name made a valid,
/// unique identifier).
llvm::StringMap<std::string> getCppFunctionNames(mlir::ModuleOp module);

/// Registers `--emit-hls-cpp` for hcl-translate.
void registerHLSCppTranslation();

} // namespace hcl

#endif // HCL_TARGET_HLSCPP_H
