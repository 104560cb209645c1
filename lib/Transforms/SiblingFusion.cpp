//===- SiblingFusion.cpp - compute_at of stages that share no data --------===//
//
// HeteroCL-MLIR programs ask compute_at for two stages of which neither reads
// what the other writes (two element-wise stages side by side). There is no
// producer to compute inside the consumer; what such a schedule means is loop
// fusion: run both bodies in the same iterations. Without a dependence either
// order of their iterations is legal, so the producer's body moves into the
// consumer's loop when the loops above it start and step alike. Where their
// upper bounds differ the fused loop runs to the larger one, and each stage's
// operations are guarded by its own bounds (an affine.if), so each stage
// still runs exactly its own iterations (HeteroCL fuses such stages too, and
// compute_at never changes what a stage computes).
//
//===----------------------------------------------------------------------===//

#include "SiblingFusion.h"

#include "hcl/Dialect/HCL/Naming.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/IntegerSet.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "hcl-sibling-fusion"

using namespace mlir;
using namespace mlir::affine;

namespace hcl {

namespace {

/// The memrefs a stage reads and writes; `opaque` when some access or effect
/// cannot be attributed to a memref value (calls, views, other effects).
struct StageAccesses {
  llvm::SmallPtrSet<Value, 4> reads, writes;
  bool opaque = false;

  void add(llvm::SmallPtrSet<Value, 4> &set, Value memref) {
    if (memref.getDefiningOp<ViewLikeOpInterface>())
      opaque = true; // may alias another memref value
    set.insert(memref);
  }
};

} // namespace

static StageAccesses collectAccesses(Operation *stage) {
  StageAccesses acc;
  stage->walk([&](Operation *op) {
    if (auto read = dyn_cast<AffineReadOpInterface>(op))
      return acc.add(acc.reads, read.getMemRef());
    if (auto write = dyn_cast<AffineWriteOpInterface>(op))
      return acc.add(acc.writes, write.getMemRef());
    if (auto load = dyn_cast<memref::LoadOp>(op))
      return acc.add(acc.reads, load.getMemRef());
    if (auto store = dyn_cast<memref::StoreOp>(op))
      return acc.add(acc.writes, store.getMemRef());
    if (op->hasTrait<OpTrait::HasRecursiveMemoryEffects>())
      return;
    auto effects = dyn_cast<MemoryEffectOpInterface>(op);
    if (!effects || (!effects.hasNoEffect() &&
                     !effects.onlyHasEffect<MemoryEffects::Allocate>()))
      acc.opaque = true;
  });
  return acc;
}

static bool intersects(const llvm::SmallPtrSet<Value, 4> &a,
                       const llvm::SmallPtrSet<Value, 4> &b) {
  return llvm::any_of(a, [&](Value v) { return b.contains(v); });
}

bool areIndependentStages(Operation *producer, Operation *consumer) {
  StageAccesses p = collectAccesses(producer);
  StageAccesses c = collectAccesses(consumer);
  if (p.opaque || c.opaque)
    return false;
  return !intersects(p.writes, c.reads) && !intersects(p.writes, c.writes) &&
         !intersects(c.writes, p.reads);
}

/// The consumer's loops from its root down to `axis`, each directly in the
/// one above (an affine.if between them would make the moved body
/// conditional). Empty when `axis` is not reached that way.
static SmallVector<AffineForOp> getLoopChain(AffineForOp root,
                                             AffineForOp axis) {
  SmallVector<AffineForOp> chain;
  for (Operation *op = axis; op; op = op->getParentOp()) {
    auto loop = dyn_cast<AffineForOp>(op);
    if (!loop)
      return {};
    chain.push_back(loop);
    if (loop == root)
      break;
  }
  if (chain.empty() || chain.back() != root)
    return {};
  std::reverse(chain.begin(), chain.end());
  return chain;
}

/// Same constant start and step: the loops visit the same values up to the
/// smaller upper bound, so one loop to the larger bound can run both.
static bool sameStartAndStep(AffineForOp a, AffineForOp b) {
  return a.hasConstantBounds() && b.hasConstantBounds() &&
         a.getConstantLowerBound() == b.getConstantLowerBound() &&
         a.getStepAsInt() == b.getStepAsInt();
}

static std::string describeRange(AffineForOp loop) {
  if (!loop.hasConstantBounds())
    return "non-constant bounds";
  return std::to_string(loop.getConstantLowerBound()) + " to " +
         std::to_string(loop.getConstantUpperBound()) + " step " +
         std::to_string(loop.getStepAsInt());
}

/// The producer's loops matching `chain` level by level: perfectly nested
/// down to the last, with the same ranges. An error on `op` otherwise.
static FailureOr<SmallVector<AffineForOp>>
matchProducerBand(ComputeAtOp op, AffineForOp producer,
                  ArrayRef<AffineForOp> chain) {
  auto fail = [&](const Twine &why) {
    return op.emitError("stages '")
           << getStageName(producer) << "' and '" << getStageName(chain[0])
           << "' share no data (neither reads what the other writes), so "
              "compute_at has no producer to compute inside the consumer; "
              "it fuses such stages as loops, which needs "
           << why;
  };
  if (producer.getNumResults() != 0)
    return fail("a producer loop without results");
  SmallVector<AffineForOp> band{producer};
  for (size_t level = 0; level < chain.size(); ++level) {
    AffineForOp loop = band.back();
    if (!sameStartAndStep(loop, chain[level]))
      return fail(
          "the producer's loops down to loop '" + getLoopName(chain.back()) +
          "' to start and step as the consumer's, with constant bounds, but '" +
          getLoopName(loop) + "' runs " + describeRange(loop) + " and '" +
          getLoopName(chain[level]) + "' runs " + describeRange(chain[level]));
    AffineForOp consumerLoop = chain[level];
    if (consumerLoop.getNumResults() != 0 &&
        loop.getConstantUpperBound() > consumerLoop.getConstantUpperBound())
      return fail("consumer loop '" + getLoopName(consumerLoop) +
                  "', which carries values between iterations, to run at "
                  "least as far as the producer's '" +
                  getLoopName(loop) + "'");
    if (level + 1 == chain.size())
      break;
    Block *body = loop.getBody();
    auto inner = dyn_cast<AffineForOp>(&body->front());
    if (!inner || std::next(body->begin(), 2) != body->end())
      return fail("the producer's loops down to loop '" +
                  getLoopName(chain.back()) + "''s depth (" +
                  std::to_string(chain.size()) +
                  ") to be perfectly nested, but '" + getLoopName(loop) +
                  "' holds other operations besides the next loop");
    band.push_back(inner);
  }
  return band;
}

namespace {

/// The conditions `iv < bound` one stage's operations need inside the fused
/// loops: one per fused loop that runs further than the stage's own loop.
struct Guard {
  SmallVector<Value> ivs;
  SmallVector<int64_t> bounds;

