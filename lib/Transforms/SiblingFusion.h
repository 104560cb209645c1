//===- SiblingFusion.h - compute_at of stages that share no data -*- C++
//-*-===//

#ifndef HCL_LIB_TRANSFORMS_SIBLINGFUSION_H
#define HCL_LIB_TRANSFORMS_SIBLINGFUSION_H

#include "hcl/Dialect/HCL/HCLOps.h"
#include "hcl/Transforms/ScheduleContext.h"

namespace hcl {

/// True when neither stage reads or writes a memref the other writes, and
/// every memory access of both is to a memref value (no calls, no views).
bool areIndependentStages(mlir::Operation *producer, mlir::Operation *consumer);

/// compute_at of independent stages as loop fusion: the producer's body at
/// `axis`'s depth moves to the start of `axis`'s body and the producer nest
/// disappears. Needs the producer's loops down to that depth to be perfectly
/// nested with the same constant ranges as the consumer's loops down to
/// `axis`; otherwise an error on `op` that says the stages share no data.
mlir::LogicalResult fuseIndependentStages(ComputeAtOp op, ScheduleContext &ctx,
                                          mlir::affine::AffineForOp producer,
                                          mlir::affine::AffineForOp consumer,
                                          mlir::affine::AffineForOp axis);

} // namespace hcl

#endif // HCL_LIB_TRANSFORMS_SIBLINGFUSION_H
