//===- LocalAccumulator.cpp - reductions into a local, stored once --------===//
//
// The front end accumulates a sum in place (`B[i][j] = 0; for k: B[i][j] +=
// ...`), as seed 000's gemm does so that reorder can move the reduction
// loops. A stream, and any memory whose every access costs a port, wants
// one write per element instead: the accumulation moves to a local and the
// element is written once after the reduction loops.
//
//===----------------------------------------------------------------------===//

#include "LocalAccumulator.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace mlir::affine;

namespace hcl {

namespace {

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

void localize(AffineStoreOp init, AffineForOp loop,
              ArrayRef<Operation *> accesses) {
  OpBuilder b(init);
  Location loc = init.getLoc();
  Type element = init.getValueToStore().getType();
  auto local = memref::AllocaOp::create(b, loc, MemRefType::get({1}, element));
  local->setAttr("name", b.getStringAttr("acc"));
  AffineMap zero = AffineMap::get(0, 0, b.getAffineConstantExpr(0));
  AffineStoreOp::create(b, loc, init.getValueToStore(), local, zero,
                        ValueRange{});
  for (Operation *op : accesses) {
    OpBuilder at(op);
    if (auto load = dyn_cast<AffineLoadOp>(op)) {
      auto replacement = AffineLoadOp::create(at, op->getLoc(), local, zero,
                                              ValueRange{});
      load.getResult().replaceAllUsesWith(replacement.getResult());
    } else {
      auto store = cast<AffineStoreOp>(op);
      AffineStoreOp::create(at, op->getLoc(), store.getValueToStore(), local,
                            zero, ValueRange{});
    }
    op->erase();
  }
  b.setInsertionPointAfter(loop);
  Value sum = AffineLoadOp::create(b, loc, local, zero, ValueRange{});
  auto final = AffineStoreOp::create(b, loc, sum, init.getMemRef(),
                                     init.getAffineMap(), init.getMapOperands());
  final->setDiscardableAttrs(init->getDiscardableAttrDictionary());
  init.erase();
}

} // namespace

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
