//===- Tune.h - schedules chosen by the estimator ---------------*- C++ -*-===//
//
// hcl::tune(s) does what `hcl tune` does (docs/tune.md): it searches the
// schedules of the program's algorithm (the schedule already on `s` is set
// aside), keeps the fastest within the budget, and proves it by running
// the tuned program and the algorithm on the same random inputs.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_FRONTEND_TUNE_H
#define HCL_FRONTEND_TUNE_H

#include "hcl/Frontend/Schedule.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace hcl {

struct TuneOptions {
  /// `dsp=N,bram=M,ff=F` (any of them; empty: no bound), as hcl tune's
  /// --budget.
  std::string budget;
  /// `vitis`, `catapult`, or a JSON target file (docs/estimate.md).
  std::string target = "vitis";
  /// Seconds after which no new search round starts (0: no limit).
  double timeLimit = 0;
  unsigned threads = 0; // 0: every core
  /// false: the program's inputs keep one bank each (hcl tune
  /// --keep-interfaces).
  bool partitionArguments = true;
};

struct TunePoint {
  /// Cycles; the worst case when `exact` is false (triangular loops).
  int64_t latency = 0;
  bool exact = true;
  int64_t dsp = 0, bram18k = 0, registerBits = 0;
  /// The schedule in one line ("s: order i,k,j unroll j x4, pipeline; ...").
  std::string schedule;
};

struct TuneResult {
  /// The algorithm with the chosen schedule as hcl schedule ops: what
  /// `hcl tune -o` writes (hcl estimate, hcl check and hcl hls read it).
  std::string mlir;
  /// The same as a schedule of the program: build, build_hls, lower and
  /// estimate take it as they take the schedule tuned. It takes no further
  /// primitives (they would be refused when it is lowered).
  std::optional<Schedule> schedule;
  TunePoint chosen, unscheduled;
  /// Latency against resources, fastest first.
  std::vector<TunePoint> front;
  size_t evaluated = 0;
  double seconds = 0;
  /// The largest relative error of the tuned program against the algorithm
  /// over the inputs it was run on (0 for an exact schedule).
  double largestRelativeError = 0;
};

/// Tunes `schedule`'s program; throws hcl::Error on a bad budget or target,
/// a program with nothing to tune, a budget nothing fits, or a tuned
/// program that does not compute what the algorithm does.
TuneResult tune(const Schedule &schedule,
                const TuneOptions &options = TuneOptions());

} // namespace hcl

#endif // HCL_FRONTEND_TUNE_H
