//===- Globals.h - memref.global as file-scope C arrays ---------*- C++ -*-===//

#ifndef HCL_TARGET_CFAMILY_GLOBALS_H
#define HCL_TARGET_CFAMILY_GLOBALS_H

#include "hcl/Target/CFamily/CNames.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/raw_ostream.h"

#include <set>
#include <string>

namespace hcl {

/// The C++ name of each memref.global of `module`, handed out by `names`
/// (which already holds the function names, so that none is shadowed).
llvm::StringMap<std::string> getCppGlobalNames(mlir::ModuleOp module,
                                               CNames &names);

/// Every memref.global of `module` as a file-scope `static` (`static const`
/// for constants) C array with its exact initial value. Fails with a located
/// error on globals C++ cannot hold here (no initial value, unsupported
/// element types, initial values that are not dense).
mlir::LogicalResult emitGlobals(mlir::ModuleOp module,
                                const llvm::StringMap<std::string> &globalNames,
                                std::set<std::string> &helpers,
                                llvm::raw_ostream &os);

} // namespace hcl

#endif // HCL_TARGET_CFAMILY_GLOBALS_H
