//===- IfConversion.cpp - hcl-rtl-if-convert ------------------------------===//
//
// A pipelined loop's body must be straight-line code for the modulo
// scheduler. A branch in it becomes straight-line code the way HLS tools
// pipeline one: both sides are computed on every iteration and the results
// selected, and only what has an effect outside the datapath, a memory's
// enable, stays predicated (Predication.h). A branch with anything else (a
// loop, a call, an allocation) is left alone; the scheduler then says why
// the loop runs sequentially.
//
//===----------------------------------------------------------------------===//

#include "Predication.h"

#include "hcl/Target/RTL/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/Support/Debug.h"

using namespace mlir;

namespace hcl {

#define GEN_PASS_DEF_RTLIFCONVERT
#include "hcl/Target/RTL/Passes.h.inc"

#define DEBUG_TYPE "hcl-rtl-if-convert"

namespace {

bool isAccess(Operation &op) {
  return isa<memref::LoadOp, memref::StoreOp>(op);
}

/// Whether every operation of `block` can run on every iteration, or keeps
/// its effect in a guard.
bool isConvertible(Block &block) {
  return llvm::all_of(block.without_terminator(), [](Operation &op) {
    return rtl::isGuard(&op) || isAccess(op) ||
           (op.getNumRegions() == 0 && isMemoryEffectFree(&op));
  });
}

/// Puts `access` (just moved before the branch) in a guard on `predicate`.
void guard(Operation *access, Value predicate) {
  OpBuilder b(access);
  Location loc = access->getLoc();
  if (auto load = dyn_cast<memref::LoadOp>(access)) {
    Type type = load.getType();
    // The `else` side's zero only fills the result; no user reads it then.
    Value zero = arith::ConstantOp::create(b, loc, b.getZeroAttr(type));
    auto guard = scf::IfOp::create(b, loc, TypeRange{type}, predicate,
                                   /*withElseRegion=*/true);
    load.getResult().replaceAllUsesWith(guard.getResult(0));
    b.setInsertionPointToStart(&guard.getThenRegion().front());
    access->moveBefore(b.getInsertionBlock(), b.getInsertionPoint());
    b.setInsertionPointAfter(access);
    scf::YieldOp::create(b, loc, load.getResult());
    b.setInsertionPointToStart(&guard.getElseRegion().front());
    scf::YieldOp::create(b, loc, zero);
    guard->setAttr(rtl::kGuardAttr, b.getUnitAttr());
    return;
  }
  auto guard = scf::IfOp::create(b, loc, predicate, /*withElseRegion=*/false);
  access->moveBefore(guard.thenBlock()->getTerminator());
  guard->setAttr(rtl::kGuardAttr, b.getUnitAttr());
}

/// Moves `block`'s operations before `branch`, in order: their accesses
/// into guards on `predicate`, and its guards on `predicate` too.
void hoist(Block &block, scf::IfOp branch, Value predicate) {
  for (Operation &op : llvm::make_early_inc_range(block.without_terminator())) {
    op.moveBefore(branch);
    if (rtl::isGuard(&op)) {
      auto inner = cast<scf::IfOp>(op);
      OpBuilder b(inner);
      inner.getConditionMutable().assign(arith::AndIOp::create(
          b, inner.getLoc(), predicate, inner.getCondition()));
    } else if (isAccess(op)) {
      guard(&op, predicate);
    }
  }
}

/// Converts `branch` and the branches in it, innermost first; fails, and
/// leaves what it could not convert, when a branch holds something else.
LogicalResult convert(scf::IfOp branch) {
  bool nestedFailed = false;
  for (Region &region : branch->getRegions())
    for (Block &block : region)
      for (Operation &op : llvm::make_early_inc_range(block))
        if (auto inner = dyn_cast<scf::IfOp>(op); inner && !rtl::isGuard(inner))
          nestedFailed |= failed(convert(inner));
  if (nestedFailed || !isConvertible(branch.getThenRegion().front()) ||
      (!branch.getElseRegion().empty() &&
       !isConvertible(branch.getElseRegion().front())))
    return failure();
  LLVM_DEBUG(llvm::dbgs() << DEBUG_TYPE ": converting the branch at "
                          << branch.getLoc() << "\n");
  OpBuilder b(branch);
  Location loc = branch.getLoc();
  Value condition = branch.getCondition();
  hoist(branch.getThenRegion().front(), branch, condition);
  // The else side's predicate, when it has something to predicate.
  if (!branch.getElseRegion().empty() &&
      llvm::any_of(branch.getElseRegion().front(), [](Operation &op) {
        return rtl::isGuard(&op) || isAccess(op);
      })) {
    b.setInsertionPoint(branch);
    Value otherwise = arith::XOrIOp::create(
        b, loc, condition, arith::ConstantIntOp::create(b, loc, 1, 1));
    hoist(branch.getElseRegion().front(), branch, otherwise);
  }
  b.setInsertionPoint(branch);
  SmallVector<Value> results;
  for (unsigned i = 0; i < branch.getNumResults(); ++i)
    results.push_back(arith::SelectOp::create(
        b, loc, condition, branch.thenYield().getOperand(i),
        branch.elseYield().getOperand(i)));
  branch.replaceAllUsesWith(results);
  branch.erase();
  return success();
}

struct RTLIfConvertPass : public impl::RTLIfConvertBase<RTLIfConvertPass> {
  void runOnOperation() override {
    getOperation().walk([](scf::ForOp loop) {
      if (!loop->hasAttr("pipeline_ii"))
        return;
      for (Operation &op :
           llvm::make_early_inc_range(loop.getBody()->without_terminator()))
        if (auto branch = dyn_cast<scf::IfOp>(op);
            branch && !rtl::isGuard(branch))
          (void)convert(branch);
    });
    rtl::forwardPredicatedAccesses(getOperation());
  }
};

} // namespace
} // namespace hcl
