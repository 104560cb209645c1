//===- LocalAccumulator.cpp - reductions into a local, stored once --------===//
//
// The front end accumulates a sum in place (`B[i][j] = 0; for k: B[i][j] +=
// ...`), as the HeteroCL memory-optimization paper's gemm does so that reorder
// can move the reduction loops. A stream, and any memory whose every access
// costs a port, wants one write per element instead: the accumulation moves to
// a local and the element is written once after the reduction loops.
//
//===----------------------------------------------------------------------===//

#include "hcl/Transforms/LocalAccumulator.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace mlir::affine;

namespace hcl {

namespace {

AffineMap zeroMap(OpBuilder &b) {
  return AffineMap::get(0, 0, b.getAffineConstantExpr(0));
}

bool sameElement(AffineStoreOp init, AffineMap map, ValueRange operands) {
  return map == init.getAffineMap() &&
         llvm::equal(operands, init.getMapOperands());
}

/// The accesses of `buffer` in `loop`, when all of them are to the element
/// `init` writes and the element's indices do not change inside the loop.
std::optional<SmallVector<Operation *>>
accumulation(AffineForOp loop, AffineStoreOp init, Value buffer) {
  for (Value v : init.getMapOperands())
    if (loop->isAncestor(v.getParentBlock()->getParentOp()))
      return std::nullopt;
  SmallVector<Operation *> accesses;
  bool ok = true;
  loop->walk([&](Operation *op) {
    if (!llvm::is_contained(op->getOperands(), buffer))
      return;
    if (auto load = dyn_cast<AffineLoadOp>(op))
      ok &= sameElement(init, load.getAffineMap(), load.getMapOperands());
    else if (auto store = dyn_cast<AffineStoreOp>(op))
      ok &= store.getMemRef() == buffer &&
            sameElement(init, store.getAffineMap(), store.getMapOperands());
    else
      ok = false;
    accesses.push_back(op);
  });
  if (!ok || accesses.empty())
    return std::nullopt;
  return accesses;
}

/// A one-element local holding `initial`, made before `before`.
Value makeLocal(Operation *before, Value initial) {
  OpBuilder b(before);
  Location loc = before->getLoc();
  // A program without memref operations has not loaded the dialect.
  before->getContext()->getOrLoadDialect<memref::MemRefDialect>();
  auto local =
      memref::AllocaOp::create(b, loc, MemRefType::get({1}, initial.getType()));
  local->setAttr("name", b.getStringAttr("acc"));
  AffineStoreOp::create(b, loc, initial, local, zeroMap(b), ValueRange{});
  return local;
}

/// `accesses` (of one element) read and write `local` instead.
void redirect(ArrayRef<Operation *> accesses, Value local) {
  for (Operation *op : accesses) {
    OpBuilder at(op);
    if (auto load = dyn_cast<AffineLoadOp>(op)) {
      auto replacement = AffineLoadOp::create(at, op->getLoc(), local,
                                              zeroMap(at), ValueRange{});
      load.getResult().replaceAllUsesWith(replacement.getResult());
    } else {
      auto store = cast<AffineStoreOp>(op);
      AffineStoreOp::create(at, op->getLoc(), store.getValueToStore(), local,
                            zeroMap(at), ValueRange{});
    }
    op->erase();
  }
}

void localize(AffineStoreOp init, AffineForOp loop,
              ArrayRef<Operation *> accesses) {
  OpBuilder b(init);
  Location loc = init.getLoc();
  Value local = makeLocal(init, init.getValueToStore());
  redirect(accesses, local);
  b.setInsertionPointAfter(loop);
  Value sum = AffineLoadOp::create(b, loc, local, zeroMap(b), ValueRange{});
  auto final =
      AffineStoreOp::create(b, loc, sum, init.getMemRef(), init.getAffineMap(),
                            init.getMapOperands());
  final->setDiscardableAttrs(init->getDiscardableAttrDictionary());
  init.erase();
}

} // namespace

unsigned localizeLoopInvariantElements(Operation *root, Value buffer) {
  unsigned rewritten = 0;
  root->walk<WalkOrder::PreOrder>([&](AffineForOp loop) {
    SmallVector<Operation *> accesses;
    bool ok = true, stores = false;
    loop->walk([&](Operation *op) {
      if (llvm::is_contained(op->getOperands(), buffer)) {
        accesses.push_back(op);
        stores |= isa<AffineStoreOp>(op);
        ok &= isa<AffineLoadOp>(op) ||
              (isa<AffineStoreOp>(op) &&
               cast<AffineStoreOp>(op).getMemRef() == buffer);
      }
    });
    if (!ok || !stores || accesses.size() < 2)
      return WalkResult::advance();
    // One element, whose indices the loop does not change.
    auto first = accesses.front();
    AffineMap map = isa<AffineLoadOp>(first)
                        ? cast<AffineLoadOp>(first).getAffineMap()
                        : cast<AffineStoreOp>(first).getAffineMap();
    SmallVector<Value> operands(
        isa<AffineLoadOp>(first) ? cast<AffineLoadOp>(first).getMapOperands()
                                 : cast<AffineStoreOp>(first).getMapOperands());
    for (Operation *op : accesses) {
      auto load = dyn_cast<AffineLoadOp>(op);
      auto store = dyn_cast<AffineStoreOp>(op);
      ok &= (load ? load.getAffineMap() : store.getAffineMap()) == map &&
            llvm::equal(load ? load.getMapOperands() : store.getMapOperands(),
                        operands);
    }
    for (Value v : operands)
      ok &= !loop->isAncestor(v.getParentBlock()->getParentOp());
    if (!ok)
      return WalkResult::advance();
    OpBuilder b(loop);
    Value initial =
        AffineLoadOp::create(b, loop.getLoc(), buffer, map, operands);
    Value local = makeLocal(loop, initial);
    redirect(accesses, local);
    b.setInsertionPointAfter(loop);
    Value result =
        AffineLoadOp::create(b, loop.getLoc(), local, zeroMap(b), ValueRange{});
    AffineStoreOp::create(b, loop.getLoc(), result, buffer, map, operands);
    ++rewritten;
    return WalkResult::skip();
  });
  return rewritten;
}

unsigned localizeAccumulators(Operation *root, Value buffer) {
  SmallVector<std::pair<AffineStoreOp, AffineForOp>> candidates;
  root->walk([&](AffineStoreOp init) {
    if (init.getMemRef() != buffer)
      return;
    // The reduction loops follow the initial store (constants aside).
    Operation *next = init->getNextNode();
    while (next && next->getNumRegions() == 0 && isMemoryEffectFree(next))
      next = next->getNextNode();
    if (auto loop = dyn_cast_or_null<AffineForOp>(next))
      candidates.push_back({init, loop});
  });
  unsigned rewritten = 0;
  for (auto [init, loop] : candidates)
    if (std::optional<SmallVector<Operation *>> accesses =
            accumulation(loop, init, buffer)) {
      localize(init, loop, *accesses);
      ++rewritten;
    }
  return rewritten;
}

} // namespace hcl
