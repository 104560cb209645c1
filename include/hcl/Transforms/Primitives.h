//===- Primitives.h - one function per customization ------------*- C++ -*-===//
//
// Each primitive lives in its own file under lib/Transforms and either
// applies or emits a located error on the schedule operation and fails.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_TRANSFORMS_PRIMITIVES_H
#define HCL_TRANSFORMS_PRIMITIVES_H

#include "hcl/Dialect/HCL/HCLOps.h"
#include "hcl/Transforms/ScheduleContext.h"

namespace hcl {

mlir::LogicalResult applyPipeline(PipelineOp op, ScheduleContext &ctx);
mlir::LogicalResult applyUnroll(UnrollOp op, ScheduleContext &ctx);
mlir::LogicalResult applyParallel(ParallelOp op, ScheduleContext &ctx);
mlir::LogicalResult applyVectorize(VectorizeOp op, ScheduleContext &ctx);
mlir::LogicalResult applySplit(SplitOp op, ScheduleContext &ctx);
mlir::LogicalResult applyTile(TileOp op, ScheduleContext &ctx);
mlir::LogicalResult applyReorder(ReorderOp op, ScheduleContext &ctx);
mlir::LogicalResult applyFuse(FuseOp op, ScheduleContext &ctx);

/// Replaces every hcl.apply in `func` by the body of the hcl.customization
/// it names, parameters replaced by its arguments.
mlir::LogicalResult expandTemplates(mlir::func::FuncOp func);
mlir::LogicalResult applyBufferAt(BufferAtOp op, ScheduleContext &ctx);
mlir::LogicalResult applyReuseAt(ReuseAtOp op, ScheduleContext &ctx);
mlir::LogicalResult applyComputeAt(ComputeAtOp op, ScheduleContext &ctx);
mlir::LogicalResult applyStoreAt(StoreAtOp op, ScheduleContext &ctx);
mlir::LogicalResult applyPartition(PartitionOp op, ScheduleContext &ctx);
mlir::LogicalResult applyReshape(ReshapeOp op, ScheduleContext &ctx);
mlir::LogicalResult applyOutline(OutlineOp op, ScheduleContext &ctx);
mlir::LogicalResult applyQuantize(QuantizeOp op, ScheduleContext &ctx);
mlir::LogicalResult applyDownsize(DownsizeOp op, ScheduleContext &ctx);
mlir::LogicalResult applyPack(PackOp op, ScheduleContext &ctx);
mlir::LogicalResult applyUnpack(UnpackOp op, ScheduleContext &ctx);
mlir::LogicalResult applyTo(ToOp op, ScheduleContext &ctx);

/// After the whole schedule: each stream (hcl.to) is written and read once
/// per element in one order, and the function's dataflow region cannot
/// deadlock with the channels' depths (inferred ones are set here).
mlir::LogicalResult checkStreams(ScheduleContext &ctx);

} // namespace hcl

#endif // HCL_TRANSFORMS_PRIMITIVES_H
