//===- BlockLatency.cpp - straight-line code and branches -----------------===//
//
// One pass over a block: its loops, branches and calls in sequence, and the
// chain of its other operations, each after what it uses, its memory port
// and (outside pipelines) the RTL controller's states in program order.
//
//===----------------------------------------------------------------------===//

#include "LatencyModel.h"
#include "LoopModel.h"

#include "hcl/Dialect/HCL/PartitionLayout.h"

#include "mlir/Dialect/Affine/Analysis/LoopAnalysis.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

#include <functional>

using namespace mlir;
using namespace mlir::affine;

namespace hcl {

/// The copies unrolling makes of the body of `op`: an affine loop's
/// constant trip count, 1 for anything else.
static int64_t unrolledCopies(Operation &op) {
  if (auto loop = dyn_cast<AffineForOp>(op))
    if (std::optional<uint64_t> trips = getConstantTripCount(loop))
      return static_cast<int64_t>(*trips);
  return 1;
}

/// Of the `copies` of the affine access `op` that the loops unrolled
/// between it and `scope` make, those that differ: the product of the
/// trip counts of the loops whose variables its indices use.
static int64_t distinctCopies(Operation &op, Operation *scope, int64_t copies) {
  int64_t distinct = 1;
  for (Operation *p = op.getParentOp(); p && p != scope; p = p->getParentOp()) {
    auto loop = dyn_cast<AffineForOp>(p);
    if (!loop)
      return copies;
    Value iv = loop.getInductionVar();
    if (llvm::any_of(op.getOperands(),
                     [&](Value v) { return usesValue(v, iv); }))
      distinct = satMul(distinct, unrolledCopies(*loop));
  }
  return std::min(distinct, copies);
}

/// Whether `scope` stores to `memref`.
static bool writtenIn(Value memref, Operation *scope) {
  return llvm::any_of(memref.getUsers(), [&](Operation *user) {
    return isa<AffineWriteOpInterface, memref::StoreOp>(user) &&
           scope->isProperAncestor(user) && memrefOfWrite(user) == memref;
  });
}

/// Whether a branch holds loops or calls (its latency then varies).
static bool holdsLoops(Region &region) {
  bool found = false;
  region.walk([&](Operation *op) {
    found |= isEstimatedLoop(op) || isa<func::CallOp>(op);
  });
  return found;
}

std::optional<Span>
LatencyModel::ifLatency(Operation *op, const std::string &path, bool unrolled) {
  std::optional<Span> branches[2] = {Span(), Span()};
  bool varies = false;
  for (auto [i, region] : llvm::enumerate(op->getRegions())) {
    if (region.empty())
      continue;
    branches[i] = blockLatency(region.front(), path, unrolled);
    if (!branches[i])
      return std::nullopt;
    varies |= isa<scf::IfOp>(op) && holdsLoops(region);
  }
  const Span &a = *branches[0], &b = *branches[1];
  Span s;
  s.hi = a.hi && b.hi ? std::optional<int64_t>(std::max(*a.hi, *b.hi))
                      : std::nullopt;
  s.lo = varies ? std::min(a.lo, b.lo) : std::max(a.lo, b.lo);
  return s;
}

bool LatencyModel::isInlined(Operation &op) {
  if (auto loop = dyn_cast<AffineForOp>(op)) {
    if (!loop.hasConstantBounds() || loop.getNumIterOperands() ||
        loop->hasAttr("pipeline_ii"))
      return false;
  } else if (!isa<AffineIfOp, scf::IfOp>(op)) {
    return false;
  }
  for (Region &region : op.getRegions())
    for (Operation &inner : region.getOps())
      if ((inner.getNumRegions() || isa<func::CallOp>(inner)) &&
          !isInlined(inner))
        return false;
  return true;
}

std::optional<Span> LatencyModel::blockLatency(Block &block,
                                               const std::string &path,
                                               bool unrolled) {
  Span loops = Span::exactly(0);
  DenseMap<Value, int64_t> ready;
  int64_t chain = 0;
  // `op` in the chain, not before `floor` (a predicated branch's
  // condition).
  // In a pipelined body, the accesses of an unpartitioned memory take
  // its ports in turn: the cycle from which `op` can have one.
  DenseMap<std::pair<Value, unsigned>, int64_t> portUses;
  DenseMap<Value, int64_t> lastStore;
  // In straight-line code outside a pipeline, a memory's accesses one a
  // cycle, in program order (a partitioned memory's banks are not told
  // apart).
  DenseMap<Value, int64_t> lastAccess;
  bool inSegments = !unrolled && target.statesInProgramOrder;
  auto inProgramOrder = [&](Value memref, int64_t start) {
    auto type = dyn_cast<MemRefType>(memref.getType());
    if (!type || hasPartitionLayout(type))
      return start;
    if (auto it = lastAccess.find(memref); it != lastAccess.end())
      start = std::max(start, it->second + 1);
    lastAccess[memref] = start;
    return start;
  };
  auto portCycle = [&](Operation &op, int64_t copies,
                       bool firstCopy) -> int64_t {
    bool isStore = isa<AffineWriteOpInterface, memref::StoreOp>(op);
    if (!isStore && !isa<AffineReadOpInterface, memref::LoadOp>(op))
      return 0;
    Value memref = isStore ? memrefOfWrite(&op) : memrefOfRead(&op);
    auto type = dyn_cast<MemRefType>(memref.getType());
    if (!type || hasPartitionLayout(type) || isRegisterArray(memref))
      return 0;
    bool local = isOnChipArray(memref);
    // A local element (an accumulator): its loads take what the
    // iteration stored, and only its last store is issued (store-to-load
    // forwarding, as the RTL and HLS tools do in straight-line code).
    if (local && type.getNumElements() == 1)
      return 0;
    int perCycle;
    bool separate = true;
    if (local && target.localReadPorts > 0) {
      perCycle =
          isStore ? std::max(1, target.localWritePorts) : target.localReadPorts;
    } else if (target.sharedPorts) {
      perCycle = sharedPortsOf(target, memref);
      separate = false;
    } else {
      perCycle = isStore ? target.writePorts : target.readPorts;
    }
    // The copies of an affine load that read one address of a memory the
    // iteration does not write are one load (the RTL reuses the data):
    // those of the unrolled loops whose variables its indices do not use.
    if (!isStore && isa<AffineReadOpInterface>(op) &&
        !writtenIn(memref, block.getParentOp()))
      copies = distinctCopies(op, block.getParentOp(), copies);
    // The last of the copies of an unrolled loop's access.
    int64_t &uses = portUses[{memref, separate && isStore ? 1u : 0u}];
    uses += copies;
    return (firstCopy ? uses - copies : uses - 1) / std::max(1, perCycle);
  };
  // `copies`: the iterations of the unrolled loops `op` is in.
  // `chained`: in an unrolled accumulation, whose copies wait for one
  // another (the first copy's port cycle then counts, the chain the rest).
  std::function<void(Operation &, int64_t, int64_t, bool)> place =
      [&](Operation &op, int64_t floor, int64_t copies, bool chained) {
        int64_t start = floor;
        for (Value v : op.getOperands())
          start = std::max(start, ready.lookup(v));
        if (isa<AffineIfOp, scf::IfOp, AffineForOp>(op)) {
          // An unrolled loop's copies side by side, but for an
          // accumulation's chain (unrolledChainStep): what its body
          // stores, and the chain, end that much later.
          int64_t extra = 0;
          if (isa<AffineForOp>(op))
            extra =
                satMul(unrolledCopies(op) - 1, unrolledChainStep(&op, target));
          int64_t outerChain = chain;
          DenseMap<Value, int64_t> storedBefore = lastStore;
          chain = 0;
          for (Region &region : op.getRegions())
            for (Operation &inner : region.getOps()) {
              place(inner, start, copies * unrolledCopies(op),
                    chained || extra > 0);
              if (inner.hasTrait<OpTrait::IsTerminator>())
                for (auto [result, yielded] :
                     llvm::zip(op.getResults(), inner.getOperands()))
                  ready[result] =
                      std::max(ready.lookup(result), ready.lookup(yielded));
            }
          if (extra > 0)
            for (auto &[memref, at] : lastStore)
              if (storedBefore.lookup(memref) != at ||
                  !storedBefore.count(memref))
                at += extra;
          chain = std::max(outerChain, chain + extra);
          return;
        }
        bool dataflow = unrolled && target.iterationAsDataflow;
        if (dataflow)
          start = std::max(start, portCycle(op, copies, chained));
        // A load after a store to its memory in the iteration waits for the
        // store (forwarded or through the memory): the value may be its.
        bool isLoad = isa<AffineReadOpInterface, memref::LoadOp>(op);
        bool isStore = isa<AffineWriteOpInterface, memref::StoreOp>(op);
        if (dataflow && isLoad)
          if (auto it = lastStore.find(memrefOfRead(&op));
              it != lastStore.end())
            start = std::max(start, it->second);
        if (dataflow && isStore)
          lastStore[memrefOfWrite(&op)] = start;
        if (inSegments && (isLoad || isStore))
          start = inProgramOrder(
              isLoad ? memrefOfRead(&op) : memrefOfWrite(&op), start);
        int64_t own = isa<AffineReadOpInterface, memref::LoadOp>(op)
                          ? loadLatencyOf(target, &op)
                      : isa<AffineWriteOpInterface, memref::StoreOp>(op)
                          ? target.storeLatency
                          : latencyOf(target, &op);
        for (Value r : op.getResults())
          ready[r] = start + own;
        // An operation occupies its cycle (rtl: a state), even one of
        // latency 0; constants and terminators are wires.
        bool occupies = !op.hasTrait<OpTrait::ConstantLike>() &&
                        !op.hasTrait<OpTrait::IsTerminator>();
        chain = std::max(
            chain,
            start + (occupies ? std::max<int64_t>(own, target.opCycles) : own));
      };
  // The RTL's controller (statesInProgramOrder) runs the straight-line
  // code between loops, branches and calls as states of its own, one run
  // after another; a loop's entry is the last state of the run before it,
  // and a block ends with a state (the return, or an outer loop's latch).
  bool straightLine = false;
  for (Operation &op : block) {
    std::optional<Span> nested;
    bool isNested = true;
    bool predicated = unrolled && target.iterationAsDataflow && isInlined(op);
    if (predicated && isEstimatedLoop(&op)) {
      // Its own entries in the loop table; its copies join the chain.
      if (!loopLatency(&op, path, unrolled))
        return std::nullopt;
      place(op, 0, 1, false);
      continue;
    }
    if (isEstimatedLoop(&op))
      nested = loopLatency(&op, path, unrolled);
    else if (isa<AffineIfOp, scf::IfOp>(op) && !predicated)
      nested = ifLatency(&op, path, unrolled);
    else if (auto call = dyn_cast<func::CallOp>(op); call && calleeOf(call))
      nested = callLatency(call, path, unrolled);
    else
      isNested = false;
    if (isNested) {
      if (!nested)
        return std::nullopt;
      if (inSegments) {
        loops += Span::exactly(chain);
        chain = 0;
        ready.clear();
        lastAccess.clear();
        if (straightLine && isa<AffineForOp, scf::ForOp>(op))
          nested->shorten(target.loopEntryCycles);
      }
      computed[&op] = *nested;
      loops += *nested;
      straightLine = false;
      continue;
    }
    straightLine |= !op.hasTrait<OpTrait::ConstantLike>() &&
                    !op.hasTrait<OpTrait::IsTerminator>();
    place(op, 0, 1, false);
  }
  loops += Span::exactly(
      inSegments ? std::max<int64_t>(chain, target.blockTailCycles) : chain);
  return loops;
}

} // namespace hcl