  void add(AffineForOp fused, int64_t ownBound) {
    if (ownBound >= fused.getConstantUpperBound())
      return;
    ivs.push_back(fused.getInductionVar());
    bounds.push_back(ownBound);
  }
};

} // namespace

/// Wraps ops [first, last] of one block in `affine.if` of `guard`'s
/// conditions (bound - 1 - iv >= 0 each). Fails when a value they define is
/// used after them, which a result-less affine.if could not pass on.
static LogicalResult wrapInGuard(Operation *first, Operation *last,
                                 const Guard &guard) {
  if (guard.ivs.empty())
    return success();
  auto end = std::next(Block::iterator(last));
  for (Operation &op : llvm::make_range(Block::iterator(first), end))
    for (Operation *user : op.getUsers())
      if (!first->getBlock()->findAncestorOpInBlock(*user) ||
          last->isBeforeInBlock(
              first->getBlock()->findAncestorOpInBlock(*user)))
        return failure();
  MLIRContext *ctx = first->getContext();
  SmallVector<AffineExpr> constraints;
  for (auto [i, bound] : llvm::enumerate(guard.bounds))
    constraints.push_back(getAffineConstantExpr(bound - 1, ctx) -
                          getAffineDimExpr(i, ctx));
  auto set = IntegerSet::get(guard.ivs.size(), 0, constraints,
                             SmallVector<bool>(constraints.size(), false));
  OpBuilder b(first);
  auto ifOp = AffineIfOp::create(b, first->getLoc(), set, guard.ivs,
                                 /*withElseRegion=*/false);
  Block *then = ifOp.getThenBlock();
  then->getOperations().splice(std::prev(then->end()),
                               first->getBlock()->getOperations(),
                               Block::iterator(first), end);
  return success();
}

/// Pure operations among `ops`, a contiguous segment (constants, index
/// arithmetic), whose values are used after it, e.g. by the next loop, move
/// before it: they may run unguarded. The rest, still contiguous, is
/// returned.
static SmallVector<Operation *>
hoistEscapingPureOps(ArrayRef<Operation *> ops) {
  llvm::SmallPtrSet<Operation *, 8> inSegment(ops.begin(), ops.end());
  Block *block = ops.front()->getBlock();
  auto definedInside = [&](Value v) {
    Operation *def = v.getDefiningOp();
    return def && inSegment.contains(block->findAncestorOpInBlock(*def));
  };
  SmallVector<Operation *> kept, hoisted;
  for (Operation *op : ops) {
    bool escapes = llvm::any_of(op->getUsers(), [&](Operation *user) {
      Operation *ancestor = block->findAncestorOpInBlock(*user);
      return !ancestor || !inSegment.contains(ancestor);
    });
    if (escapes && isPure(op) && op->getNumRegions() == 0 &&
        llvm::none_of(op->getOperands(), definedInside)) {
      inSegment.erase(op);
      hoisted.push_back(op);
      continue;
    }
    kept.push_back(op);
  }
  for (Operation *op : hoisted)
    if (!kept.empty())
      op->moveBefore(kept.front());
  return kept;
}

/// Guards the consumer's own operations at every level of `chain` (all but
/// the next loop of the chain) by the consumer's bounds down to that level,
/// then extends the chain's loops to the fused bounds `upper`.
static LogicalResult guardConsumer(ComputeAtOp op, ArrayRef<AffineForOp> chain,
                                   ArrayRef<int64_t> upper) {
  Guard guard;
  for (size_t level = 0; level < chain.size(); ++level) {
    AffineForOp loop = chain[level];
    int64_t own = loop.getConstantUpperBound();
    loop.setConstantUpperBound(upper[level]);
    guard.add(loop, own);
    if (guard.ivs.empty())
      continue;
    // The operations before and after the next loop of the chain, which
    // guards its own body.
    Operation *next = level + 1 < chain.size() ? chain[level + 1] : nullptr;
    Block *body = loop.getBody();
    SmallVector<SmallVector<Operation *>> segments(1);
    for (Operation &inner :
         llvm::make_range(body->begin(), std::prev(body->end()))) {
      if (&inner == next)
        segments.emplace_back();
      else
        segments.back().push_back(&inner);
    }
    for (ArrayRef<Operation *> segment : segments) {
      if (segment.empty())
        continue;
      SmallVector<Operation *> kept = hoistEscapingPureOps(segment);
      if (kept.empty() ||
          succeeded(wrapInGuard(kept.front(), kept.back(), guard)))
        continue;
      return op.emitError("stage '")
             << getStageName(chain[0]) << "' computes a value in loop '"
             << getLoopName(loop)
             << "' that its inner loops use; fusing it with a stage of "
                "other bounds would need it outside the bound's guard";
    }
  }
  return success();
}

LogicalResult fuseIndependentStages(ComputeAtOp op, ScheduleContext &ctx,
                                    AffineForOp producer, AffineForOp consumer,
                                    AffineForOp axis) {
  SmallVector<AffineForOp> chain = getLoopChain(consumer, axis);
  if (chain.empty())
    return op.emitError("loop '")
           << getLoopName(axis) << "' is not reached from the top of stage '"
           << getStageName(consumer) << "' through affine loops alone";
  FailureOr<SmallVector<AffineForOp>> band =
      matchProducerBand(op, producer, chain);
  if (failed(band))
    return failure();

  // The moved loops keep their names under the producer's prefix, as
  // compute_at names its copies, so names stay unique within the consumer.
  std::string prefix = getStageName(producer).str() + ".";
  Block *from = band->back().getBody();
  from->walk([&](AffineForOp loop) {
    if (StringRef name = getLoopName(loop); !name.empty())
      loop->setAttr(kLoopNameAttr,
                    StringAttr::get(op.getContext(), prefix + name.str()));
  });
  // The fused loops run to the larger bound of each pair; each stage's
  // operations are guarded by its own bounds.
  SmallVector<int64_t> upper;
  Guard producerGuard;
  for (auto [mine, theirs] : llvm::zip(*band, chain))
    upper.push_back(
        std::max(mine.getConstantUpperBound(), theirs.getConstantUpperBound()));
  if (failed(guardConsumer(op, chain, upper)))
    return failure();
  for (auto [mine, theirs] : llvm::zip(*band, chain)) {
    producerGuard.add(theirs, mine.getConstantUpperBound());
    mine.getInductionVar().replaceAllUsesWith(theirs.getInductionVar());
  }
  LLVM_DEBUG(llvm::dbgs() << "sibling fusion of '" << getStageName(producer)
                          << "' into '" << getStageName(consumer) << "' at '"
                          << getLoopName(axis) << "', "
                          << producerGuard.ivs.size()
                          << " producer bound(s) guarded\n");
  Block *to = axis.getBody();
  Operation *first =
      from->begin() == std::prev(from->end()) ? nullptr : &from->front();
  Operation *last = from->getTerminator()->getPrevNode();
  to->getOperations().splice(to->begin(), from->getOperations(), from->begin(),
                             std::prev(from->end()));
  // The producer's body defines nothing used outside it, so it can be guarded.
  if (first && failed(wrapInGuard(first, last, producerGuard)))
    return op.emitError("the body of stage '")
           << getStageName(producer) << "' defines values used outside it";
  ctx.recordComputedAt(getStageName(producer), getStageName(consumer),
                       getLoopName(axis));
  producer.erase();
  return success();
}

} // namespace hcl
