//===- Search.h - hcl tune's search over candidate schedules ----*- C++ -*-===//
//
// Per band, the candidates of Space.h are estimated in the whole program
// (every other band unscheduled): exhaustively when their product is small,
// else in two rounds (orders, unrolls, partitions and reuse buffers first;
// write buffers on the best four). Each band keeps its Pareto front of
// latency against resources. Bands run one after another, so their gains
// add up; a greedy pass then combines them, upgrading at each step the band
// whose move gains the most latency per resource, every step estimated in
// the whole program. With a budget a second such pass only takes moves that
// stay within it. The result is the fastest combination within the budget.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_TUNE_SEARCH_H
#define HCL_TUNE_SEARCH_H

#include "hcl/Tune/Budget.h"
#include "hcl/Tune/Evaluate.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace hcl::tuner {

struct SearchOptions {
  Budget budget;
  /// Seconds after which no new round starts (0: no limit); the best
  /// result found so far is kept.
  double timeLimit = 0;
  unsigned threads = 0; // 0: every core
  /// Whether the function's arguments may be partitioned (Space.h).
  bool partitionArguments = true;
  /// When set, every estimate of at least `remoteMinimum` candidates (a
  /// round's batches together) goes there instead of this machine's
  /// threads; smaller ones, which would wait longer for a remote start than
  /// they take, stay here. The costs are the same either way, so the search
  /// takes the same path.
  BatchEvaluator remote;
  size_t remoteMinimum = 32;
};

struct Point {
  Schedule schedule;
  Cost cost;
};

struct SearchResult {
  Cost baseline;            // the unscheduled program
  std::vector<Point> front; // Pareto front, fastest first
  /// The fastest evaluated schedule within the budget; none if even the
  /// unscheduled program exceeds it.
  std::optional<Point> chosen;
  size_t bands = 0;
  size_t evaluated = 0;
  double seconds = 0;
  bool timedOut = false;
};

/// Searches `func` (the entry of `program`'s module, parsed in the
/// caller's context; only read). Fails with a message when the program has
/// no band to tune or the unscheduled program cannot be estimated.
llvm::Expected<SearchResult> search(const Program &program,
                                    mlir::func::FuncOp func,
                                    const SearchOptions &options);

/// Whether `a` is at least as good as `b` in latency and every resource,
/// and better in one.
bool dominates(const Cost &a, const Cost &b);

} // namespace hcl::tuner

#endif // HCL_TUNE_SEARCH_H
