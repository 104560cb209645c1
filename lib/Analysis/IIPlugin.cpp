//===- IIPlugin.cpp - the II analysis as an opt plugin --------------------===//
//
//   opt-22 -load-pass-plugin build/lib/HCLIIPlugin.so -passes=hcl-ii
//          -hcl-ii-target=catapult -disable-output kernel.ll  (one line)
//
// Prints the table of `hcl estimate kernel.c` for every function.
//
//===----------------------------------------------------------------------===//

#include "hcl/Analysis/LLVMLoops.h"

#include "llvm/Analysis/DependenceAnalysis.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Plugins/PassPlugin.h"
#include "llvm/Support/CommandLine.h"

using namespace llvm;

static cl::opt<std::string> target("hcl-ii-target",
                                   cl::desc("vitis, catapult or FILE.json"),
                                   cl::init("vitis"));

namespace {
struct HclIIPass : PassInfoMixin<HclIIPass> {
  PreservedAnalyses run(Function &F, FunctionAnalysisManager &FAM) {
    if (F.isDeclaration())
      return PreservedAnalyses::all();
    std::string error;
    FailureOr<hcl::TargetModel> model = hcl::TargetModel::get(target, error);
    if (failed(model)) {
      errs() << "hcl-ii: " << error << "\n";
      return PreservedAnalyses::all();
    }
    std::vector<hcl::LoopEstimate> loops =
        hcl::estimateLLVMLoops(F, FAM.getResult<LoopAnalysis>(F),
                               FAM.getResult<ScalarEvolutionAnalysis>(F),
                               FAM.getResult<DependenceAnalysis>(F), *model);
    if (!loops.empty())
      hcl::printLoopTable("@" + F.getName().str() + " (target " + model->name +
                              ")",
                          loops, outs());
    return PreservedAnalyses::all();
  }
};
} // namespace

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "hcl-ii", "0.1", [](PassBuilder &PB) {
            PB.registerPipelineParsingCallback(
                [](StringRef name, FunctionPassManager &FPM,
                   ArrayRef<PassBuilder::PipelineElement>) {
                  if (name != "hcl-ii")
                    return false;
                  FPM.addPass(HclIIPass());
                  return true;
                });
          }};
}
