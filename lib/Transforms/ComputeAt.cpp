//===- ComputeAt.cpp - hcl.compute_at: producer-consumer fusion -----------===//
//
// compute_at(P, C, l) computes, inside loop `l` of consumer stage C, the part
// of producer stage P that the iteration needs (MLIR's slice-based loop
// fusion: canFuseLoops + fuseLoops). The producer's own nest is removed when
// nothing else reads what it writes; otherwise it stays and the fused copy
// recomputes the same values, which keeps the program's results. A producer
// that updates in place (a reduction into an argument) cannot be recomputed:
// its copy runs each of its iterations once, at the first consumer iteration
// that needs them, and replaces it. Stages that share no data are fused as
// loops instead (SiblingFusion.cpp).
//
//===----------------------------------------------------------------------===//

#include "SiblingFusion.h"

#include "hcl/Dialect/HCL/Naming.h"
#include "hcl/Transforms/Primitives.h"

#include "mlir/Dialect/Affine/Analysis/Utils.h"
#include "mlir/Dialect/Affine/LoopFusionUtils.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/IntegerSet.h"
#include "llvm/ADT/MapVector.h"
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
/// iteration runs exactly once (see loopsRepeatingSlice).
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

/// A slice bound sum(coefficient * value) + constant.
struct LinearBound {
  llvm::SmallMapVector<Value, int64_t, 4> coefficients;
  int64_t constant = 0;
};

/// Adds `factor * expr` to `bound`; false for a non-linear expression.
static bool addTerms(AffineExpr expr, int64_t factor, AffineMap map,
                     ArrayRef<Value> operands, LinearBound &bound) {
  if (auto constant = dyn_cast<AffineConstantExpr>(expr)) {
    bound.constant += factor * constant.getValue();
    return true;
  }
  if (auto dim = dyn_cast<AffineDimExpr>(expr)) {
    bound.coefficients[operands[dim.getPosition()]] += factor;
    return true;
  }
  if (auto symbol = dyn_cast<AffineSymbolExpr>(expr)) {
    bound.coefficients[operands[map.getNumDims() + symbol.getPosition()]] +=
        factor;
    return true;
  }
  auto binary = dyn_cast<AffineBinaryOpExpr>(expr);
  if (binary && binary.getKind() == AffineExprKind::Add)
    return addTerms(binary.getLHS(), factor, map, operands, bound) &&
           addTerms(binary.getRHS(), factor, map, operands, bound);
  if (binary && binary.getKind() == AffineExprKind::Mul)
    if (auto scale = dyn_cast<AffineConstantExpr>(binary.getRHS()))
      return addTerms(binary.getLHS(), factor * scale.getValue(), map, operands,
                      bound);
  return false;
}

static std::optional<LinearBound> linearBound(AffineMap map,
                                              ArrayRef<Value> operands) {
  LinearBound bound;
  if (!map || map.getNumResults() != 1 ||
      !addTerms(map.getResult(0), 1, map, operands, bound))
    return std::nullopt;
  return bound;
}

/// The consumer loops whose windows [lb, lb + w) on sliced producer loop
/// `d` never overlap for two iterations that differ in any of them, where
/// lb = sum(a * c) + k over those loops' variables c (a > 0): ordered by
/// a * step, each term must step past the width plus everything the later
/// terms can add (the row loop; both loops of a split row loop). None when
/// the bounds have another shape or the windows may overlap.
static std::optional<llvm::SmallVector<AffineForOp>>
disjointWindowLoops(const ComputationSliceState &slice, unsigned d) {
  auto lower = linearBound(slice.lbs[d], slice.lbOperands[d]);
  auto upper = linearBound(slice.ubs[d], slice.ubOperands[d]);
  if (!lower || !upper ||
      lower->coefficients.size() != upper->coefficients.size() ||
      llvm::any_of(lower->coefficients, [&](auto term) {
        return upper->coefficients.lookup(term.first) != term.second;
      }))
    return std::nullopt;
  struct Term {
    AffineForOp loop;
    int64_t spacing; // a * step: how far one more iteration moves lb
    int64_t reach;   // a * (last - first value of c): how far c moves lb
  };
  SmallVector<Term> terms;
  for (auto [value, coefficient] : lower->coefficients) {
    AffineForOp loop = getForInductionVarOwner(value);
    if (!loop || coefficient <= 0)
      return std::nullopt;
    int64_t step = loop.getStepAsInt(), reach = -1;
    if (loop.hasConstantBounds()) {
      int64_t trips = (loop.getConstantUpperBound() -
                       loop.getConstantLowerBound() + step - 1) /
                      step;
      reach = coefficient * step * std::max<int64_t>(trips - 1, 0);
    }
    terms.push_back({loop, coefficient * step, reach});
  }
  llvm::sort(terms, [](const Term &a, const Term &b) {
    return a.spacing > b.spacing;
  });
  int64_t width = upper->constant - lower->constant, later = width;
  if (width < 1)
    return std::nullopt;
  for (const Term &term : llvm::reverse(terms)) {
    if (later < 0 || term.spacing < later)
      return std::nullopt;
    later = term.reach < 0 ? -1 : later + term.reach;
  }
  SmallVector<AffineForOp> loops;
  for (const Term &term : terms)
    loops.push_back(term.loop);
  return loops;
}

