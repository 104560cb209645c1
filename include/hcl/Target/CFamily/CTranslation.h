//===- CTranslation.h - hcl-translate entries of the C emitters -*- C++ -*-===//

#ifndef HCL_TARGET_CFAMILY_CTRANSLATION_H
#define HCL_TARGET_CFAMILY_CTRANSLATION_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "llvm/Support/raw_ostream.h"

#include <functional>

namespace hcl {

using ModuleTranslation =
    std::function<mlir::LogicalResult(mlir::ModuleOp, llvm::raw_ostream &)>;

/// Registers `--<name>`: a module written by `translate`, anything else a
/// located error starting with `errorPrefix`. The registry knows the
/// dialects of scheduled affine IR (affine, arith, func, math, memref, scf,
/// hcl) and those `moreDialects` adds.
void registerCTranslation(
    llvm::StringRef name, llvm::StringRef description,
    llvm::StringRef errorPrefix, ModuleTranslation translate,
    std::function<void(mlir::DialectRegistry &)> moreDialects = {});

} // namespace hcl

#endif // HCL_TARGET_CFAMILY_CTRANSLATION_H
