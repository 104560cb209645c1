//===- Evaluate.h - the estimator's verdict on candidate schedules -*- C++
//-*-=//
//
// The search's only contact with the program: a list of candidates in, a
// cost (or a refusal) per candidate out. A slice of the list can be
// evaluated anywhere the program text is (another thread here; another
// machine for a cluster run), and the results put back by index.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_TUNE_EVALUATE_H
#define HCL_TUNE_EVALUATE_H

#include "hcl/Analysis/TargetModel.h"
#include "hcl/Tune/Candidate.h"

#include "llvm/ADT/ArrayRef.h"

#include <optional>
#include <string>
#include <vector>

namespace hcl::tuner {

/// The program to tune, as text (each evaluator parses its own copy).
struct Program {
  std::string text;
  std::string entry; // the function's name
  TargetModel target;
  /// When set, every other stage at the function's top level is left out:
  /// stages run one after another, so a band's candidates compare the same
  /// in its stage alone, at a fraction of the cost of the whole program.
  std::string onlyStage;
  /// Print each refused candidate with the first diagnostic it raised.
  bool explainRefusals = false;
};

/// Costs of `candidates` in order, one after another in one MLIR context;
/// none for a candidate the schedule primitives or the estimator refuse
/// (its diagnostics are dropped) or whose latency is unbounded.
std::vector<std::optional<Cost>>
evaluateSlice(const Program &program, llvm::ArrayRef<Schedule> candidates);

/// The same on `threads` threads (0: every core), each with its own context.
std::vector<std::optional<Cost>> evaluate(const Program &program,
                                          llvm::ArrayRef<Schedule> candidates,
                                          unsigned threads = 0);

} // namespace hcl::tuner

#endif // HCL_TUNE_EVALUATE_H