/// The consumer loops whose iterations get disjoint windows of some sliced
/// producer loop (disjointWindowLoops): two iterations that differ in one of
/// them run different producer iterations.
static llvm::SmallPtrSet<Operation *, 4>
boundingLoops(const ComputationSliceState &slice) {
  llvm::SmallPtrSet<Operation *, 4> bounding;
  for (unsigned d = 0; d < slice.ivs.size(); ++d)
    if (auto loops = disjointWindowLoops(slice, d))
      for (AffineForOp loop : *loops)
        bounding.insert(loop);
  return bounding;
}

/// Adds to `used` the loops whose variables `map` depends on (a slice bound
/// lists every consumer loop as an operand, used or not).
static void addLoopsUsedBy(AffineMap map, ArrayRef<Value> operands,
                           llvm::SmallPtrSet<Operation *, 4> &used) {
  if (!map)
    return;
  for (auto [position, value] : llvm::enumerate(operands)) {
    bool isDim = position < map.getNumDims();
    bool dependsOn = isDim
                         ? map.isFunctionOfDim(position)
                         : map.isFunctionOfSymbol(position - map.getNumDims());
    if (AffineForOp loop = getForInductionVarOwner(value); loop && dependsOn)
      used.insert(loop);
  }
}

/// The loops whose variables some slice bound depends on.
static llvm::SmallPtrSet<Operation *, 4>
slicingLoops(const ComputationSliceState &slice) {
  llvm::SmallPtrSet<Operation *, 4> used;
  for (unsigned d = 0; d < slice.ivs.size(); ++d) {
    addLoopsUsedBy(slice.lbs[d], slice.lbOperands[d], used);
    addLoopsUsedBy(slice.ubs[d], slice.ubOperands[d], used);
  }
  return used;
}

/// How the fused copy of an in-place producer runs each of its iterations
/// exactly once: the consumer loops down to `axis` either partition the
/// producer's iterations (disjoint windows) or do not appear in the slice at
/// all, and along the latter the copy runs only at their first iteration
/// (`repeating`), the first time the consumer needs those values (a
/// reduction computed where its first reader is). None when some loop gives
/// overlapping windows (a stencil's neighbours).
static std::optional<SmallVector<AffineForOp>>
loopsRepeatingSlice(const ComputationSliceState &slice, AffineForOp consumer,
                    AffineForOp axis) {
  llvm::SmallPtrSet<Operation *, 4> bounding = boundingLoops(slice);
  llvm::SmallPtrSet<Operation *, 4> used = slicingLoops(slice);
  SmallVector<AffineForOp> repeating;
  for (Operation *loop = axis; loop != consumer->getParentOp();
       loop = loop->getParentOp()) {
    auto forOp = dyn_cast<AffineForOp>(loop);
    if (!forOp || bounding.contains(loop))
      continue;
    if (used.contains(loop) || !forOp.hasConstantLowerBound())
      return std::nullopt;
    repeating.push_back(forOp);
  }
  return repeating;
}

/// True when the windows of sliced producer loop `d` over all iterations of
/// the consumer loops tile the producer loop's range [lb, ub) exactly.
static bool windowsTileLoop(const ComputationSliceState &slice, unsigned d) {
  AffineForOp produced = getForInductionVarOwner(slice.ivs[d]);
  if (!produced || !produced.hasConstantBounds() ||
      produced.getStepAsInt() != 1)
    return false;
  if (!slice.lbs[d] || !slice.ubs[d])
    return true; // not sliced: the copy runs the whole loop
  auto lower = linearBound(slice.lbs[d], slice.lbOperands[d]);
  auto upper = linearBound(slice.ubs[d], slice.ubOperands[d]);
  if (!lower || !upper || !disjointWindowLoops(slice, d))
    return false;
  int64_t first = lower->constant, last = lower->constant, windows = 1;
  for (auto [value, coefficient] : lower->coefficients) {
    AffineForOp loop = getForInductionVarOwner(value);
    if (!loop || !loop.hasConstantBounds())
      return false;
    int64_t step = loop.getStepAsInt();
    int64_t trips = (loop.getConstantUpperBound() -
                     loop.getConstantLowerBound() + step - 1) /
                    step;
    if (trips < 1)
      return false;
    first += coefficient * loop.getConstantLowerBound();
    last += coefficient * (loop.getConstantLowerBound() + step * (trips - 1));
    windows *= trips;
  }
  int64_t width = upper->constant - lower->constant;
  int64_t end = last + width;
  // Disjoint windows of one width filling [first, end) leave no gap.
  return first == produced.getConstantLowerBound() &&
         end == produced.getConstantUpperBound() &&
         width * windows == end - first;
}

