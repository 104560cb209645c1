//===- Estimate.h - initiation intervals and latency of affine IR -*- C++
//-*-===//
//
// A designer's first answer without an HLS run (the LLVM II-estimation paper):
// for every loop of customized affine IR the resource-limited II (memory ports
// per array and bank), the recurrence-limited II (MLIR's dependence analysis:
// latency around a loop-carried dependence over its distance), the II HLS would
// reach (max of those and the requested one) and the latency; per function the
// latency, arithmetic operations and off-chip bytes (roofline, the HeteroCL
// memory-optimization paper).
//
//===----------------------------------------------------------------------===//

#ifndef HCL_ANALYSIS_ESTIMATE_H
#define HCL_ANALYSIS_ESTIMATE_H

#include "hcl/Analysis/TargetModel.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace hcl {

/// What the design occupies: DSP slices for multipliers and float adders
/// (one per operation copy a pipelined loop runs at once, one per kind
/// elsewhere), 18 Kb BRAMs per bank of on-chip arrays, and registers for
/// arrays split into single elements or too small for a BRAM.
struct Resources {
  int64_t dsp = 0;
  int64_t bram18k = 0;
  int64_t registerBits = 0;
};

struct FunctionEstimate {
  std::string name;
  std::vector<LoopEstimate> loops;
  /// Exact; none when a loop's trip count is unknown: then the worst case
  /// (none: unbounded, no max_trip_count) and a lower bound.
  std::optional<int64_t> latency;
  std::optional<int64_t> worstCaseLatency;
  std::optional<int64_t> latencyLowerBound;
  /// What the figures assume (data-dependent accesses, unknown trips).
  std::vector<std::string> notes;
  int64_t flops = 0;        // arithmetic operations executed
  int64_t offchipBytes = 0; // loads / stores of arguments
  Resources resources;
};

FunctionEstimate estimateFunction(mlir::func::FuncOp func,
                                  const TargetModel &target);

/// One loop's ResMII, RecMII and II (the max of those and its requested
/// `pipeline_ii`) on `target`, as estimateFunction derives them; for the
/// RTL's modulo scheduler. `loop` is an affine.for, scf.for or scf.while.
LoopEstimate estimateLoopII(mlir::Operation *loop, const TargetModel &target);

/// The smallest distance (>= 1) in iterations of `loop` of a dependence
/// from the access `src` to the access `dst` (loads or stores of one
/// memref, at least one a store) carried by `loop`, from MLIR's affine
/// dependence analysis; none when no iteration's `dst` touches an element
/// a previous iteration's `src` did. 1 when the analysis cannot tell (an
/// access that is not affine, a loop that is not an affine.for).
std::optional<int64_t> carriedDistance(mlir::Operation *loop,
                                       mlir::Operation *src,
                                       mlir::Operation *dst);

/// The band `pipelined` is the innermost loop of, outermost first: the
/// loops around it whose body is only the next loop, with constant bounds,
/// a positive step and no iter_args, not unrolled; just `pipelined` when
/// it has no such parent (or its own bounds are not constant).
llvm::SmallVector<mlir::affine::AffineForOp>
flattenableBand(mlir::affine::AffineForOp pipelined);

/// The smallest distance in iterations of the loop the perfect `band`
/// (outermost first) flattens into, of a dependence from `src` to `dst`
/// within one run of the band: (d1, ..., dn) along its loops is
/// d1 * T2 * ... * Tn + ... + dn iterations apart; none without one, 1
/// when the analysis cannot tell.
std::optional<int64_t>
bandCarriedDistance(llvm::ArrayRef<mlir::affine::AffineForOp> band,
                    mlir::Operation *src, mlir::Operation *dst);

/// The target's latency for an MLIR operation.
int latencyOf(const TargetModel &target, mlir::Operation *op);

/// Whether `memref` is an array of the design itself: an allocation, or a
/// global (a ROM, such as a network's weights), not an argument.
bool isOnChipArray(mlir::Value memref);

/// Whether `memref` is a local array whose banks hold one element each:
/// registers in hardware (HLS tools' and hcl's RTL), no port limits them.
bool isRegisterArray(mlir::Value memref);

/// The cycles from issuing the load `op` to its data: none for a register
/// where the target reads registers as wires (TargetModel), else the
/// target's load latency.
int loadLatencyOf(const TargetModel &target, mlir::Operation *op);

} // namespace hcl

#endif // HCL_ANALYSIS_ESTIMATE_H
