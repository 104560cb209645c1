//===- Tune.h - a program in, the tuned program out -------------*- C++ -*-===//
//
// What `hcl tune` and hcl::tune share: the program's own schedule removed,
// the search run on its entry function, and the fastest schedule within the
// budget written into the algorithm as ordinary schedule ops.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_TUNE_TUNE_H
#define HCL_TUNE_TUNE_H

#include "hcl/Tune/Search.h"

#include "mlir/IR/BuiltinOps.h"

#include <variant>

namespace hcl::tuner {

struct Tuned {
  std::string entry;
  SearchResult search;
  /// The entry's arrays by their source names (ProgramStructure.h).
  std::vector<std::string> arrayNames;
  /// The algorithm with the chosen schedule, as MLIR text; empty when no
  /// schedule fits the budget.
  std::string text;
};

/// Why tuneModule failed: the program (its diagnostics were emitted),
/// nothing in it to tune (the message says so), or the remote evaluator
/// (SearchOptions::remote; `exitCode` is its RemoteError's).
enum class Failure { BadInput, NothingToTune, Remote };

struct TuneError {
  Failure kind;
  std::string message;
  int exitCode = 0;
};

/// Tunes `module` (left unchanged) for the function `entry` ("" picks
/// @top or the only public function).
std::variant<Tuned, TuneError> tuneModule(mlir::ModuleOp module,
                                          llvm::StringRef entry,
                                          const TargetModel &target,
                                          const SearchOptions &options,
                                          bool explainRefusals = false);

} // namespace hcl::tuner

#endif // HCL_TUNE_TUNE_H
