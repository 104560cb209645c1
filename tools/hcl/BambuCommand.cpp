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
#include "hcl/Target/BambuC/Passes.h"
#include "hcl/Transforms/Passes.h"

#include "mlir/Pass/Pass.h"

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

namespace {

/// Chooses the entry function of the scheduled module (--entry, else @top
/// or the only public function) and erases the functions it does not call:
/// the project holds the entry and what it calls.
struct SelectEntryPass
    : mlir::PassWrapper<SelectEntryPass, mlir::OperationPass<mlir::ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(SelectEntryPass)
  explicit SelectEntryPass(std::string &chosen) : chosen(chosen) {}
  StringRef getName() const override { return "SelectEntry"; }
  StringRef getArgument() const override { return "hcl-select-entry"; }
  StringRef getDescription() const override {
    return "keep the entry function and the functions it calls";
  }
  void runOnOperation() override {
    mlir::FailureOr<mlir::func::FuncOp> entry =
        selectEntry(getOperation(), entryName);
    if (mlir::failed(entry))
      return signalPassFailure();
    chosen = entry->getSymName().str();
    keepReachable(getOperation(), *entry);
  }
  std::string &chosen;
};

} // namespace

int bambuMain() {
  if (outputDir.empty() && !stats)
    return fail("hcl bambu needs -o DIR (or --stats)");
  if (stats) {
    // The statistics prepare copies of the module, with and without the
    // optimization steps.
    std::unique_ptr<LoadedProgram> loaded =
        LoadedProgram::load(inputFile, addApplySchedule);
    if (!loaded)
      return 1;
    return mlir::failed(emitBambuStats(loaded->module(), outs())) ? 1 : 0;
  }
  // One pass manager: the schedule, the entry, the Bambu preparation.
  std::string entry;
  std::unique_ptr<LoadedProgram> loaded = LoadedProgram::load(
      inputFile, [&](mlir::OpPassManager &pm, mlir::ModuleOp module) {
        if (mlir::failed(addApplySchedule(pm, module)))
          return mlir::failure();
        pm.addPass(std::make_unique<SelectEntryPass>(entry));
        populateBambuPipeline(pm);
        return mlir::success();
      });
  if (!loaded || mlir::failed(writePreparedBambuProject(loaded->module(), entry,
                                                        outputDir)))
    return 1;
  outs() << "hcl bambu: wrote " << outputDir << " (kernel.c, testbench.cpp, "
         << "bambu.sh; `make run` checks it with gcc)\n";
  return 0;
}

} // namespace hcl::driver
