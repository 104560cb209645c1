//===- FuseEpilogues.cpp - elementwise stages as a reduction's epilogue ---===//
//
// An imported convolution is followed by elementwise stages (BatchNorm, ReLU,
// a residual Add): each a pass over the whole output, reading what the stage
// before wrote and writing a new array. On ResNet-20 they took 9% of the
// time, more than their arithmetic needs. A reduction stage computes its
// output in blocks: after the reduction loops, one iteration of the loop
// around them has finished its block (the register block of the CPU
// schedule, or one element without a schedule). The elementwise stages'
// bodies are moved there, after the reduction loops, in a copy of the
// block's loops: each element is read back while it is still in a register
// or the L1 cache, and an intermediate array that nothing else reads is
// never written (its value goes straight to the next operation). Every
// element goes through the same float operations in the same order as
// before, so the results do not change.
//
//===----------------------------------------------------------------------===//

#include "CpuLoops.h"

#include "hcl/Conversion/Passes.h"

#include "mlir/Dialect/Affine/Analysis/LoopAnalysis.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/Debug.h"

namespace hcl {
#define GEN_PASS_DEF_FUSEEPILOGUES
#include "hcl/Conversion/Passes.h.inc"
} // namespace hcl

#define DEBUG_TYPE "hcl-fuse-epilogues"

using namespace mlir;
using namespace mlir::affine;

namespace {

/// Stages after a producer that the fusion looks at: enough for a residual
/// block's shortcut, and it keeps the pass linear in the model.
constexpr unsigned kMaxLookahead = 16;

/// Outputs above this many elements are not checked element by element.
constexpr int64_t kMaxCheckedElements = int64_t(1) << 22;

bool isReduction(AffineForOp loop) { return loop->hasAttr("reduction"); }

/// The array `memref` is a view of, or `memref` itself.
Value bufferRoot(Value memref) {
  while (auto view = memref.getDefiningOp<ViewLikeOpInterface>())
    memref = view.getViewSource();
  return memref;
}

/// Whether `memref` is an array itself (an allocation, a global, an
/// argument) rather than a view whose indices may name other elements.
bool isArray(Value memref) {
  Operation *def = memref.getDefiningOp();
  return !def ||
         isa<memref::AllocOp, memref::AllocaOp, memref::GetGlobalOp>(def);
}

/// The body's one loop when it holds exactly one operation besides its
/// terminator, and that is a loop.
AffineForOp onlyLoop(AffineForOp loop) {
  Block *body = loop.getBody();
  if (!llvm::hasNItems(body->without_terminator(), 1))
    return {};
  return dyn_cast<AffineForOp>(body->front());
}

/// What a stage reads and writes (by array), and whether it may touch
/// memory in a way not listed.
struct Accesses {
  DenseSet<Value> reads, writes;
  bool unknown = false;
};

Accesses accessesOf(Operation *root) {
  Accesses a;
  root->walk([&](Operation *op) {
    // An array reached through something other than a view-like operation
    // (a transpose) could be any array.
    for (Value operand : op->getOperands())
      if (isa<MemRefType>(operand.getType()) && !isArray(bufferRoot(operand)))
        a.unknown = true;
    if (auto read = dyn_cast<AffineReadOpInterface>(op))
      a.reads.insert(bufferRoot(read.getMemRef()));
    else if (auto write = dyn_cast<AffineWriteOpInterface>(op))
      a.writes.insert(bufferRoot(write.getMemRef()));
    else if (auto load = dyn_cast<memref::LoadOp>(op))
      a.reads.insert(bufferRoot(load.getMemRef()));
    else if (auto store = dyn_cast<memref::StoreOp>(op))
      a.writes.insert(bufferRoot(store.getMemRef()));
    else if (!isa<AffineForOp, AffineYieldOp, memref::GetGlobalOp,
                  memref::AllocOp, memref::AllocaOp>(op) &&
             !isMemoryEffectFree(op))
      a.unknown = true;
  });
  return a;
}

bool intersects(const DenseSet<Value> &a, const DenseSet<Value> &b) {
  return llvm::any_of(a, [&](Value v) { return b.contains(v); });
}

/// Whether `later` may run before `earlier` (neither writes what the other
/// reads or writes).
bool independent(const Accesses &earlier, const Accesses &later) {
  return !earlier.unknown && !later.unknown &&
         !intersects(later.writes, earlier.reads) &&
         !intersects(later.writes, earlier.writes) &&
         !intersects(later.reads, earlier.writes);
}

int64_t evaluate(AffineExpr expr, ArrayRef<int64_t> dims) {
  if (auto dim = dyn_cast<AffineDimExpr>(expr))
    return dims[dim.getPosition()];
  if (auto constant = dyn_cast<AffineConstantExpr>(expr))
    return constant.getValue();
  auto binary = cast<AffineBinaryOpExpr>(expr);
  int64_t l = evaluate(binary.getLHS(), dims);
  int64_t r = evaluate(binary.getRHS(), dims);
  switch (expr.getKind()) {
  case AffineExprKind::Add:
    return l + r;
  case AffineExprKind::Mul:
    return l * r;
  case AffineExprKind::FloorDiv:
    return llvm::divideFloorSigned(l, r);
  case AffineExprKind::CeilDiv:
    return llvm::divideCeilSigned(l, r);
  case AffineExprKind::Mod:
    return llvm::mod(l, r);
  default:
    llvm_unreachable("symbols are refused before");
  }
}

/// An index of the output as a function of the loop variables: for an
/// expression without division or remainder, its coefficients (evaluated
/// as a dot product: a model's outputs have hundreds of thousands of
/// elements to check), else the expression itself.
struct IndexFunction {
  AffineExpr expr;
  bool linear = true;
  SmallVector<int64_t> coefficients;
  int64_t constant = 0;

