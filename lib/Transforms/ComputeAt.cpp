//===- ComputeAt.cpp - hcl.compute_at: producer-consumer fusion -----------===//
//
// compute_at(P, C, l) computes, inside loop `l` of consumer stage C, the part
// of producer stage P that the iteration needs (MLIR's slice-based loop
// fusion: canFuseLoops + fuseLoops). The producer's own nest is removed when
// nothing else reads what it writes; otherwise it stays and the fused copy
// recomputes the same values, which keeps the program's results. Stages that
// share no data are fused as loops instead (SiblingFusion.cpp).
//
//===----------------------------------------------------------------------===//

#include "SiblingFusion.h"

#include "hcl/Dialect/HCL/Naming.h"
#include "hcl/Transforms/Primitives.h"

#include "mlir/Dialect/Affine/Analysis/Utils.h"
#include "mlir/Dialect/Affine/LoopFusionUtils.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace mlir;
using namespace mlir::affine;

namespace hcl {

static StringRef describeFailure(FusionResult result) {
  switch (result.value) {
  case FusionResult::FailPrecondition:
    // Same block and order are checked before; MLIR's slice fusion also
    // refuses nests with affine.if (reuse_at's guards) or non-affine accesses.
    return "MLIR's slice fusion does not handle these nests (it needs plain "
           "affine loops, loads and stores: no affine.if, as reuse_at leaves; "
           "apply compute_at before reuse_at)";
  case FusionResult::FailBlockDependence:
  case FusionResult::FailFusionDependence:
    return "it would violate a dependence between the stages";
  case FusionResult::FailComputationSlice:
  case FusionResult::FailIncorrectSlice:
    return "the part of the producer that one consumer iteration needs cannot "
           "be described affinely";
  case FusionResult::Success:
    break;
  }
  return "";
}

/// True when every memref `producer` writes is a local buffer that only the
/// producer and `consumer` touch, so the fused copy replaces the producer.
static bool producerIsPrivate(AffineForOp producer, AffineForOp consumer) {
  bool isPrivate = true;
  producer.walk([&](AffineWriteOpInterface write) {
    Value memref = write.getMemRef();
    if (!memref.getDefiningOp<memref::AllocOp>()) {
      isPrivate = false;
      return;
    }
    for (Operation *user : memref.getUsers())
      if (!producer->isAncestor(user) && !consumer->isAncestor(user) &&
          !isa<memref::DeallocOp>(user) && !isScheduleOp(user))
        isPrivate = false;
  });
  return isPrivate;
}

/// True when the producer reads a buffer (defined outside it) that it also
/// writes: an in-place update or a reduction into its output. Slices of such
/// a producer are not idempotent, and fusion may run a producer iteration
/// more than once (overlapping slices, or a producer kept for other readers).
static bool updatesInPlace(AffineForOp producer) {
  llvm::SmallPtrSet<Value, 4> written, read;
  producer.walk([&](Operation *op) {
    if (auto write = dyn_cast<AffineWriteOpInterface>(op))
      written.insert(write.getMemRef());
    else if (auto load = dyn_cast<AffineReadOpInterface>(op))
      read.insert(load.getMemRef());
  });
  return llvm::any_of(written, [&](Value memref) {
    return read.contains(memref) &&
           !producer->isAncestor(memref.getParentRegion()->getParentOp());
  });
}

/// True when the consumer writes a buffer the producer writes: the copy of
/// the producer inside the consumer's loop would write it again in every
/// iteration, over what the consumer wrote (an initialization the consumer
/// then accumulates into).
static bool consumerWritesProducerOutput(AffineForOp producer,
                                         AffineForOp consumer) {
  llvm::SmallPtrSet<Value, 4> produced;
  producer.walk([&](AffineWriteOpInterface write) {
    produced.insert(write.getMemRef());
  });
  WalkResult result = consumer.walk([&](AffineWriteOpInterface write) {
    return produced.contains(write.getMemRef()) ? WalkResult::interrupt()
                                                : WalkResult::advance();
  });
  return result.wasInterrupted();
}

LogicalResult applyComputeAt(ComputeAtOp op, ScheduleContext &ctx) {
  FailureOr<Operation *> producerRoot =
      ctx.resolveStage(op, op.getProducer());
  if (failed(producerRoot))
    return failure();
  FailureOr<AffineForOp> axis =
      ctx.resolveLoop(op, op.getConsumer(), op.getAxis());
  if (failed(axis))
    return failure();
  FailureOr<Operation *> consumerRoot = ctx.resolveStage(op, op.getConsumer());
  auto producer = dyn_cast<AffineForOp>(*producerRoot);
  auto consumer = dyn_cast<AffineForOp>(*consumerRoot);
  if (!producer || !consumer)
    return op.emitError("compute_at needs both stages to be affine loop nests");

  if (producer->getBlock() != consumer->getBlock() ||
      !producer->isBeforeInBlock(consumer))
    return op.emitError("cannot compute stage '")
           << getStageName(producer) << "' at loop '" << getLoopName(*axis)
           << "' of stage '" << getStageName(consumer)
           << "': the producer must be a loop nest before the consumer in the "
              "same block";

  // Stages that share no data have no producer-consumer relation: HeteroCL
  // programs mean loop fusion by such a compute_at.
  if (areIndependentStages(producer, consumer))
    return fuseIndependentStages(op, ctx, producer, consumer, *axis);

  if (updatesInPlace(producer))
    return op.emitError("cannot compute stage '")
           << getStageName(producer) << "' at loop '" << getLoopName(*axis)
           << "' of stage '" << getStageName(consumer)
           << "': the producer reads a buffer it writes (an in-place update "
              "or a reduction into its output), so running parts of it again "
              "inside the consumer would repeat the update";

  if (consumerWritesProducerOutput(producer, consumer))
    return op.emitError("cannot compute stage '")
           << getStageName(producer) << "' at loop '" << getLoopName(*axis)
           << "' of stage '" << getStageName(consumer)
           << "': the consumer also writes the producer's output, which the "
              "producer would overwrite in every iteration";

  unsigned depth = 0;
  for (Operation *loop = *axis; loop != consumer->getParentOp();
       loop = loop->getParentOp())
    depth += isa<AffineForOp>(loop);

  ComputationSliceState slice;
  FusionResult result = canFuseLoops(producer, consumer, depth, &slice);
  if (result.value != FusionResult::Success)
    return op.emitError("cannot compute stage '")
           << getStageName(producer) << "' at loop '" << getLoopName(*axis)
           << "' of stage '" << getStageName(consumer)
           << "': " << describeFailure(result);

  llvm::SmallPtrSet<Operation *, 16> consumerLoops;
  consumer.walk([&](AffineForOp loop) { consumerLoops.insert(loop); });
  fuseLoops(producer, consumer, slice);
  // The copied producer loops keep their names under the producer's prefix,
  // so loop names stay unique within the consumer.
  std::string prefix = getStageName(producer).str() + ".";
  consumer.walk([&](AffineForOp loop) {
    if (consumerLoops.contains(loop))
      return;
    loop->removeAttr(kStageNameAttr);
    if (StringRef name = getLoopName(loop); !name.empty())
      loop->setAttr(kLoopNameAttr,
                    StringAttr::get(op.getContext(), prefix + name.str()));
  });
  if (producerIsPrivate(producer, consumer)) {
    ctx.recordComputedAt(getStageName(producer), getStageName(consumer),
                         getLoopName(*axis));
    producer.erase();
  }
  return success();
}

} // namespace hcl
