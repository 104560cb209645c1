//===- ComputeAt.cpp - hcl.compute_at: producer-consumer fusion -----------===//
//
// compute_at(P, C, l) computes, inside loop `l` of consumer stage C, the part
// of producer stage P that the iteration needs (MLIR's slice-based loop
// fusion: canFuseLoops + fuseLoops). The producer's own nest is removed when
// nothing else reads what it writes; otherwise it stays and the fused copy
// recomputes the same values, which keeps the program's results.
//
//===----------------------------------------------------------------------===//

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
/// a producer are not idempotent: they are only right when every producer
/// iteration runs exactly once (see partitionsProducer).
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

/// `expr` as operand + constant, with the operand's position among the
/// map's operands (dimensions, then symbols).
static std::optional<std::pair<unsigned, int64_t>>
asOperandPlusConstant(AffineExpr expr, unsigned numDims) {
  int64_t offset = 0;
  if (auto sum = dyn_cast<AffineBinaryOpExpr>(expr);
      sum && sum.getKind() == AffineExprKind::Add) {
    auto constant = dyn_cast<AffineConstantExpr>(sum.getRHS());
    if (!constant)
      return std::nullopt;
    offset = constant.getValue();
    expr = sum.getLHS();
  }
  if (auto dim = dyn_cast<AffineDimExpr>(expr))
    return std::make_pair(dim.getPosition(), offset);
  if (auto symbol = dyn_cast<AffineSymbolExpr>(expr))
    return std::make_pair(numDims + symbol.getPosition(), offset);
  return std::nullopt;
}

/// The consumer loop whose variable alone bounds sliced producer loop `d`
/// as [c + k, c + k + width), with the width; none for another shape.
static std::optional<std::pair<AffineForOp, int64_t>>
windowOf(const ComputationSliceState &slice, unsigned d) {
  AffineMap lb = slice.lbs[d], ub = slice.ubs[d];
  if (!lb || !ub || lb.getNumResults() != 1 || ub.getNumResults() != 1)
    return std::nullopt;
  auto lower = asOperandPlusConstant(lb.getResult(0), lb.getNumDims());
  auto upper = asOperandPlusConstant(ub.getResult(0), ub.getNumDims());
  if (!lower || !upper)
    return std::nullopt;
  Value lowerValue = slice.lbOperands[d][lower->first];
  Value upperValue = slice.ubOperands[d][upper->first];
  AffineForOp loop = getForInductionVarOwner(lowerValue);
  if (!loop || lowerValue != upperValue)
    return std::nullopt;
  return std::make_pair(loop, upper->second - lower->second);
}

/// True when the slice runs every producer iteration at most once over the
/// consumer loops down to `axis`: each of those loops bounds some producer
/// loop to a window [c + k, c + k + w) no wider than its step, so two
/// different consumer iterations get disjoint windows there, whatever the
/// other producer loops do (a softmax row max computed at the row loop of
/// its consumer). A consumer loop that bounds no producer loop (the column
/// loop of that consumer) would run the same producer iterations again.
static bool partitionsProducer(const ComputationSliceState &slice,
                               AffineForOp consumer, AffineForOp axis) {
  llvm::SmallPtrSet<Operation *, 4> bounding;
  for (unsigned d = 0; d < slice.ivs.size(); ++d)
    if (auto window = windowOf(slice, d))
      if (window->second >= 1 && window->second <= window->first.getStepAsInt())
        bounding.insert(window->first);
  for (Operation *loop = axis; loop != consumer->getParentOp();
       loop = loop->getParentOp())
    if (isa<AffineForOp>(loop) && !bounding.contains(loop))
      return false;
  return true;
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

  // An in-place producer (a reduction into its output) may move only where
  // each of its iterations still runs exactly once: the copy replaces it
  // and the consumer's loops partition its iterations.
  if (updatesInPlace(producer)) {
    if (!producerIsPrivate(producer, consumer))
      return op.emitError("cannot compute stage '")
             << getStageName(producer) << "' at loop '" << getLoopName(*axis)
             << "' of stage '" << getStageName(consumer)
             << "': the producer reads a buffer it writes (an in-place update "
                "or a reduction into its output) that is not private to these "
                "two stages (an argument, or read by other stages), so the "
                "producer stays and its copy inside the "
                "consumer would repeat the update (compute its other "
                "consumers at this one first)";
    if (!partitionsProducer(slice, consumer, *axis))
      return op.emitError("cannot compute stage '")
             << getStageName(producer) << "' at loop '" << getLoopName(*axis)
             << "' of stage '" << getStageName(consumer)
             << "': the producer reads a buffer it writes (an in-place update "
                "or a reduction into its output), and the consumer's loops "
                "down to '"
             << getLoopName(*axis)
             << "' do not partition its iterations, so running parts of it "
                "inside the consumer would repeat the update (compute it at "
                "an outer loop)";
  }

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
