//===- BambuCommand.cpp - `hcl bambu`: write a PandA-Bambu project --------===//
//
//   hcl bambu FILE.mlir -o DIR [--entry NAME]   the project (BambuC.h)
//   hcl bambu FILE.mlir --stats [--entry NAME]  loads, stores and operations
//                                               per filter, before and after
//                                               the optimization steps
//
//===----------------------------------------------------------------------===//

#include "LoadedProgram.h"
#include "Subcommands.h"

#include "hcl/Runtime/EntryWrapper.h"
#include "hcl/Target/BambuC.h"
#include "hcl/Transforms/Passes.h"

#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace hcl::driver {

cl::SubCommand bambuSubcommand("bambu",
                               "write a PandA-Bambu C project of a program");

static cl::opt<std::string> inputFile(cl::Positional, cl::Required,
                                      cl::desc("FILE.mlir or FILE.onnx"),
                                      cl::sub(bambuSubcommand));
static cl::opt<std::string> outputDir("o", cl::desc("the project directory"),
                                      cl::value_desc("DIR"),
                                      cl::sub(bambuSubcommand));
static cl::opt<std::string> entryName("entry", cl::desc("the top function"),
                                      cl::value_desc("NAME"),
                                      cl::sub(bambuSubcommand));
static cl::opt<bool> stats("stats",
                           cl::desc("print loads, stores and operations per "
                                    "filter before and after the steps"),
                           cl::sub(bambuSubcommand));

int bambuMain() {
  if (outputDir.empty() && !stats)
    return fail("hcl bambu needs -o DIR (or --stats)");
  std::unique_ptr<LoadedProgram> loaded =
      LoadedProgram::load(inputFile, addApplySchedule);
  if (!loaded)
    return 1;
  mlir::ModuleOp module = loaded->module();
  if (stats)
    return mlir::failed(emitBambuStats(module, outs())) ? 1 : 0;
  mlir::FailureOr<mlir::func::FuncOp> entry = selectEntry(module, entryName);
  if (mlir::failed(entry) ||
      mlir::failed(writeBambuProject(module, *entry, outputDir)))
    return 1;
  outs() << "hcl bambu: wrote " << outputDir << " (kernel.c, testbench.cpp, "
         << "bambu.sh; `make run` checks it with gcc)\n";
  return 0;
}

} // namespace hcl::driver
