//===- LocalAccumulator.h - reductions into a local, stored once -*- C++
//-*-===//

#ifndef HCL_TRANSFORMS_LOCALACCUMULATOR_H
#define HCL_TRANSFORMS_LOCALACCUMULATOR_H

#include "mlir/IR/Operation.h"
#include "mlir/IR/Value.h"

namespace hcl {

/// Rewrites each reduction under `root` that accumulates in place into
/// `buffer` (`buffer[f] = init` followed by a loop nest whose only accesses
/// of `buffer` read and write that same element `buffer[f]`) to accumulate
/// in a one-element local (`memref.alloca`) and store `buffer[f]` once after
/// the loops. Returns how many reductions it rewrote.
unsigned localizeAccumulators(mlir::Operation *root, mlir::Value buffer);

/// Rewrites each outermost loop under `root` whose only accesses of
/// `buffer` read and write one element, with indices the loop does not
/// change (gemm's `C[i][j] += ...` over k), to load the element into a
/// one-element local before the loop, use the local in it, and store the
/// element once after. Returns how many loops it rewrote.
unsigned localizeLoopInvariantElements(mlir::Operation *root,
                                       mlir::Value buffer);

} // namespace hcl

#endif // HCL_TRANSFORMS_LOCALACCUMULATOR_H
