//===- Recurrence.cpp - recurrence-limited II of a loop -------------------===//
//
// A loop-carried dependence bounds the II by the latency around it divided
// by its distance. Through memory: a value loaded, computed on and stored
// back; MLIR's checkMemrefAccessDependence gives the distance between two
// affine accesses of an affine.for. It cannot see through a data-dependent
// index (hist[A[i]] += 1) or an scf loop's induction variable, so those are
// assumed to depend at distance 1: the worst case, never an optimistic II.
// Through carried values (iter_args, scf.while's arguments): the longest
// path from a carried value to its next value. On the rtl target a
// pipelined loop flattened with its band counts the band's dependences.
//
//===----------------------------------------------------------------------===//

#include "LoopModel.h"

#include "hcl/Analysis/Estimate.h"

#include "mlir/Dialect/Affine/Analysis/AffineAnalysis.h"
#include "mlir/Dialect/Affine/Analysis/Utils.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Affine/IR/AffineValueMap.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

#include "llvm/Support/MathExtras.h"

#include <limits>
#include <set>

using namespace mlir;
using namespace mlir::affine;

namespace hcl {

namespace {

bool isWrite(Operation *op) {
  return isa<AffineWriteOpInterface, memref::StoreOp>(op);
}

Value memrefOf(Operation *op) {
  if (isa<AffineReadOpInterface, AffineWriteOpInterface>(op))
    return MemRefAccess(op).memref;
  if (auto load = dyn_cast<memref::LoadOp>(op))
    return load.getMemRef();
  return cast<memref::StoreOp>(op).getMemRef();
}

Value storedValue(Operation *store) {
  if (auto affineStore = dyn_cast<AffineWriteOpInterface>(store))
    return affineStore.getValueToStore();
  return cast<memref::StoreOp>(store).getValueToStore();
}

/// The longest latency from `from` (a load's result) to the value `store`
/// writes, through the operations of `scope`; -1 when it does not reach.
int64_t pathLatency(Value from, Operation *store, Operation *scope,
                    const TargetModel &target, bool &throughChain,
                    DenseMap<Value, std::pair<int64_t, bool>> &memo) {
  auto it = memo.find(from);
  if (it != memo.end()) {
    throughChain = it->second.second;
    return it->second.first;
  }
  int64_t best = -1;
  bool bestChain = false;
  for (Operation *user : from.getUsers()) {
    if (!scope->isAncestor(user))
      continue;
    if (user == store && storedValue(store) == from) {
      if (best < 0)
        best = 0;
      continue;
    }
    if (user->getNumResults() != 1 || isWrite(user))
      continue;
    bool chain = false;
    int64_t rest =
        pathLatency(user->getResult(0), store, scope, target, chain, memo);
    if (rest < 0)
      continue;
    int64_t own = latencyOf(target, user);
    bool chained = target.chainIntegerOps && own == 0 &&
                   !user->hasTrait<OpTrait::ConstantLike>() &&
                   isa<IntegerType>(user->getResult(0).getType());
    if (rest + own > best || (rest + own == best && (chain || chained))) {
      best = rest + own;
      bestChain = chain || chained;
    }
  }
  memo[from] = {best, bestChain};
  throughChain = bestChain;
  return best;
}

/// The affine.for ops around `op`, innermost first, when nothing else
/// (an affine.if, another kind of loop) encloses it in its function and
/// each has constant bounds and step 1.
std::optional<SmallVector<AffineForOp>> plainLoops(Operation *op) {
  SmallVector<AffineForOp> loops;
  for (Operation *p = op->getParentOp(); p && !isa<func::FuncOp>(p);
       p = p->getParentOp()) {
    auto loop = dyn_cast<AffineForOp>(p);
    if (!loop || !loop.hasConstantBounds() || loop.getStepAsInt() != 1)
      return std::nullopt;
    loops.push_back(loop);
  }
  return loops;
}

/// The distance of two affine accesses of one fixed element (a scalar
/// accumulator, `sum[0]`) along `loop`, without a constraint system, when
/// plain loops enclose both: the accesses meet in every pair of iterations,
/// so there is a dependence, of distance 1, exactly when every loop around
/// them runs and `loop` runs at least twice; what MLIR's analysis finds on
/// the same system. None: not such a pair (solve it).
std::optional<std::optional<int64_t>>
fixedElementDistance(AffineForOp loop, Operation *store, Operation *load) {
  AffineValueMap storeMap, loadMap;
  MemRefAccess(store).getAccessMap(&storeMap);
  MemRefAccess(load).getAccessMap(&loadMap);
  if (storeMap.getNumOperands() != 0 || loadMap.getNumOperands() != 0 ||
      storeMap.getAffineMap() != loadMap.getAffineMap())
    return std::nullopt;
  std::optional<SmallVector<AffineForOp>> storeLoops = plainLoops(store);
  std::optional<SmallVector<AffineForOp>> loadLoops = plainLoops(load);
  if (!storeLoops || !loadLoops)
    return std::nullopt;
  auto trips = [](AffineForOp l) {
    return l.getConstantUpperBound() - l.getConstantLowerBound();
  };
  for (AffineForOp l : llvm::concat<AffineForOp>(*storeLoops, *loadLoops))
    if (trips(l) < 1)
      return std::optional<int64_t>();
  if (trips(loop) < 2)
    return std::optional<int64_t>();
  return std::optional<int64_t>(1);
}

/// A dependence component's distance in iterations of `loop`, at least 1:
/// MLIR's analysis measures it in values of the induction variable, which a
/// loop of step s moves by s an iteration (a distance of 2 at step 2 is the
/// next iteration).
int64_t iterations(AffineForOp loop, int64_t ivDistance) {
  uint64_t step = std::max<int64_t>(1, loop.getStepAsInt());
  uint64_t distance = std::max<int64_t>(1, ivDistance);
  return static_cast<int64_t>(llvm::divideCeil(distance, step));
}

/// The dependence distance from `store` to `load` along `loop`: MLIR's
/// analysis for affine accesses of an affine.for (none: independent), else
/// 1, with `assumed` set.
std::optional<int64_t> distance(Operation *loop, Operation *store,
                                Operation *load, bool &assumed) {
  auto affineLoop = dyn_cast<AffineForOp>(loop);
  bool affine = affineLoop && isa<AffineWriteOpInterface>(store) &&
                isa<AffineReadOpInterface>(load);
  if (!affine) {
    assumed = true;
    return 1;
  }
  if (std::optional<std::optional<int64_t>> fixed =
          fixedElementDistance(affineLoop, store, load))
    return *fixed;
  unsigned depth = getNestingDepth(loop) + 1;
  MemRefAccess src(store), dst(load);
  SmallVector<DependenceComponent, 2> components;
  DependenceResult result =
      checkMemrefAccessDependence(src, dst, depth, nullptr, &components);
  if (!hasDependence(result) || components.size() < depth)
    return std::nullopt;
  return iterations(affineLoop, components[depth - 1].lb.value_or(1));
}

} // namespace

std::optional<int64_t> carriedDistance(Operation *loop, Operation *src,
                                       Operation *dst) {
  auto affineLoop = dyn_cast<AffineForOp>(loop);
  auto isAffine = [](Operation *op) {
    return isa<AffineReadOpInterface, AffineWriteOpInterface>(op);
  };
  if (!affineLoop || !isAffine(src) || !isAffine(dst))
    return 1;
  if (std::optional<std::optional<int64_t>> fixed =
          fixedElementDistance(affineLoop, src, dst))
    return *fixed;
  // The components of the loops around `loop` and of `loop`: the dependence
  // is carried by `loop` when the outer ones can be 0 (the same iteration
  // of the outer loops, one run of `loop`) and its own can be >= 1.
  unsigned depth = getNestingDepth(loop) + 1;
  MemRefAccess from(src), to(dst);
  SmallVector<DependenceComponent, 2> components;
  DependenceResult result =
      checkMemrefAccessDependence(from, to, depth, nullptr, &components);
  if (result.value == DependenceResult::Failure)
    return 1;
  if (!hasDependence(result) || components.size() < depth)
    return std::nullopt;
  for (unsigned outer = 0; outer + 1 < depth; ++outer) {
    const DependenceComponent &c = components[outer];
    if (c.lb.value_or(0) > 0 || c.ub.value_or(0) < 0)
      return std::nullopt;
  }
  const DependenceComponent &c = components[depth - 1];
  if (c.ub && *c.ub < 1)
    return std::nullopt;
  return iterations(affineLoop, c.lb.value_or(1));
}

namespace {
bool sameFixedElement(Operation *load, Operation *store, Operation *loop);
std::optional<int64_t> chainedCopies(Operation *load, Operation *store,
                                     Operation *loop);
std::optional<int64_t>
copiesUnder(Operation *op, Operation *loop,
            function_ref<bool(Operation *)> counts = nullptr);
int64_t saturatingProduct(int64_t a, int64_t b);
} // namespace

int64_t memoryRecurrenceMII(Operation *loop, const TargetModel &target,
                            std::vector<std::string> &notes) {
  SmallVector<Operation *> loads, stores;
  loop->walk([&](Operation *op) {
    if (isa<AffineReadOpInterface, memref::LoadOp>(op))
      loads.push_back(op);
    else if (isWrite(op))
      stores.push_back(op);
  });
  int64_t mii = 1;
  std::set<std::string> assumedArrays;
  // A pipelined loop that the rtl target flattens with the loops around
  // it: a dependence those loops carry comes back as many iterations later
  // as the inner loops run in between (BandDistance.cpp).
  SmallVector<AffineForOp> band;
  if (auto affineLoop = dyn_cast<AffineForOp>(loop);
      affineLoop && loop->hasAttr("pipeline_ii") && target.flattensNests &&
      target.statesInProgramOrder)
    band = flattenableBand(affineLoop);
  // The cycles from a load to the store its value reaches: a register's
  // bypass gives the next iteration's load the data in the store's cycle.
  auto loadStoreCycles = [&](Value memref, int64_t path, bool chain) {
    bool wire = target.registersAreWires && isRegisterArray(memref);
    return wire ? std::max<int64_t>(1, path + (chain ? 1 : 0))
                : target.loadLatency + path + (chain ? 1 : 0) +
                      target.storeLatency;
  };
  DenseMap<Value, int64_t> smallest;
  SmallVector<std::pair<Value, int64_t>> undistanced;
  for (Operation *store : stores)
    for (Operation *load : loads) {
      Value memref = memrefOf(store);
      if (memref != memrefOf(load))
        continue;
      // A buffer allocated inside the loop is new in every iteration.
      if (Operation *def = memref.getDefiningOp())
        if (loop->isProperAncestor(def))
          continue;
      // The value path first: it is cheap, and without one the dependence
      // (a system of constraints to solve) does not matter.
      DenseMap<Value, std::pair<int64_t, bool>> memo;
      bool chain = false;
      int64_t path =
          pathLatency(load->getResult(0), store, loop, target, chain, memo);
      if (path < 0)
        continue;
      // One element accumulated inside loops a pipeline unrolls (a sum
      // whose loop was split and unrolled, a convolution's window under its
      // pipelined column): the copies chain on it one after another in
      // every iteration, so the recurrence runs through all of them, as
      // unrolledChainStep counts the iteration's depth. The element may
      // change from one iteration to the next: a flattened band brings it
      // back some iterations later (a convolution's output, accumulated
      // over the input channels around the band's rows).
      if (loop->hasAttr("pipeline_ii") &&
          load->getBlock() == store->getBlock() && load->getParentOp() != loop)
        if (std::optional<int64_t> copies = chainedCopies(load, store, loop))
          path = saturatingProduct(path, *copies);
      bool assumed = false;
      std::optional<int64_t> d = band.size() > 1 &&
                                         isa<AffineWriteOpInterface>(store) &&
                                         isa<AffineReadOpInterface>(load)
                                     ? bandCarriedDistance(band, store, load)
                                     : distance(loop, store, load, assumed);
      if (!d) {
        if (target.oneDistancePerMemory)
          undistanced.push_back({memref, loadStoreCycles(memref, path, chain)});
        continue;
      }
      if (auto [it, added] = smallest.try_emplace(memref, *d); !added)
        it->second = std::min(it->second, *d);
      if (assumed)
        assumedArrays.insert(arrayName(memref));
      mii = std::max<int64_t>(
          mii, llvm::divideCeil(loadStoreCycles(memref, path, chain), *d));
    }
  // A load and a store without a dependence of their own, of a memory with
  // one (oneDistancePerMemory), kept apart by that memory's distance.
  for (auto [memref, cycle] : undistanced)
    if (int64_t d = smallest.lookup(memref))
      mii = std::max<int64_t>(mii, llvm::divideCeil(cycle, d));
  for (const std::string &name : assumedArrays)
    notes.push_back(name + " is read and written through indices the "
                           "dependence analysis cannot see (data-dependent, "
                           "or an scf loop's): dependence distance 1 assumed "
                           "(RecMII)");
  return mii;
}

namespace {

/// Whether `v` is the same in every iteration of `loop` and of the loops in
/// it: defined outside its body.
bool invariantIn(Value v, Operation *loop) {
  return !loop->getRegion(0).isAncestor(v.getParentRegion());
}

/// The index operands of `load` and `store` when they index the same way
/// (one map, the same operands).
std::optional<SmallVector<Value>> sharedIndices(Operation *load,
                                                Operation *store) {
  if (!isa<AffineReadOpInterface>(load) || !isa<AffineWriteOpInterface>(store))
    return std::nullopt;
  AffineValueMap loadMap, storeMap;
  MemRefAccess(load).getAccessMap(&loadMap);
  MemRefAccess(store).getAccessMap(&storeMap);
  if (loadMap.getAffineMap() != storeMap.getAffineMap() ||
      loadMap.getOperands() != storeMap.getOperands())
    return std::nullopt;
  return SmallVector<Value>(loadMap.getOperands());
}

/// Whether `load` and `store` access one element in every iteration of
/// `loop` and of the loops in it (sum[0], C[i, j] inside a loop over k).
bool sameFixedElement(Operation *load, Operation *store, Operation *loop) {
  std::optional<SmallVector<Value>> indices = sharedIndices(load, store);
  return indices &&
         llvm::all_of(*indices, [&](Value v) { return invariantIn(v, loop); });
}

/// How many copies of `load` and `store` chain on one element in each
/// iteration of `loop`: the iterations of the loops between them and `loop`
/// (which a pipeline unrolls) whose variables their indices do not use.
/// The loops whose variables they use make other elements, other chains.
/// None when they index differently or a loop has no constant trip count.
std::optional<int64_t> chainedCopies(Operation *load, Operation *store,
                                     Operation *loop) {
  std::optional<SmallVector<Value>> indices = sharedIndices(load, store);
  if (!indices)
    return std::nullopt;
  return copiesUnder(load, loop, [&](Operation *p) {
    return llvm::all_of(*indices, [&](Value v) { return invariantIn(v, p); });
  });
}

/// a * b, or the largest int64_t where it overflows.
int64_t saturatingProduct(int64_t a, int64_t b) {
  int64_t r;
  return llvm::MulOverflow(a, b, r) ? std::numeric_limits<int64_t>::max() : r;
}

/// The iterations of the loops between `op` and `loop` (both excluded) that
/// `counts` accepts (all without it); none when one has no constant trip
/// count.
std::optional<int64_t> copiesUnder(Operation *op, Operation *loop,
                                   function_ref<bool(Operation *)> counts) {
  int64_t copies = 1;
  for (Operation *p = op->getParentOp(); p != loop; p = p->getParentOp()) {
    if (!isEstimatedLoop(p) || (counts && !counts(p)))
      continue;
    std::optional<int64_t> trips = tripCountOf(p).exact;
    if (!trips)
      return std::nullopt;
    copies = saturatingProduct(copies, *trips);
  }
  return copies;
}

} // namespace

int64_t unrolledChainStep(Operation *loop, const TargetModel &target) {
  SmallVector<Operation *> loads, stores;
  loop->walk([&](Operation *op) {
    if (isa<AffineReadOpInterface>(op))
      loads.push_back(op);
    else if (isa<AffineWriteOpInterface>(op))
      stores.push_back(op);
  });
  int64_t step = 0;
  for (Operation *store : stores)
    for (Operation *load : loads) {
      if (load->getBlock() != store->getBlock() ||
          memrefOf(load) != memrefOf(store) ||
          !sameFixedElement(load, store, loop) ||
          !invariantIn(memrefOf(load), loop))
        continue;
      DenseMap<Value, std::pair<int64_t, bool>> memo;
      bool chain = false;
      int64_t path =
          pathLatency(load->getResult(0), store, loop, target, chain, memo);
      std::optional<int64_t> copies = copiesUnder(load, loop);
      if (path > 0 && copies)
        step = std::max(step, saturatingProduct(path, *copies));
    }
  return step;
}

namespace {

/// Ready times of the values computed in `block` from the values already in
/// `ready` (a path that does not start there is not followed). An operation
/// with regions gives its results when its operands and the values its
/// regions yield are ready.
void propagate(Block &block, const TargetModel &target,
               DenseMap<Value, int64_t> &ready) {
  for (Operation &op : block) {
    int64_t start = -1;
    for (Value v : op.getOperands())
      if (auto it = ready.find(v); it != ready.end())
        start = std::max(start, it->second);
    if (op.getNumRegions()) {
      for (Region &region : op.getRegions())
        for (Block &inner : region) {
          propagate(inner, target, ready);
          if (inner.mightHaveTerminator())
            for (Value v : inner.getTerminator()->getOperands())
              if (auto it = ready.find(v); it != ready.end())
                start = std::max(start, it->second);
        }
      if (start >= 0)
        for (Value r : op.getResults())
          ready[r] = start;
      continue;
    }
    if (start < 0)
      continue;
    int64_t own = isa<AffineReadOpInterface>(op) ? loadLatencyOf(target, &op)
                                                 : latencyOf(target, &op);
    for (Value r : op.getResults())
      ready[r] = start + own;
  }
}

/// The longest path from `from` to any of `to` through `block`; 0 when
/// none reaches.
int64_t longestPath(Block &block, ValueRange from, ValueRange to,
                    const TargetModel &target) {
  DenseMap<Value, int64_t> ready;
  for (Value v : from)
    ready[v] = 0;
  propagate(block, target, ready);
  int64_t best = 0;
  for (Value v : to)
    if (auto it = ready.find(v); it != ready.end())
      best = std::max(best, it->second);
  return best;
}

} // namespace

int64_t carriedRecurrenceMII(Operation *loop, const TargetModel &target) {
  int64_t cycle = 0;
  if (auto w = dyn_cast<scf::WhileOp>(loop)) {
    // Around the loop: the condition from the carried values (the next
    // iteration waits for the exit test), then the next values.
    scf::ConditionOp condition = w.getConditionOp();
    cycle = longestPath(*w.getBeforeBody(), w.getBeforeArguments(),
                        condition->getOperands(), target) +
            longestPath(*w.getAfterBody(), w.getAfterArguments(),
                        w.getYieldOp()->getOperands(), target);
  } else {
    Block &body = loop->getRegion(0).front();
    auto iterArgs = isa<AffineForOp>(loop)
                        ? cast<AffineForOp>(loop).getRegionIterArgs()
                        : cast<scf::ForOp>(loop).getRegionIterArgs();
    if (!iterArgs.empty())
      cycle = longestPath(body, iterArgs, body.getTerminator()->getOperands(),
                          target);
  }
  return std::max<int64_t>(1, cycle);
}

} // namespace hcl
