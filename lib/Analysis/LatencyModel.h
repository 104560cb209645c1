//===- LatencyModel.h - the estimator's latency of a function ---*- C++ -*-===//
//
// Shared by the estimator's files. A function's latency is its body's: a
// block is its loops, branches and calls in sequence plus the longest chain
// of its other operations (BlockLatency.cpp); a loop is its iterations,
// pipelined at an II or flattened with the loops around it
// (LoopLatency.cpp); a call is its callee's latency, and a dataflow region
// with streams overlaps its processes (FunctionLatency.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef HCL_LIB_ANALYSIS_LATENCYMODEL_H
#define HCL_LIB_ANALYSIS_LATENCYMODEL_H

#include "LoopModel.h"
#include "Span.h"

#include "hcl/Analysis/BankAccesses.h"
#include "hcl/Analysis/Estimate.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <string>
#include <vector>

namespace hcl {

/// The array a read (affine or memref.load) or a write reads or writes.
mlir::Value memrefOfRead(mlir::Operation *op);
mlir::Value memrefOfWrite(mlir::Operation *op);

/// The callee of `call` when it has a body (else null).
mlir::func::FuncOp calleeOf(mlir::func::CallOp call);

/// The ports a memory that is not local shares among its reads and writes
/// (`sharedPorts`): `calleeArgumentPorts` for an argument that is not a
/// port of the top (hasPortPerBank), when the target sets it; else
/// `ports`.
int sharedPortsOf(const TargetModel &target, mlir::Value memref);

/// ResMII of `loop`: the accesses of one iteration (inner loops unrolled)
/// grouped by array and bank against the target's ports, and the
/// operations of each kind against its units. Appends a note for each
/// partitioned array accessed at data-dependent indices.
int64_t resourceMII(mlir::Operation *loop, const TargetModel &target,
                    std::vector<std::string> &notes, AccessCache &cache);

/// A loop's requested II and its ResMII and RecMII, into `e`: the II is
/// the largest of the three.
void estimateII(mlir::Operation *loop, const TargetModel &target,
                AccessCache &cache, LoopEstimate &e);

/// Adds `func`'s arithmetic operations and off-chip bytes, `times` calls of
/// it, to `result`, with its callees' at each call; `offchip` are its
/// values that live off chip; `exact` becomes false where a trip count is
/// not known (its max_trip_count, or one, taken).
void countWork(mlir::func::FuncOp func,
               const llvm::SmallPtrSetImpl<mlir::Value> &offchip, int64_t times,
               FunctionEstimate &result,
               llvm::SmallPtrSetImpl<mlir::Operation *> &active, bool &exact);

/// The latency of a function and of every loop in it, appended to
/// `result.loops` in program order.
struct LatencyModel {
  LatencyModel(const TargetModel &target, FunctionEstimate &result)
      : target(target), result(result) {}

  const TargetModel &target;
  FunctionEstimate &result;
  /// The functions being estimated, callers first (no recursion in HLS).
  llvm::SmallPtrSet<mlir::Operation *, 4> active;
  /// The access maps of the IR, computed once for all loops.
  AccessCache accessCache;
  /// The latency of each loop, if and call estimated in a block.
  llvm::DenseMap<mlir::Operation *, Span> computed;

  // Triangular loops (TripBindings.cpp): a loop whose variable bounds a
  // loop inside it is walked one iteration at a time, its variable fixed.

  /// The variables of the loops being walked so, at their iteration.
  IVValues ivValues;
  /// While a later iteration is walked: the row of `result.loops` the next
  /// loop met is merged into (the walk meets the loops in program order,
  /// the same in every iteration); none: the next loop gets a new row.
  std::optional<size_t> cursor;
  /// Whether the runs met count in the rows' runs and iterations (not in
  /// the one walk through a loop that runs no iteration).
  bool recording = true;
  /// The iterations the walk may still take one by one.
  int64_t enumerationBudget = kEnumerationBudget;
  /// What each row's runs gave so far (`rowRuns`), and its latest run's
  /// latency (`lastRun`, for the loops that flatten a nest around it).
  struct Runs {
    /// False while the row has only the walk through a loop of no
    /// iteration: the first run counted replaces it.
    bool counted = true;
    bool exactTrips = true, exactLatency = true, knownLatency = true;
    int64_t tripsLo = 0, latencyLo = 0;
    std::optional<int64_t> tripsHi = 0, latencyHi = 0;
  };
  llvm::DenseMap<size_t, Runs> rowRuns;
  llvm::DenseMap<size_t, Span> lastRun;

