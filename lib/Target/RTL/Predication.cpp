//===- Predication.cpp - predicated accesses in pipelined bodies ----------===//

#include "Predication.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;

namespace hcl::rtl {

bool isGuard(Operation *op) {
  auto guard = dyn_cast_if_present<scf::IfOp>(op);
  return guard && guard->hasAttr(kGuardAttr);
}

Operation *guardedAccess(scf::IfOp guard) {
  return &guard.getThenRegion().front().front();
}

Value predicateOf(Operation *access) {
  Operation *parent = access->getParentOp();
  if (!isGuard(parent))
    return {};
  return cast<scf::IfOp>(parent).getCondition();
}

/// The conditions whose conjunction `predicate` is, each with its polarity.
static void conjuncts(Value predicate, bool positive,
                      SmallVectorImpl<std::pair<Value, bool>> &out) {
  if (auto both = predicate.getDefiningOp<arith::AndIOp>(); both && positive) {
    conjuncts(both.getLhs(), true, out);
    conjuncts(both.getRhs(), true, out);
    return;
  }
  if (auto flip = predicate.getDefiningOp<arith::XOrIOp>())
    for (auto [value, other] : {std::pair(flip.getLhs(), flip.getRhs()),
                                std::pair(flip.getRhs(), flip.getLhs())})
      if (matchPattern(other, m_One())) {
        conjuncts(value, !positive, out);
        return;
      }
  out.push_back({predicate, positive});
}

bool areExclusive(Value a, Value b) {
  if (!a || !b)
    return false;
  SmallVector<std::pair<Value, bool>> left, right;
  conjuncts(a, true, left);
  conjuncts(b, true, right);
  return llvm::any_of(left, [&](auto literal) {
    return llvm::is_contained(right, std::pair(literal.first, !literal.second));
  });
}

bool haveDistinctIndices(ValueRange a, ValueRange b) {
  for (auto [x, y] : llvm::zip_equal(a, b)) {
    std::optional<int64_t> cx = getConstantIntValue(x),
                           cy = getConstantIntValue(y);
    if (cx && cy && *cx != *cy)
      return true;
  }
  return false;
}

bool implies(Value b, Value a) {
  if (!a)
    return true;
  if (!b)
    return false;
  SmallVector<std::pair<Value, bool>> needed, given;
  conjuncts(a, true, needed);
  conjuncts(b, true, given);
  return llvm::all_of(
      needed, [&](auto literal) { return llvm::is_contained(given, literal); });
}

SmallVector<Operation *> flattenGuards(Block &block) {
  SmallVector<Operation *> ops;
  for (Operation &op : block.without_terminator())
    ops.push_back(isGuard(&op) ? guardedAccess(cast<scf::IfOp>(op)) : &op);
  return ops;
}

Value throughGuard(Value value) {
  Operation *def = value.getDefiningOp();
  if (!isGuard(def))
    return value;
  return guardedAccess(cast<scf::IfOp>(def))->getResult(0);
}

} // namespace hcl::rtl
