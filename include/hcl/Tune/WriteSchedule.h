//===- WriteSchedule.h - a candidate as hcl schedule ops --------*- C++ -*-===//

#ifndef HCL_TUNE_WRITESCHEDULE_H
#define HCL_TUNE_WRITESCHEDULE_H

#include "hcl/Tune/Candidate.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace hcl::tuner {

/// Appends `schedule` to `func` (before its return) as ordinary hcl
/// schedule ops, in the order the primitives need: partitions, then per
/// band reorder, reuse buffers, split / unroll / pipeline, and write
/// buffers last (so that their loops inherit the unrolling). Fails when a
/// named array does not exist in `func`.
mlir::LogicalResult writeSchedule(mlir::func::FuncOp func,
                                  const Schedule &schedule);

} // namespace hcl::tuner

#endif // HCL_TUNE_WRITESCHEDULE_H
