//===- EstimateC.cpp - `hcl estimate kernel.c`: the C path ----------------===//
//
// Compiles the file with clang-22 to LLVM IR (no optimization but SROA,
// EarlyCSE, InstCombine and loop canonicalization: loads that HLS would
// issue stay loads, rather than being forwarded across iterations as GVN
// would), then reports the innermost loops with the analysis the opt plugin
// runs (lib/Analysis/LLVMLoops.cpp).
//
//===----------------------------------------------------------------------===//

#include "EstimateC.h"
#include "LoadedProgram.h"
#include "RunProgram.h"

#include "hcl/Analysis/LLVMLoops.h"

#include "llvm/Analysis/DependenceAnalysis.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/SourceMgr.h"

using namespace llvm;

namespace hcl::driver {

static Expected<std::string> compileToIR(StringRef source) {
  ErrorOr<std::string> clang = sys::findProgramByName("clang-22");
  if (!clang)
    clang = sys::findProgramByName("clang");
  if (!clang)
    return createStringError(
        "the C path needs clang-22 (apt-get install clang-22)");
  SmallString<128> ir;
  sys::fs::createTemporaryFile("hcl-estimate", "ll", ir);
  Expected<std::string> compiled =
      runProgram(*clang, {"-O0", "-Xclang", "-disable-O0-optnone", "-g", "-S",
                          "-emit-llvm", source.str(), "-o", ir.str().str()});
  if (!compiled)
    return createStringError(source + " does not compile with clang:\n" +
                             toString(compiled.takeError()));
  return ir.str().str();
}

int estimateC(StringRef source, const TargetModel &target, bool asJson) {
  Expected<std::string> ir = compileToIR(source);
  if (!ir)
    return fail(toString(ir.takeError()));
  LLVMContext context;
  SMDiagnostic diagnostic;
  std::unique_ptr<Module> module = parseIRFile(*ir, diagnostic, context);
  sys::fs::remove(*ir);
  if (!module)
    return fail("cannot read clang's IR for " + source);

  PassBuilder builder;
  LoopAnalysisManager lam;
  FunctionAnalysisManager fam;
  CGSCCAnalysisManager cgam;
  ModuleAnalysisManager mam;
  builder.registerModuleAnalyses(mam);
  builder.registerCGSCCAnalyses(cgam);
  builder.registerFunctionAnalyses(fam);
  builder.registerLoopAnalyses(lam);
  builder.crossRegisterProxies(lam, fam, cgam, mam);
  ModulePassManager canonicalize;
  if (Error e = builder.parsePassPipeline(
          canonicalize, "function(sroa,early-cse,instcombine,simplifycfg,"
                        "loop-simplify,lcssa,loop(loop-rotate,indvars))"))
    return fail(toString(std::move(e)));
  canonicalize.run(*module, mam);

  json::Array functions;
  for (Function &f : *module) {
    if (f.isDeclaration())
      continue;
    std::vector<LoopEstimate> loops =
        estimateLLVMLoops(f, fam.getResult<LoopAnalysis>(f),
                          fam.getResult<ScalarEvolutionAnalysis>(f),
                          fam.getResult<DependenceAnalysis>(f), target);
    if (loops.empty())
      continue;
    if (!asJson) {
      printLoopTable("@" + f.getName().str() + " (target " + target.name + ")",
                     loops, outs());
      continue;
    }
    functions.push_back(json::Object{{"function", f.getName()},
                                     {"target", target.name},
                                     {"latency", nullptr},
                                     {"flops", nullptr},
                                     {"offchip_bytes", nullptr},
                                     {"loops", loopsToJson(loops)}});
  }
  if (asJson)
    outs() << formatv("{0:2}", json::Value(std::move(functions))) << "\n";
  return 0;
}

} // namespace hcl::driver