  // FunctionLatency.cpp

  /// A function's latency: its body in order, or, for a dataflow region
  /// with streams, its processes overlapped.
  std::optional<Span> functionLatency(mlir::func::FuncOp func,
                                      const std::string &path, bool unrolled);
  /// A call costs its callee's latency and its start; the callee's loops are
  /// listed under the outlined stage's (or the callee's) name.
  std::optional<Span> callLatency(mlir::func::CallOp call,
                                  const std::string &path, bool unrolled);
  static bool isDataflowRegion(mlir::func::FuncOp func);
  /// Processes connected by streams overlap: a consumer starts a cycle after
  /// its producer starts and ends no sooner than the target's streamCycles
  /// after it ends (1; rtl: 2). One that uses an ordinary buffer of an
  /// earlier process starts when that one has finished (a ping-pong buffer).
  std::optional<int64_t> dataflowLatency(mlir::func::FuncOp func,
                                         const std::string &path);
  /// A process's latency when it is exact (else the region's is unknown).
  std::optional<int64_t> processLatency(mlir::Operation *root,
                                        const std::string &path);
  /// The cycles from the start of the process `root` to its first access of
  /// `buffer` (in program order): the loops, ifs and calls before it, at
  /// each level, and the entries of the loops around it.
  int64_t firstAccessDelay(mlir::Operation *root, mlir::Value buffer);

  // BlockLatency.cpp

  /// Cycles of one pass over `block`: loops in sequence, plus the longest
  /// chain of the other operations. `unrolled`: nested loops run their
  /// iterations in parallel (inside a pipelined loop), and what isInlined
  /// joins the chain, each operation after what it uses (and a branch's
  /// after its condition).
  std::optional<Span> blockLatency(mlir::Block &block, const std::string &path,
                                   bool unrolled);
  /// An if takes its longer branch when the branches are straight-line code
  /// (HLS schedules one path of states for both); with loops or calls in
  /// a branch of an scf.if (a data-dependent condition), between the two.
  std::optional<Span> ifLatency(mlir::Operation *op, const std::string &path,
                                bool unrolled);
  /// Whether, under a pipelined loop, `op` is straight-line code once
  /// unrolled: a branch (predicated, as HLS tools and the RTL's
  /// if-conversion run it) or an affine loop of a constant trip count
  /// without carried values (its copies side by side), holding only such.
  static bool isInlined(mlir::Operation &op);

  // LoopLatency.cpp

  /// A loop's latency, with its entry (and its inner loops') in
  /// `result.loops`; `unrolledByParent`: under a pipelined loop.
  std::optional<Span> loopLatency(mlir::Operation *loop,
                                  const std::string &parent,
                                  bool unrolledByParent);
  /// One iteration: the body (an scf.while's condition and body); `test`
  /// is the condition's part (zero for other loops).
  std::optional<Span> iterationLatency(mlir::Operation *loop,
                                       const std::string &path, bool unrolled,
                                       Span &test);
  /// A run of the loop of row `index` into that row: its trip count and
  /// latency, merged with the earlier runs' (`first`: the row is new).
  void recordRun(size_t index, bool first, const TripCount &trips,
                 const std::optional<Span> &latency);
  /// The iterations of `loop` walked one at a time, its variable fixed in
  /// each (its trips known): the sum of their latencies.
  std::optional<Span> iterationsOneByOne(mlir::affine::AffineForOp loop,
                                         const std::string &path, int64_t trips,
                                         size_t index);
  Span exactTripsLatency(mlir::Operation *loop, const Span &body, int64_t trips,
                         bool unrolledByParent, int64_t ii, size_t index);
  /// No iteration at least (an scf.while tests its condition once, `test`);
  /// at most `max` iterations when given.
  Span unknownTripsLatency(const Span &body, const Span &test,
                           std::optional<int64_t> max, const LoopEstimate &e);
  /// HLS flattens a perfect nest around a pipelined loop into one pipeline
  /// over all iterations: depth + II * (all trips - 1). `index` is the
  /// outer loop's entry; the nest's loops follow it in `result.loops`.
  std::optional<int64_t> flattened(mlir::affine::AffineForOp loop,
                                   size_t index);
};

} // namespace hcl

#endif // HCL_LIB_ANALYSIS_LATENCYMODEL_H
