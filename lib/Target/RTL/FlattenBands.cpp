//===- FlattenBands.cpp - one pipeline for a perfect nest -----------------===//

#include "FlattenBands.h"
#include "MemoryDistances.h"

#include "hcl/Analysis/Estimate.h"

#include "mlir/Dialect/Affine/Analysis/AffineAnalysis.h"
#include "mlir/Dialect/Affine/Analysis/Utils.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/Support/MathExtras.h"

#define DEBUG_TYPE "hcl-rtl-flatten-bands"

using namespace mlir;
using namespace mlir::affine;

namespace hcl::rtl {

/// A loop the band's counters can replace: constant bounds, a positive
/// step, not unrolled.
static bool countable(AffineForOp loop) {
  return loop.hasConstantBounds() && loop.getStepAsInt() > 0 &&
         !loop->hasAttr("unroll");
}

static bool underPipeline(Operation *op) {
  for (Operation *p = op->getParentOp(); p; p = p->getParentOp())
    if (p->hasAttr("pipeline_ii"))
      return true;
  return false;
}

void markFlattenedBands(ModuleOp module) {
  module.walk([](AffineForOp pipelined) {
    if (!pipelined->hasAttr("pipeline_ii") || !countable(pipelined) ||
        underPipeline(pipelined))
      return;
    AffineForOp outer = pipelined;
    int64_t loops = 1;
    while (auto parent = dyn_cast<AffineForOp>(outer->getParentOp())) {
      // The parent's body is the loop alone (and its yield).
      if (parent.getBody()->getOperations().size() != 2 || !countable(parent) ||
          parent.getNumIterOperands() != 0)
        break;
      // The pipelined loop's carried values restart from their initial
      // values with each run: those must be there before the band.
      if (!llvm::all_of(pipelined.getInits(), [&](Value init) {
            return init.getParentRegion()->isProperAncestor(
                &parent.getRegion());
          }))
        break;
      outer = parent;
      ++loops;
    }
    if (loops > 1)
      outer->setAttr(
          kFlattenAttr,
          IntegerAttr::get(IntegerType::get(outer.getContext(), 64), loops));
  });
}

std::optional<SmallVector<AffineForOp>> markedBand(AffineForOp pipelined) {
  SmallVector<AffineForOp> band{pipelined};
  for (auto loop = dyn_cast_or_null<AffineForOp>(pipelined->getParentOp());
       loop; loop = dyn_cast_or_null<AffineForOp>(loop->getParentOp())) {
    band.insert(band.begin(), loop);
    if (auto loops = loop->getAttrOfType<IntegerAttr>(kFlattenAttr)) {
      if (loops.getInt() == static_cast<int64_t>(band.size()))
        return band;
      return std::nullopt;
    }
  }
  return std::nullopt;
}

void hoistAllocationsFromBands(ModuleOp module) {
  SmallVector<AffineForOp> outers;
  module.walk([&](AffineForOp outer) {
    if (outer->hasAttr(kFlattenAttr))
      outers.push_back(outer);
  });
  for (AffineForOp outer : outers) {
    SmallVector<Operation *> allocations;
    for (Operation *loop = outer;
         auto band = dyn_cast_or_null<AffineForOp>(loop);) {
      Operation *next = nullptr;
      for (Operation &op : band.getBody()->without_terminator()) {
        if (isa<memref::AllocOp, memref::AllocaOp>(op) &&
            op.getNumOperands() == 0)
          allocations.push_back(&op);
        else if (isa<AffineForOp>(op) && !op.hasAttr("pipeline_ii"))
          next = &op;
      }
      loop = next;
    }
    for (Operation *allocation : allocations) {
      allocation->moveBefore(outer);
      for (Operation *user :
           llvm::make_early_inc_range(allocation->getResult(0).getUsers()))
        if (isa<memref::DeallocOp>(user))
          user->moveAfter(outer);
    }
  }
}

DictionaryAttr bandDistances(ArrayRef<AffineForOp> band) {
  return smallestDistances(band.back(), [&](Operation *src, Operation *dst) {
    return bandCarriedDistance(band, src, dst);
  });
}

/// The one loop in `loop`'s body besides constants (lower-affine puts the
/// inner loop's bounds there), or null.
static scf::ForOp onlyLoopIn(scf::ForOp loop) {
  scf::ForOp inner;
  for (Operation &op : loop.getBody()->without_terminator()) {
    if (auto nested = dyn_cast<scf::ForOp>(op)) {
      if (inner)
        return {};
      inner = nested;
    } else if (!op.hasTrait<OpTrait::ConstantLike>()) {
      return {};
    }
  }
  return inner;
}

static void flattenBand(scf::ForOp outer) {
  int64_t loops = outer->getAttrOfType<IntegerAttr>(kFlattenAttr).getInt();
  outer->removeAttr(kFlattenAttr);
  SmallVector<scf::ForOp> band{outer};
  while (static_cast<int64_t>(band.size()) < loops) {
    scf::ForOp inner = onlyLoopIn(band.back());
    if (!inner)
      return;
    band.push_back(inner);
  }
  scf::ForOp pipelined = band.back();
  SmallVector<int64_t> lbs, ubs, steps;
  int64_t total = 1;
  for (scf::ForOp loop : band) {
    std::optional<int64_t> lb = getConstantIntValue(loop.getLowerBound());
    std::optional<int64_t> ub = getConstantIntValue(loop.getUpperBound());
    std::optional<int64_t> step = getConstantIntValue(loop.getStep());
    if (!lb || !ub || !step || *step <= 0)
      return;
    lbs.push_back(*lb);
    ubs.push_back(*ub);
    steps.push_back(*step);
    total *= llvm::divideCeil(std::max<int64_t>(0, *ub - *lb), *step);
  }
  // The bounds' constants go before the band.
  for (scf::ForOp loop : ArrayRef(band).drop_back())
    for (Operation &op :
         llvm::make_early_inc_range(loop.getBody()->without_terminator()))
      if (op.hasTrait<OpTrait::ConstantLike>())
        op.moveBefore(outer);
  if (!pipelined->use_empty())
    return;

  Location loc = pipelined.getLoc();
  OpBuilder b(outer);
  auto constant = [&](OpBuilder &at, int64_t value) -> Value {
    return arith::ConstantIndexOp::create(at, loc, value);
  };
  SmallVector<Value> inits;
  for (int64_t lb : lbs)
    inits.push_back(constant(b, lb));
  llvm::append_range(inits, pipelined.getInitArgs());
  auto flat = scf::ForOp::create(b, loc, constant(b, 0), constant(b, total),
                                 constant(b, 1), inits);
  Block *body = flat.getBody();
  size_t n = band.size();
  auto counters = flat.getRegionIterArgs().take_front(n);
  auto carried = flat.getRegionIterArgs().drop_front(n);
  for (auto [loop, counter] : llvm::zip_equal(band, counters))
    loop.getInductionVar().replaceAllUsesWith(counter);
  for (auto [old, now] :
       llvm::zip_equal(pipelined.getRegionIterArgs(), carried))
    old.replaceAllUsesWith(now);
  Block *old = pipelined.getBody();
  auto yield = cast<scf::YieldOp>(old->getTerminator());
  SmallVector<Value> yielded(yield.getOperands());
  body->getOperations().splice(body->end(), old->getOperations(), old->begin(),
                               Block::iterator(yield));

  // The counters: the innermost steps every iteration; a wrap steps the
  // next one out and restarts the pipelined loop's carried values.
  OpBuilder e = OpBuilder::atBlockEnd(body);
  SmallVector<Value> next(n);
  Value carry, innerWraps;
  for (size_t k = n; k-- > 0;) {
    Value iv = counters[k];
    Value stepped = arith::AddIOp::create(e, loc, iv, constant(e, steps[k]));
    Value wraps = arith::CmpIOp::create(e, loc, arith::CmpIPredicate::sge,
                                        stepped, constant(e, ubs[k]));
    if (carry) {
      stepped = arith::SelectOp::create(e, loc, carry, stepped, iv);
      wraps = arith::AndIOp::create(e, loc, carry, wraps);
    } else {
      innerWraps = wraps;
    }
    next[k] =
        arith::SelectOp::create(e, loc, wraps, constant(e, lbs[k]), stepped);
    carry = wraps;
  }
  for (auto [index, init] : llvm::enumerate(pipelined.getInitArgs()))
    yielded[index] =
        arith::SelectOp::create(e, loc, innerWraps, init, yielded[index]);
  llvm::append_range(next, yielded);
  scf::YieldOp::create(e, loc, next);
  flat->setDiscardableAttrs(pipelined->getDiscardableAttrDictionary());
  LLVM_DEBUG(llvm::dbgs() << DEBUG_TYPE ": " << n << " loops flattened into "
                          << total << " iterations\n");
  outer.erase();
}

void flattenBands(ModuleOp module) {
  SmallVector<scf::ForOp> outers;
  module.walk([&](scf::ForOp loop) {
    if (loop->hasAttr(kFlattenAttr))
      outers.push_back(loop);
  });
  for (scf::ForOp outer : outers)
    flattenBand(outer);
}

} // namespace hcl::rtl
