//===- LoopModel.h - what the estimator knows of one loop -------*- C++ -*-===//
//
// Shared by the estimator's files: affine.for, scf.for and scf.while alike,
// how often they run and the recurrences that bound their II.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_LIB_ANALYSIS_LOOPMODEL_H
#define HCL_LIB_ANALYSIS_LOOPMODEL_H

#include "hcl/Analysis/TargetModel.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/IR/Operation.h"

#include "llvm/ADT/DenseMap.h"

#include <optional>
#include <string>
#include <vector>

namespace hcl {

/// affine.for, scf.for or scf.while.
bool isEstimatedLoop(mlir::Operation *op);

/// How often a loop runs: exactly (constant bounds), or not known, then
/// with the `max_trip_count` attribute as the worst case when it is given.
struct TripCount {
  std::optional<int64_t> exact;
  std::optional<int64_t> max;
  std::string why; // what makes it unknown ("data-dependent bounds")
};
TripCount tripCountOf(mlir::Operation *loop);

/// The trips to multiply counts by: exact, else the worst case, else one.
int64_t countingTrips(mlir::Operation *loop);

/// Induction variables fixed at a value: the iteration of the loops around
/// that the estimator is walking (TripBindings.cpp).
using IVValues = llvm::DenseMap<mlir::Value, int64_t>;

/// The outer iterations the estimator walks one by one, at most, to count
/// the loops whose bounds they fix (beyond: their max_trip_count).
constexpr int64_t kEnumerationBudget = 1 << 20;

/// `loop`'s first value and trip count with the variables of `values`
/// fixed (none when a bound's operand is not fixed or constant); a trip
/// count is at least 0.
std::optional<int64_t> firstValueAt(mlir::affine::AffineForOp loop,
                                    const IVValues &values);
std::optional<int64_t> tripsAt(mlir::affine::AffineForOp loop,
                               const IVValues &values);

/// Whether `v` is, or is computed (affine.apply) from, `iv`.
bool usesValue(mlir::Value v, mlir::Value iv);
/// Whether `inner`'s bounds use `iv` (directly or through affine.apply).
bool boundsDependOn(mlir::affine::AffineForOp inner, mlir::Value iv);
/// Whether a loop inside `loop` has bounds that use its variable (a
/// triangular loop): its iterations then differ.
bool boundsInsideDependOn(mlir::affine::AffineForOp loop);

/// How often `op` runs per call of its function: the iterations of the
/// loops around it, a triangular loop's summed over the iterations of the
/// loops whose variables bound it. `exact` becomes false where a trip count
/// is unknown (its max_trip_count taken, or one).
int64_t iterationsAround(mlir::Operation *op, bool &exact);

/// The blocks one iteration runs (scf.while: before, then after).
llvm::SmallVector<mlir::Block *, 2> iterationBlocks(mlir::Operation *loop);

/// The array's name for a note: its `name` attribute or argN.
std::string arrayName(mlir::Value memref);

/// RecMII through memory: a store and a load of the same array; MLIR's
/// dependence analysis gives the distance between affine accesses of an
/// affine.for, anything else (a data-dependent index, an scf loop) is
/// assumed at distance 1. Appends a note for each such array.
int64_t memoryRecurrenceMII(mlir::Operation *loop, const TargetModel &target,
                            std::vector<std::string> &notes);

/// Under a pipelined loop, `loop` is unrolled: its iterations' copies run
/// side by side, except where each adds to an element the previous one
/// wrote (an accumulator, sum[0] += ...): then each copy waits for the
/// previous one's value. The cycles one iteration adds to that chain: the
/// path from the element's load to its store (the store forwarded to the
/// next copy's load, as the RTL and HLS do in straight-line code) times
/// the copies of the loops inside; 0 without such an element.
int64_t unrolledChainStep(mlir::Operation *loop, const TargetModel &target);

/// RecMII through carried values (iter_args, scf.while's arguments): the
/// longest path from a carried value to its next value.
int64_t carriedRecurrenceMII(mlir::Operation *loop, const TargetModel &target);

} // namespace hcl

#endif // HCL_LIB_ANALYSIS_LOOPMODEL_H