/// True when the fused copies together run every producer iteration, so
/// they replace the producer even where others read what it writes.
static bool slicesCoverProducer(const ComputationSliceState &slice) {
  for (unsigned d = 0; d < slice.ivs.size(); ++d)
    if (!windowsTileLoop(slice, d))
      return false;
  return true;
}

/// Puts the ops fuseLoops inserted before `anchor` (after `previous`, or
/// from the block's start when null) under an affine.if that holds at the
/// first iteration of each of `loops`.
static void runOnlyAtFirstIteration(ArrayRef<AffineForOp> loops,
                                    Operation *previous, Operation *anchor) {
  Block *block = anchor->getBlock();
  Block::iterator begin =
      previous ? std::next(Block::iterator(previous)) : block->begin();
  OpBuilder b(anchor);
  SmallVector<AffineExpr> constraints;
  SmallVector<bool> isEquality;
  SmallVector<Value> ivs;
  for (unsigned position = 0; position < loops.size(); ++position) {
    AffineForOp loop = loops[position];
    constraints.push_back(b.getAffineDimExpr(position) -
                          loop.getConstantLowerBound());
    isEquality.push_back(true);
    ivs.push_back(loop.getInductionVar());
  }
  auto set = IntegerSet::get(loops.size(), 0, constraints, isEquality);
  auto guard = AffineIfOp::create(b, anchor->getLoc(), set, ivs,
                                  /*withElseRegion=*/false);
  Operation *thenEnd = guard.getThenBlock()->getTerminator();
  for (Operation &op : llvm::make_early_inc_range(
           llvm::make_range(begin, Block::iterator(guard))))
    op.moveBefore(thenEnd);
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

/// A memory access or loop of imperative code that slice analysis cannot
/// follow, or null.
static Operation *findDataDependentOp(AffineForOp root) {
  Operation *found = nullptr;
  root->walk([&](Operation *op) {
    if (!found && (isa<memref::LoadOp, memref::StoreOp>(op) ||
                   op->getName().getDialectNamespace() == "scf"))
      found = op;
  });
  return found;
}

LogicalResult ComputeAtOp::apply(ScheduleContext &ctx) {
  ComputeAtOp op = *this;
  FailureOr<Operation *> producerRoot = ctx.resolveStage(op, op.getProducer());
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

  for (AffineForOp root : {producer, consumer})
    if (Operation *opaque = findDataDependentOp(root))
      return op.emitError("cannot compute stage '")
             << getStageName(producer) << "' at loop '" << getLoopName(*axis)
             << "' of stage '" << getStageName(consumer) << "': stage '"
             << getStageName(root) << "' uses '" << opaque->getName()
             << "' (imperative code: a data-dependent index or trip count), "
                "so the part of the producer an iteration needs is unknown";

  // Stages that share no data have no producer-consumer relation: HeteroCL
  // programs mean loop fusion by such a compute_at.
  if (areIndependentStages(producer, consumer))
    return fuseIndependentStages(op, ctx, producer, consumer, *axis);

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
  // each of its iterations still runs exactly once: the consumer's loops
  // partition its iterations, and loops the slice does not depend on run the
  // copy only at their first iteration. Where others also read what it
  // writes, the copies must run all of it, so that they replace it.
  bool replacesProducer = producerIsPrivate(producer, consumer);
  SmallVector<AffineForOp> repeating;
  if (updatesInPlace(producer)) {
    std::optional<SmallVector<AffineForOp>> loops =
        loopsRepeatingSlice(slice, consumer, *axis);
    if (!loops)
      return op.emitError("cannot compute stage '")
             << getStageName(producer) << "' at loop '" << getLoopName(*axis)
             << "' of stage '" << getStageName(consumer)
             << "': the producer reads a buffer it writes (an in-place update "
                "or a reduction into its output), and the consumer's loops "
                "down to '"
             << getLoopName(*axis)
             << "' need overlapping parts of it, so running parts of it "
                "inside the consumer would repeat the update (compute it at "
                "an outer loop)";
    if (!replacesProducer && !slicesCoverProducer(slice))
      return op.emitError("cannot compute stage '")
             << getStageName(producer) << "' at loop '" << getLoopName(*axis)
             << "' of stage '" << getStageName(consumer)
             << "': the producer reads a buffer it writes (an in-place update "
                "or a reduction into its output) that is not private to these "
                "two stages (an argument, or read by other stages), and the "
                "consumer needs only part of it, so the producer stays and its "
                "copy inside the consumer would repeat the update (compute "
                "its other consumers at this one first)";
    repeating = std::move(*loops);
    replacesProducer = true;
  }

  Operation *anchor = &*slice.insertPoint;
  Operation *previous = anchor->getPrevNode();
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
  if (!repeating.empty())
    runOnlyAtFirstIteration(repeating, previous, anchor);
  if (replacesProducer) {
    ctx.recordComputedAt(getStageName(producer), getStageName(consumer),
                         getLoopName(*axis));
    producer.erase();
  }
  return success();
}

} // namespace hcl
