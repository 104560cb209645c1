//===- hcl-opt.cpp - the hcl optimizer driver -----------------------------===//
//
// mlir-opt with every upstream dialect and pass plus hcl's. Input files may
// use the seeds' MLIR 14 `func @f` spelling (see hcl/Support/SourceCompat.h).
//
//===----------------------------------------------------------------------===//

#include "hcl/InitHCL.h"
#include "hcl/Support/SourceCompat.h"
#include "hcl/Target/BambuC/Passes.h"
#include "hcl/Target/HLSCpp/Passes.h"
#include "hcl/Target/RTL/Passes.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

int main(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);
  mlir::registerAllPasses();
  hcl::registerHCLPasses();
  hcl::registerBambuCPasses();
  hcl::registerHLSCppPasses();
  hcl::registerRTLPasses();

  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  hcl::registerHCLDialects(registry);

  auto [inputFilename, outputFilename] = mlir::registerAndParseCLIOptions(
      argc, argv, "hcl optimizer driver\n", registry);
  mlir::MlirOptMainConfig config =
      mlir::MlirOptMainConfig::createFromCLOptions();

  std::string errorMessage;
  std::unique_ptr<llvm::MemoryBuffer> input =
      mlir::openInputFile(inputFilename, &errorMessage);
  if (!input) {
    llvm::errs() << "hcl-opt: error: " << errorMessage << "\n";
    return 1;
  }
  std::unique_ptr<llvm::ToolOutputFile> output =
      mlir::openOutputFile(outputFilename, &errorMessage);
  if (!output) {
    llvm::errs() << "hcl-opt: error: " << errorMessage << "\n";
    return 1;
  }
  if (mlir::failed(mlir::MlirOptMain(output->os(),
                                     hcl::upgradeFuncSpelling(std::move(input)),
                                     registry, config)))
    return 1;
  output->keep();
  return 0;
}
