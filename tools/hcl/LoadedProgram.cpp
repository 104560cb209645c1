//===- LoadedProgram.cpp - a program read by the hcl driver ---------------===//

#include "LoadedProgram.h"
#include "OnnxInput.h"

#include "hcl/InitHCL.h"
#include "hcl/Support/LinalgLowering.h"
#include "hcl/Support/ModuleLoader.h"

#include "mlir/Parser/Parser.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

namespace hcl::driver {

static mlir::DialectRegistry makeRegistry() {
  mlir::DialectRegistry registry;
  registerHCLDialects(registry);
  return registry;
}

LoadedProgram::LoadedProgram()
    : context(makeRegistry()), diagnostics(context, llvm::errs()) {}

std::unique_ptr<LoadedProgram> LoadedProgram::load(llvm::StringRef path) {
  std::unique_ptr<LoadedProgram> program(new LoadedProgram());
  if (isOnnxPath(path)) {
    // An ONNX model: imported into hcl's MLIR, then read as any program.
    llvm::Expected<OnnxImportOptions> options = importOptionsFromCommandLine();
    if (!options) {
      fail(llvm::toString(options.takeError()));
      return nullptr;
    }
    llvm::Expected<std::string> text = importOnnxText(path, *options);
    if (!text) {
      fail(llvm::toString(text.takeError()));
      return nullptr;
    }
    program->sourceMgr.AddNewSourceBuffer(
        llvm::MemoryBuffer::getMemBufferCopy(*text, path), llvm::SMLoc());
    program->moduleOp = mlir::parseSourceFile<mlir::ModuleOp>(
        program->sourceMgr, &program->context);
  } else {
    program->moduleOp = loadModule(path, program->context, program->sourceMgr);
  }
  if (!program->moduleOp)
    return nullptr;
  // Every command works on affine loop nests.
  if (mlir::failed(lowerLinalgToAffine(*program->moduleOp)))
    return nullptr;
  return program;
}

int fail(const llvm::Twine &message) {
  llvm::errs() << "hcl: error: " << message << "\n";
  return 1;
}

} // namespace hcl::driver
