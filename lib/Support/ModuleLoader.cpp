//===- ModuleLoader.cpp - read an hcl program from a file -----------------===//

#include "hcl/Support/ModuleLoader.h"
#include "hcl/Support/SourceCompat.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Support/FileUtilities.h"

using namespace mlir;

namespace hcl {

OwningOpRef<ModuleOp> loadModule(StringRef path, MLIRContext &context,
                                 llvm::SourceMgr &sourceMgr) {
  std::string errorMessage;
  std::unique_ptr<llvm::MemoryBuffer> buffer =
      openInputFile(path, &errorMessage);
  if (!buffer) {
    emitError(UnknownLoc::get(&context))
        << "cannot read '" << path << "': " << errorMessage;
    return nullptr;
  }
  sourceMgr.AddNewSourceBuffer(upgradeFuncSpelling(std::move(buffer)),
                               llvm::SMLoc());
  return parseSourceFile<ModuleOp>(sourceMgr, &context);
}

} // namespace hcl
