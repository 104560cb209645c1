//===- LLVMLoops.h - the II analysis on LLVM IR -----------------*- C++ -*-===//
//
// The same figures for C kernels compiled by clang: the innermost loops of
// a function, ResMII from the loads and stores per array (the underlying
// object; equal addresses by ScalarEvolution), RecMII from LLVM's
// DependenceAnalysis distances and the target's latencies. Depends on LLVM
// only, so it also runs as an opt plugin.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_ANALYSIS_LLVMLOOPS_H
#define HCL_ANALYSIS_LLVMLOOPS_H

#include "hcl/Analysis/TargetModel.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <vector>

namespace llvm {
class DependenceInfo;
class Function;
class LoopInfo;
class ScalarEvolution;
} // namespace llvm

namespace hcl {

/// One estimate per innermost loop, named `function:line`.
std::vector<LoopEstimate> estimateLLVMLoops(llvm::Function &function,
                                            llvm::LoopInfo &loops,
                                            llvm::ScalarEvolution &scev,
                                            llvm::DependenceInfo &dependences,
                                            const TargetModel &target);

/// The loops as `hcl estimate --json` lists them.
llvm::json::Array loopsToJson(const std::vector<LoopEstimate> &loops);

/// The table `hcl estimate` prints, for loops alone; the II column shows
/// `-` for loops that are not pipelined.
void printLoopTable(llvm::StringRef title,
                    const std::vector<LoopEstimate> &loops,
                    llvm::raw_ostream &os);

} // namespace hcl

#endif // HCL_ANALYSIS_LLVMLOOPS_H
