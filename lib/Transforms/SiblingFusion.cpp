//===- SiblingFusion.cpp - compute_at of stages that share no data --------===//
//
// HeteroCL-MLIR programs ask compute_at for two stages of which neither reads
// what the other writes (two element-wise stages side by side). There is no
// producer to compute inside the consumer; what such a schedule means is loop
// fusion: run both bodies in the same iterations. Without a dependence either
// order of their iterations is legal, so the producer's body moves into the
// consumer's loop when the loops above it iterate the same ranges.
//
//===----------------------------------------------------------------------===//

#include "SiblingFusion.h"

#include "hcl/Dialect/HCL/Naming.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/SmallPtrSet.h"

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

static bool sameRange(AffineForOp a, AffineForOp b) {
  return a.hasConstantBounds() && b.hasConstantBounds() &&
         a.getConstantLowerBound() == b.getConstantLowerBound() &&
         a.getConstantUpperBound() == b.getConstantUpperBound() &&
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
    if (!sameRange(loop, chain[level]))
      return fail(
          "the producer's loops down to loop '" + getLoopName(chain.back()) +
          "' to iterate the consumer's ranges, but '" + getLoopName(loop) +
          "' runs " + describeRange(loop) + " and '" +
          getLoopName(chain[level]) + "' runs " + describeRange(chain[level]));
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
  for (auto [mine, theirs] : llvm::zip(*band, chain))
    mine.getInductionVar().replaceAllUsesWith(theirs.getInductionVar());
  Block *to = axis.getBody();
  to->getOperations().splice(to->begin(), from->getOperations(), from->begin(),
                             std::prev(from->end()));
  ctx.recordComputedAt(getStageName(producer), getStageName(consumer),
                       getLoopName(axis));
  producer.erase();
  return success();
}

} // namespace hcl