  IndexFunction(AffineExpr e, unsigned numDims) : expr(e) {
    e.walk([&](AffineExpr sub) {
      linear &= sub.getKind() != AffineExprKind::FloorDiv &&
                sub.getKind() != AffineExprKind::CeilDiv &&
                sub.getKind() != AffineExprKind::Mod;
    });
    if (!linear)
      return;
    SmallVector<int64_t> point(numDims, 0);
    constant = evaluate(e, point);
    for (unsigned d = 0; d < numDims; ++d) {
      point[d] = 1;
      coefficients.push_back(evaluate(e, point) - constant);
      point[d] = 0;
    }
  }

  int64_t operator()(ArrayRef<int64_t> dims) const {
    if (!linear)
      return evaluate(expr, dims);
    int64_t value = constant;
    for (auto [c, d] : llvm::zip(coefficients, dims))
      value += c * d;
    return value;
  }
};

/// A reduction stage whose output is finished block by block: one
/// iteration of the loop around its reduction loops completes the elements
/// the loops inside them (the block) write.
struct Producer {
  AffineForOp stage, reduction;
  SmallVector<AffineForOp> block;
  AffineStoreOp store;
};

/// Whether every write of `output` in `stage` other than `store` is done
/// before the loop nest of `store` starts (an initialization).
bool othersWriteBefore(AffineForOp stage, Value output, AffineStoreOp store,
                       AffineForOp reduction) {
  bool before = true;
  stage.walk([&](AffineWriteOpInterface write) {
    if (write == store.getOperation())
      return;
    if (bufferRoot(write.getMemRef()) != output) {
      before = false;
      return;
    }
    for (Operation *op = write; op != stage; op = op->getParentOp()) {
      Operation *nest = op->getBlock()->findAncestorOpInBlock(*reduction);
      if (!nest || nest == op)
        continue;
      before &= op->isBeforeInBlock(nest);
      return;
    }
    before = false;
  });
  return before;
}

/// Whether the iterations around and in the block write each element of
/// the output exactly once.
bool writesEachElementOnce(Producer p, MemRefType type) {
  SmallVector<AffineForOp> loops;
  for (Operation *op = p.reduction->getParentOp(); op != p.stage->getParentOp();
       op = op->getParentOp())
    if (auto loop = dyn_cast<AffineForOp>(op))
      loops.insert(loops.begin(), loop);
  loops.append(p.block);
  int64_t elements = type.getNumElements();
  if (elements > kMaxCheckedElements)
    return false;
  SmallVector<int64_t> lower, upper, step;
  int64_t iterations = 1;
  for (AffineForOp loop : loops) {
    if (!loop.hasConstantBounds())
      return false;
    lower.push_back(loop.getConstantLowerBound());
    upper.push_back(loop.getConstantUpperBound());
    step.push_back(loop.getStepAsInt());
    std::optional<uint64_t> trips = getConstantTripCount(loop);
    if (!trips)
      return false;
    iterations *= int64_t(*trips);
  }
  if (iterations != elements)
    return false;
  // The store's operands as positions among `loops`.
  AffineMap map = p.store.getAffineMap();
  if (map.getNumSymbols() != 0)
    return false;
  SmallVector<unsigned> position;
  for (Value operand : p.store.getMapOperands()) {
    auto it = llvm::find_if(loops, [&](AffineForOp loop) {
      return loop.getInductionVar() == operand;
    });
    if (it == loops.end())
      return false;
    position.push_back(it - loops.begin());
  }
  ArrayRef<int64_t> shape = type.getShape();
  SmallVector<IndexFunction> index;
  for (AffineExpr expr : map.getResults())
    index.emplace_back(expr, map.getNumDims());
  std::vector<bool> seen(elements, false);
  SmallVector<int64_t> iv(lower), dims(position.size());
  for (int64_t n = 0; n < iterations; ++n) {
    for (auto [d, pos] : llvm::enumerate(position))
      dims[d] = iv[pos];
    int64_t linear = 0;
    for (auto [k, f] : llvm::enumerate(index)) {
      int64_t i = f(dims);
      if (i < 0 || i >= shape[k])
        return false;
      linear = linear * shape[k] + i;
    }
    if (seen[linear])
      return false;
    seen[linear] = true;
    for (size_t d = iv.size(); d-- > 0;) {
      iv[d] += step[d];
      if (iv[d] < upper[d])
        break;
      iv[d] = lower[d];
    }
  }
  return true;
}

std::optional<Producer> producer(AffineForOp stage) {
  SmallVector<AffineForOp> outermost;
  bool refused = false;
  stage.walk([&](Operation *op) {
    if (isa<AffineIfOp>(op) ||
        (op->getNumRegions() > 0 && !isa<AffineForOp>(op)))
      refused = true;
    auto loop = dyn_cast<AffineForOp>(op);
    if (!loop || !isReduction(loop))
      return;
    auto parent = dyn_cast<AffineForOp>(loop->getParentOp());
    if (!parent || !isReduction(parent))
      outermost.push_back(loop);
  });
  if (refused || outermost.size() != 1 ||
      !isa<AffineForOp>(outermost[0]->getParentOp()) ||
      isReduction(cast<AffineForOp>(outermost[0]->getParentOp())))
    return std::nullopt;
  Producer p{stage, outermost[0], {}, {}};
  AffineForOp loop = p.reduction;
  while (AffineForOp inner = onlyLoop(loop)) {
    if (isReduction(inner) && !p.block.empty())
      return std::nullopt;
    if (!isReduction(inner))
      p.block.push_back(inner);
    loop = inner;
  }
  Block *body = loop.getBody();
  for (Operation &op : body->without_terminator()) {
    if (isa<AffineForOp>(op))
      return std::nullopt;
    if (auto store = dyn_cast<AffineStoreOp>(op)) {
      if (p.store)
        return std::nullopt;
      p.store = store;
    }
  }
  if (!p.store)
    return std::nullopt;
  Value output = bufferRoot(p.store.getMemRef());
  if (output != p.store.getMemRef() ||
      !othersWriteBefore(stage, output, p.store, p.reduction) ||
      accessesOf(stage).unknown ||
      !writesEachElementOnce(p, cast<MemRefType>(output.getType())))
    return std::nullopt;
  return p;
}

/// Where fused stages go in a producer: after its reduction loops, in a copy
/// of its block loops; `index` is the output element of the iteration, and
/// `outputs` the arrays written at that element.
struct Epilogue {
  Producer producer;
  Operation *anchor = nullptr;
  SmallVector<Value> index;
  SmallVector<Value> outputs;
};

Epilogue makeEpilogue(Producer p) {
  Epilogue e{p, nullptr, {}, {p.store.getMemRef()}};
  OpBuilder b(p.reduction->getBlock(), std::next(p.reduction->getIterator()));
  IRMapping mapping;
  if (p.block.empty()) {
    e.anchor = p.reduction->getNextNode();
  } else {
    Operation *copy = b.clone(*p.block.front(), mapping);
    auto innermost = cast<AffineForOp>(copy);
    while (AffineForOp inner = onlyLoop(innermost))
      innermost = inner;
    Block *body = innermost.getBody();
    while (&body->front() != body->getTerminator())
      body->getTerminator()->getPrevNode()->erase();
    e.anchor = body->getTerminator();
    // Each iteration reads and writes its own element (the reduction
    // writes each once: writesEachElementOnce).
    copy->walk([&](AffineForOp loop) {
      if (auto name = loop->getAttrOfType<StringAttr>("loop_name"))
        loop->setAttr("loop_name",
                      b.getStringAttr(name.getValue() + ".epilogue"));
      loop->setAttr(hcl::kIndependentIterations, b.getUnitAttr());
    });
  }
  b.setInsertionPoint(e.anchor);
  AffineMap map = p.store.getAffineMap();
  SmallVector<Value> operands;
  for (Value operand : p.store.getMapOperands())
    operands.push_back(mapping.lookupOrDefault(operand));
  for (unsigned k = 0; k < map.getNumResults(); ++k)
    e.index.push_back(AffineApplyOp::create(b, p.store.getLoc(),
                                            map.getSubMap({k}), operands));
  return e;
}

/// The elementwise stage `stage` over the epilogue's output shape: its
/// innermost body and loops, when it can run in the epilogue.
struct Elementwise {
  SmallVector<AffineForOp> loops;
  AffineStoreOp store;
};

/// Whether `read` reads its array at the element of `loops`' iteration: each
/// index that loop's variable, or 0 along a dimension of one element.
bool readsSameElement(AffineLoadOp read, MutableArrayRef<AffineForOp> loops) {
  AffineMap map = read.getAffineMap();
  if (map.getNumResults() != loops.size() || map.getNumSymbols() != 0)
    return false;
  auto shape = cast<MemRefType>(read.getMemRef().getType()).getShape();
  for (auto [k, expr] : llvm::enumerate(map.getResults())) {
    if (auto dim = dyn_cast<AffineDimExpr>(expr)) {
      if (read.getMapOperands()[dim.getPosition()] !=
          loops[k].getInductionVar())
        return false;
    } else if (auto constant = dyn_cast<AffineConstantExpr>(expr)) {
      if (constant.getValue() != 0 || shape[k] != 1)
        return false;
    } else {
      return false;
    }
  }
  return true;
}

std::optional<Elementwise> elementwise(AffineForOp stage, MemRefType type,
                                       const DenseSet<Value> &producerWrites) {
  if (!stage->hasAttr("stage_name"))
    return std::nullopt;
  Elementwise w;
  for (AffineForOp loop = stage; loop; loop = onlyLoop(loop)) {
    if (isReduction(loop) || !loop.hasConstantBounds() ||
        loop.getConstantLowerBound() != 0 || loop.getStepAsInt() != 1)
      return std::nullopt;
    w.loops.push_back(loop);
  }
  if (w.loops.size() != size_t(type.getRank()))
    return std::nullopt;
  for (auto [loop, size] : llvm::zip(w.loops, type.getShape()))
    if (loop.getConstantUpperBound() != size)
      return std::nullopt;
  bool readsOutput = false;
  for (Operation &op : w.loops.back().getBody()->without_terminator()) {
    if (op.getNumRegions() > 0)
      return std::nullopt;
    for (Value operand : op.getOperands())
      if (!stage->isAncestor(operand.getParentRegion()->getParentOp()) &&
          operand.getParentRegion() != stage->getParentRegion())
        return std::nullopt;
    if (auto store = dyn_cast<AffineStoreOp>(op)) {
      if (w.store)
        return std::nullopt;
      w.store = store;
      continue;
    }
    if (auto read = dyn_cast<AffineLoadOp>(op)) {
      Value array = bufferRoot(read.getMemRef());
      if (!isArray(array))
        return std::nullopt;
      if (producerWrites.contains(array)) {
        // Through a view (a transpose, a reshape) the same indices may be
        // another element.
        if (read.getMemRef() != array || !readsSameElement(read, w.loops))
          return std::nullopt;
        readsOutput = true;
      }
      continue;
    }
    if (!isMemoryEffectFree(&op))
      return std::nullopt;
  }
  if (!readsOutput || !w.store)
    return std::nullopt;
  Value written = w.store.getMemRef();
  auto writtenType = cast<MemRefType>(written.getType());
  if (bufferRoot(written) != written ||
      writtenType.getShape() != type.getShape() ||
      producerWrites.contains(written) || !w.store.getAffineMap().isIdentity())
    return std::nullopt;
  for (auto [operand, loop] : llvm::zip(w.store.getMapOperands(), w.loops))
    if (operand != loop.getInductionVar())
      return std::nullopt;
  return w;
}

/// Moves the stage's body into the epilogue, then erases the stage.
void fuse(Epilogue &e, AffineForOp stage, Elementwise w) {
  OpBuilder b(e.anchor);
  IRMapping mapping;
  for (auto [loop, index] : llvm::zip(w.loops, e.index))
    mapping.map(loop.getInductionVar(), index);
  AffineMap identity = b.getMultiDimIdentityMap(e.index.size());
  for (Operation &op : w.loops.back().getBody()->without_terminator()) {
    auto read = dyn_cast<AffineLoadOp>(&op);
    if (read && llvm::is_contained(e.outputs, read.getMemRef())) {
      // Written at the same element: read with the same indices, so that
      // the value can be passed on directly.
      mapping.map(read.getResult(),
                  AffineLoadOp::create(b, read.getLoc(), read.getMemRef(),
                                       identity, e.index));
      continue;
    }
    b.clone(op, mapping);
  }
  e.outputs.push_back(w.store.getMemRef());
  stage->erase();
}

/// Whether `op`, defined at the function's top level, may move before the
/// producer: a stage independent of it, or a buffer or constant.
bool movable(Operation *op, const Accesses &producer) {
  if (isa<memref::AllocOp, memref::AllocaOp, memref::GetGlobalOp>(op) ||
      (op->getNumRegions() == 0 && isMemoryEffectFree(op)))
    return llvm::all_of(op->getOperands(), [&](Value v) {
      return isa<BlockArgument>(v) &&
             cast<BlockArgument>(v).getOwner()->isEntryBlock();
    });
  return isa<AffineForOp>(op) && independent(producer, accessesOf(op));
}

/// Writes at the epilogue's element of an array that only the epilogue
/// reads, after the write and at the same element, become the written value.
void forwardIntermediates(Epilogue &e) {
  Block *block = e.anchor->getBlock();
  for (Value array : ArrayRef(e.outputs).drop_front()) {
    if (!array.getDefiningOp<memref::AllocOp>() &&
        !array.getDefiningOp<memref::AllocaOp>())
      continue;
    AffineStoreOp store;
    SmallVector<AffineLoadOp> reads;
    SmallVector<Operation *> frees;
    bool local = true;
    for (Operation *user : array.getUsers()) {
      if (isa<memref::DeallocOp>(user)) {
        frees.push_back(user);
      } else if (auto s = dyn_cast<AffineStoreOp>(user);
                 s && s->getBlock() == block && !store) {
        store = s;
      } else if (auto l = dyn_cast<AffineLoadOp>(user);
                 l && l->getBlock() == block) {
        reads.push_back(l);
      } else {
        local = false;
      }
    }
    if (!local || !store)
      continue;
    bool same = llvm::all_of(reads, [&](AffineLoadOp l) {
      return store->isBeforeInBlock(l) &&
             l.getAffineMap() == store.getAffineMap() &&
             l.getMapOperands() == store.getMapOperands();
    });
    if (!same)
      continue;
    for (AffineLoadOp l : reads) {
      l.getResult().replaceAllUsesWith(store.getValueToStore());
      l->erase();
    }
    store->erase();
    for (Operation *free : frees)
      free->erase();
    array.getDefiningOp()->erase();
  }
}

/// Fuses what follows `stage` into it; returns where to continue.
Operation *fuseAfter(AffineForOp stage, DenseMap<Operation *, Epilogue> &all) {
  auto it = all.find(stage);
  std::optional<Producer> p;
  if (it == all.end() && !(p = producer(stage)))
    return stage->getNextNode();
  Value output = p ? p->store.getMemRef() : it->second.outputs.front();
  auto type = cast<MemRefType>(output.getType());
  Operation *firstMoved = nullptr;
  SmallVector<Operation *> pending;
  unsigned looked = 0;
  for (Operation *op = stage->getNextNode(); op && looked < kMaxLookahead;
       ++looked) {
    Operation *after = op->getNextNode();
    Accesses mine = accessesOf(stage);
    auto candidate = dyn_cast<AffineForOp>(op);
    std::optional<Elementwise> w;
    if (candidate)
      w = elementwise(candidate, type, mine.writes);
    if (w) {
      Value written = w->store.getMemRef();
      if (accessesOf(op).unknown || mine.reads.contains(written) ||
          mine.writes.contains(written))
        break;
      for (Operation *moved : pending)
        moved->moveBefore(stage);
      if (!pending.empty() && !firstMoved)
        firstMoved = pending.front();
      pending.clear();
      if (it == all.end())
        it = all.try_emplace(stage, makeEpilogue(*p)).first;
      LLVM_DEBUG(llvm::dbgs()
                 << DEBUG_TYPE ": " << candidate->getAttr("stage_name")
                 << " into " << stage->getAttr("stage_name") << "\n");
      fuse(it->second, candidate, *w);
      op = after;
      continue;
    }
    if (isa<func::ReturnOp>(op) || !movable(op, mine))
      break;
    pending.push_back(op);
    op = after;
  }
  return firstMoved ? firstMoved : stage->getNextNode();
}

struct FuseEpiloguesPass : hcl::impl::FuseEpiloguesBase<FuseEpiloguesPass> {
  void runOnOperation() override {
    for (auto function : getOperation().getOps<func::FuncOp>()) {
      if (function.isExternal())
        continue;
      DenseMap<Operation *, Epilogue> epilogues;
      Block &body = function.getBody().front();
      for (Operation *op = &body.front(); op;) {
        auto stage = dyn_cast<AffineForOp>(op);
        op = stage && stage->hasAttr("stage_name") ? fuseAfter(stage, epilogues)
                                                   : op->getNextNode();
      }
      // The epilogue's accesses index through affine.apply of the copied
      // loops: folded into their maps, the vectorizer sees plain accesses.
      llvm::SetVector<Operation *> fused;
      for (auto &entry : epilogues) {
        forwardIntermediates(entry.second);
        for (Value index : entry.second.index) {
          fused.insert(index.getDefiningOp());
          fused.insert_range(index.getUsers());
        }
      }
      RewritePatternSet patterns(&getContext());
      AffineApplyOp::getCanonicalizationPatterns(patterns, &getContext());
      AffineLoadOp::getCanonicalizationPatterns(patterns, &getContext());
      AffineStoreOp::getCanonicalizationPatterns(patterns, &getContext());
      (void)applyOpPatternsGreedily(fused.takeVector(), std::move(patterns));
    }
  }
};

} // namespace
