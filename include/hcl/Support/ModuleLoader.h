//===- ModuleLoader.h - read an hcl program from a file ---------*- C++ -*-===//

#ifndef HCL_SUPPORT_MODULELOADER_H
#define HCL_SUPPORT_MODULELOADER_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/Support/SourceMgr.h"

namespace hcl {

/// Parses and verifies `path` ("-" for stdin), accepting the seeds' MLIR 14
/// `func @f` spelling. Errors are emitted as diagnostics on `context`;
/// returns null on failure. `sourceMgr` must outlive the module's use of
/// locations in diagnostics.
mlir::OwningOpRef<mlir::ModuleOp> loadModule(llvm::StringRef path,
                                             mlir::MLIRContext &context,
                                             llvm::SourceMgr &sourceMgr);

} // namespace hcl

#endif // HCL_SUPPORT_MODULELOADER_H
