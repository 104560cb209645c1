//===- LocalAccumulator.h - reductions into a local, stored once -*- C++ -*-===//

#ifndef HCL_LIB_TRANSFORMS_LOCALACCUMULATOR_H
#define HCL_LIB_TRANSFORMS_LOCALACCUMULATOR_H

#include "mlir/IR/Operation.h"
#include "mlir/IR/Value.h"

namespace hcl {

/// Rewrites each reduction under `root` that accumulates in place into
/// `buffer` (`buffer[f] = init` followed by a loop nest whose only accesses
/// of `buffer` read and write that same element `buffer[f]`) to accumulate
/// in a one-element local (`memref.alloca`) and store `buffer[f]` once after
/// the loops. Returns how many reductions it rewrote.
unsigned localizeAccumulators(mlir::Operation *root, mlir::Value buffer);

} // namespace hcl

#endif // HCL_LIB_TRANSFORMS_LOCALACCUMULATOR_H
