//===- ModuleLoader.cpp - read an hcl program from a file -----------------===//

#include "hcl/Support/ModuleLoader.h"
#include "hcl/Support/InputFile.h"
#include "hcl/Support/SourceCompat.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/Parser/Parser.h"

using namespace mlir;

namespace hcl {

OwningOpRef<ModuleOp> loadModule(StringRef path, MLIRContext &context,
                                 llvm::SourceMgr &sourceMgr) {
  llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>> buffer =
      readInputFile(path);
  if (!buffer) {
    emitError(UnknownLoc::get(&context)) << llvm::toString(buffer.takeError());
    return nullptr;
  }
  sourceMgr.AddNewSourceBuffer(upgradeFuncSpelling(std::move(*buffer)),
                               llvm::SMLoc());
  return parseSourceFile<ModuleOp>(sourceMgr, &context);
}

} // namespace hcl
