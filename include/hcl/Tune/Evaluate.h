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
#include "llvm/Support/Error.h"

#include <functional>
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
  /// Several stages, separated by commas, are kept together.
  std::string onlyStage;
  /// Print each refused candidate with the first diagnostic it raised.
  bool explainRefusals = false;
};

/// `program` with its text cut down to `program.onlyStage` (when set): the
/// other stages, the operations only they used and the globals nothing uses
/// any more are dropped, so that each evaluator parses and copies a small
/// program (a network's weights stay behind). The estimates are the same.
Program stageProgram(const Program &program);

/// Costs of `candidates` in order, one after another in one MLIR context;
/// none for a candidate the schedule primitives or the estimator refuse
/// (its diagnostics are dropped) or whose latency is unbounded.
std::vector<std::optional<Cost>>
evaluateSlice(const Program &program, llvm::ArrayRef<Schedule> candidates);

/// The same on `threads` threads (0: every core), each with its own context.
std::vector<std::optional<Cost>> evaluate(const Program &program,
                                          llvm::ArrayRef<Schedule> candidates,
                                          unsigned threads = 0);

/// Candidates of one program (the whole function, or one stage alone).
struct Batch {
  Program program;
  std::vector<Schedule> candidates;
};

/// The costs of several batches, by batch and then by candidate, on
/// `threads` threads (0: every core) shared by all of them: a stage with
/// few candidates does not leave a core idle while another has many.
std::vector<std::vector<std::optional<Cost>>>
evaluateBatches(llvm::ArrayRef<Batch> batches, unsigned threads = 0);

/// Why a BatchEvaluator failed, with the exit code the command should give
/// (hcl tune --slurm: which of Slurm's failures it was).
class RemoteError : public llvm::ErrorInfo<RemoteError> {
public:
  static char ID;
  RemoteError(int exitCode, std::string message)
      : exitCode(exitCode), message(std::move(message)) {}
  void log(llvm::raw_ostream &os) const override { os << message; }
  std::error_code convertToErrorCode() const override {
    return llvm::inconvertibleErrorCode();
  }
  int exitCode;
  std::string message;
};

/// Costs of several batches, by batch and then by candidate, as
/// evaluateSlice gives them, wherever they are computed (hcl tune --slurm:
/// a Slurm job array). An error stops the search.
using BatchEvaluator =
    std::function<llvm::Expected<std::vector<std::vector<std::optional<Cost>>>>(
        llvm::ArrayRef<Batch>)>;

} // namespace hcl::tuner

#endif // HCL_TUNE_EVALUATE_H
