//===- ApplyCustomizations.cpp - apply each function's schedule -----------===//

#include "hcl/Dialect/HCL/HCLOps.h"
#include "hcl/Dialect/HCL/Naming.h"
#include "hcl/Transforms/Passes.h"
#include "hcl/Transforms/Primitives.h"

#include "LoopBand.h"

#include "llvm/ADT/TypeSwitch.h"

namespace hcl {
#define GEN_PASS_DEF_APPLYCUSTOMIZATIONS
#include "hcl/Transforms/Passes.h.inc"
} // namespace hcl

using namespace mlir;
using namespace mlir::affine;

namespace {

bool isHandleOp(Operation *op) {
  return isa<hcl::CreateLoopHandleOp, hcl::CreateStageHandleOp,
             hcl::CreateOpHandleOp>(op);
}

LogicalResult applyOne(Operation *op, hcl::ScheduleContext &ctx) {
  return llvm::TypeSwitch<Operation *, LogicalResult>(op)
      .Case([&](hcl::PipelineOp op) { return hcl::applyPipeline(op, ctx); })
      .Case([&](hcl::UnrollOp op) { return hcl::applyUnroll(op, ctx); })
      .Case([&](hcl::ParallelOp op) { return hcl::applyParallel(op, ctx); })
      .Case([&](hcl::VectorizeOp op) { return hcl::applyVectorize(op, ctx); })
      .Case([&](hcl::SplitOp op) { return hcl::applySplit(op, ctx); })
      .Case([&](hcl::TileOp op) { return hcl::applyTile(op, ctx); })
      .Case([&](hcl::ReorderOp op) { return hcl::applyReorder(op, ctx); })
      .Case([&](hcl::FuseOp op) { return hcl::applyFuse(op, ctx); })
      .Case([&](hcl::BufferAtOp op) { return hcl::applyBufferAt(op, ctx); })
      .Case([&](hcl::ReuseAtOp op) { return hcl::applyReuseAt(op, ctx); })
      .Case([&](hcl::ComputeAtOp op) { return hcl::applyComputeAt(op, ctx); })
      .Case([&](hcl::StoreAtOp op) { return hcl::applyStoreAt(op, ctx); })
      .Case([&](hcl::PartitionOp op) { return hcl::applyPartition(op, ctx); })
      .Case([&](hcl::ReshapeOp op) { return hcl::applyReshape(op, ctx); })
      .Case([&](hcl::OutlineOp op) { return hcl::applyOutline(op, ctx); })
      .Case([&](hcl::QuantizeOp op) { return hcl::applyQuantize(op, ctx); })
      .Case([&](hcl::DownsizeOp op) { return hcl::applyDownsize(op, ctx); })
      .Case([&](hcl::PackOp op) { return hcl::applyPack(op, ctx); })
      .Case([&](hcl::UnpackOp op) { return hcl::applyUnpack(op, ctx); })
      .Case([&](hcl::ToOp op) { return hcl::applyTo(op, ctx); })
      .Default([](Operation *op) {
        return op->emitError("'")
               << op->getName()
               << "' is not implemented yet by --hcl-apply-customizations";
      });
}

struct ApplyCustomizationsPass
    : hcl::impl::ApplyCustomizationsBase<ApplyCustomizationsPass> {
  void runOnOperation() override {
    // Out-of-range accesses are reported before the schedule moves them
    // (where the user wrote them) and after (a primitive must not make any).
    if (failed(hcl::verifyBounds(getOperation())))
      return signalPassFailure();
    for (auto func : llvm::to_vector(getOperation().getOps<func::FuncOp>()))
      if (failed(hcl::expandTemplates(func)) || failed(applySchedule(func)))
        return signalPassFailure();
    // Every hcl.apply is expanded; the templates have done their work.
    for (auto customization : llvm::make_early_inc_range(
             getOperation().getOps<hcl::CustomizationOp>()))
      customization.erase();
    if (failed(hcl::verifyBounds(getOperation())))
      return signalPassFailure();
  }

  LogicalResult applySchedule(func::FuncOp func) {
    SmallVector<Operation *> schedule;
    func.walk([&](Operation *op) {
      if (hcl::isScheduleOp(op))
        schedule.push_back(op);
    });
    if (schedule.empty())
      return success();
    hcl::adoptOpNames(func);
    hcl::ScheduleContext ctx(func);
    // Folding after each primitive keeps nests perfect for the next one
    // (normalization leaves affine.apply ops between loops).
    for (Operation *op : schedule) {
      if (isHandleOp(op))
        continue;
      if (failed(applyOne(op, ctx)))
        return failure();
      // Only loop transformations leave affine.apply ops and move stage
      // names; after the others, neither a fold nor a new stage index (each
      // a walk of the whole function) is needed.
      if (!isa<hcl::PipelineOp, hcl::UnrollOp, hcl::ParallelOp,
               hcl::PartitionOp, hcl::ToOp>(op)) {
        ctx.invalidateStages();
        if (!isa<hcl::OutlineOp>(op))
          (void)hcl::foldAffineApplies(func);
      }
    }
    if (failed(hcl::checkStreams(ctx)))
      return failure();
    // Erase uses before definitions.
    for (Operation *op : llvm::reverse(schedule)) {
      op->dropAllUses();
      op->erase();
    }
    return success();
  }
};

} // namespace
