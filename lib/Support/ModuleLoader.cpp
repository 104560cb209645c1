//===- ModuleLoader.cpp - read an hcl program from a file -----------------===//

#include "hcl/Support/ModuleLoader.h"
#include "hcl/Support/InputFile.h"
#include "hcl/Support/SourceCompat.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;

namespace hcl {

/// MLIR's LLVM dialect has only opaque pointers now; its parser reads the
/// `<` of a typed pointer (`!llvm.ptr<f32>`) as an address space and says
/// "expected integer value". Refused first, saying what to write.
static LogicalResult refuseTypedPointers(llvm::SourceMgr &sourceMgr,
                                         MLIRContext &context) {
  const llvm::MemoryBuffer *buffer =
      sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID());
  StringRef text = buffer->getBuffer();
  StringRef prefix = "!llvm.ptr<";
  for (size_t at = text.find(prefix); at != StringRef::npos;
       at = text.find(prefix, at + 1)) {
    size_t next = at + prefix.size();
    if (next < text.size() && llvm::isDigit(text[next]))
      continue; // !llvm.ptr<1>: an address space
    auto [line, column] = sourceMgr.getLineAndColumn(
        llvm::SMLoc::getFromPointer(text.data() + at));
    emitError(FileLineColLoc::get(&context, buffer->getBufferIdentifier(), line,
                                  column))
        << "typed LLVM pointers ("
        << text.substr(at, text.find('>', at) - at + 1)
        << ") are no longer MLIR's: write the opaque !llvm.ptr, with the "
           "element type on the loads, stores and getelementptrs that use it "
           "(or write the program in memrefs, as hcl's schedules need)";
    return failure();
  }
  return success();
}

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
  if (failed(refuseTypedPointers(sourceMgr, context)))
    return nullptr;
  return parseSourceFile<ModuleOp>(sourceMgr, &context);
}

} // namespace hcl
