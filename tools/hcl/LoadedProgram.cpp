//===- LoadedProgram.cpp - a program read by the hcl driver ---------------===//

#include "LoadedProgram.h"

#include "hcl/InitHCL.h"
#include "hcl/Support/ModuleLoader.h"

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
  program->moduleOp = loadModule(path, program->context, program->sourceMgr);
  if (!program->moduleOp)
    return nullptr;
  return program;
}

int fail(const llvm::Twine &message) {
  llvm::errs() << "hcl: error: " << message << "\n";
  return 1;
}

} // namespace hcl::driver
