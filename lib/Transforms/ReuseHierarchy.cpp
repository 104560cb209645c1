//===- ReuseHierarchy.cpp - merging a reuse level into the next -----------===//
//
// reuse_at on a line buffer LB at loop j (the HeteroCL memory-optimization
// paper's second five-point listing) leaves
//
//   for i'                                  for i'
//     for j' {spatial}   (LB shift)           for j'
//       LB[.., j'] <- A[i', j']                 LB[.., j'] <- A[i', j']
//     if (i' >= 2)                   ->         if (i' >= 2)
//       for j'           (axis)                   WB shift from LB[.., j']
//         WB shift from LB[.., j']                if (j' >= 2) compute
//         if (j' >= 2) compute
//
// The merge is legal because iteration j' of the axis reads LB only at
// position j' of the dimension the shift loop walks, which the merged body
// has just shifted, and the shift loop touches nothing the axis writes.
// When these conditions do not hold, the levels stay separate (correct, one
// more loop).
//
// With three levels (diag3d's x, y and z buffers), the first level's shift
// is left before the guard of the second's axis once the second has merged
// into the third: it walks the third's axis too, so it merges the same way,
// and the nest around the innermost axis becomes perfect (a pipeline over
// the whole input once flattened, as HeteroCL's own reuse_at writes it).
//
//===----------------------------------------------------------------------===//

#include "ReuseWindow.h"

#include "mlir/Dialect/Affine/LoopUtils.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IntegerSet.h"

using namespace mlir;
using namespace mlir::affine;

namespace hcl {

namespace {

bool isExactly(const LinearIndex &index, Value v) {
  return index.constant == 0 && index.coefficients.size() == 1 &&
         index.coefficientOf(v) == 1;
}

/// True when every access to `memref` among `accesses` indexes dimension
/// `dim` with exactly `iv`.
bool indexedBy(ArrayRef<Operation *> accesses, unsigned dim, Value iv) {
  return llvm::all_of(accesses, [&](Operation *access) {
    auto indices = getLinearIndices(access);
    return succeeded(indices) && isExactly((*indices)[dim], iv);
  });
}

SmallVector<Operation *> accessesTo(Operation *scope, Value memref,
                                    bool &onlyAffine) {
  SmallVector<Operation *> accesses;
  onlyAffine = true;
  for (Operation *user : memref.getUsers()) {
    if (!scope->isAncestor(user))
      continue;
    if (isa<AffineLoadOp, AffineStoreOp>(user))
      accesses.push_back(user);
    else
      onlyAffine = false;
  }
  return accesses;
}

/// The memrefs written inside `scope`.
llvm::SmallPtrSet<Value, 4> writtenMemRefs(Operation *scope) {
  llvm::SmallPtrSet<Value, 4> written;
  scope->walk([&](Operation *op) {
    if (auto store = dyn_cast<AffineWriteOpInterface>(op))
      written.insert(store.getMemRef());
    else if (!isa<AffineReadOpInterface>(op) && !isMemoryEffectFree(op) &&
             !isa<AffineForOp, AffineIfOp, AffineYieldOp>(op))
      for (Value operand : op->getOperands())
        if (isa<MemRefType>(operand.getType()))
          written.insert(operand);
  });
  return written;
}

/// The loop of the shift nest that walks the same positions as `axis`, in
/// the dimension of `previous` the axis reads at exactly its own position.
AffineForOp findMatchingShiftLoop(ArrayRef<AffineForOp> nest, AffineForOp axis,
                                  Value previous) {
  bool onlyAffine;
  SmallVector<Operation *> shiftAccesses =
      accessesTo(nest.front(), previous, onlyAffine);
  if (!onlyAffine)
    return nullptr;
  SmallVector<Operation *> axisAccesses =
      accessesTo(axis, previous, onlyAffine);
  if (!onlyAffine || llvm::any_of(axisAccesses, [](Operation *op) {
        return isa<AffineStoreOp>(op);
      }))
    return nullptr;
  unsigned rank = cast<MemRefType>(previous.getType()).getRank();
  for (AffineForOp loop : nest) {
    if (!loop.hasConstantBounds() ||
        loop.getConstantLowerBound() != axis.getConstantLowerBound() ||
        loop.getConstantUpperBound() != axis.getConstantUpperBound() ||
        loop.getStepAsInt() != 1)
      continue;
    for (unsigned dim = 0; dim < rank; ++dim)
      if (indexedBy(shiftAccesses, dim, loop.getInductionVar()) &&
          indexedBy(axisAccesses, dim, axis.getInductionVar()))
        return loop;
  }
  return nullptr;
}

/// Makes `loop` the outermost loop of the perfect `nest`; the shift nest's
/// iterations are independent, so any order is legal.
AffineForOp hoistToOutermost(ArrayRef<AffineForOp> nest, AffineForOp loop) {
  unsigned position = llvm::find(nest, loop) - nest.begin();
  if (position == 0)
    return loop;
  SmallVector<unsigned> permutation;
  for (unsigned i = 0; i < nest.size(); ++i)
    permutation.push_back(i == position ? 0 : (i < position ? i + 1 : i));
  return nest[permuteLoops(nest, permutation)];
}

} // namespace

/// The shift nest just before the guard `axis` is alone in, or null.
static AffineForOp shiftBeforeGuard(AffineForOp axis) {
  auto guard = dyn_cast<AffineIfOp>(axis->getParentOp());
  if (!guard || guard.hasElse() ||
      &guard.getThenBlock()->front() != axis.getOperation() ||
      axis->getNextNode() != guard.getThenBlock()->getTerminator())
    return nullptr;
  auto shift = dyn_cast_or_null<AffineForOp>(guard->getPrevNode());
  if (!shift || !shift->hasAttr("spatial"))
    return nullptr;
  return shift;
}

/// Merges the shift nest before `axis`'s guard into `axis` when it fills
/// `previous` at the axis's positions; whether it did.
static bool mergeShift(AffineForOp axis, Value previous) {
  AffineForOp shift = shiftBeforeGuard(axis);
  if (!shift)
    return false;
  auto guard = cast<AffineIfOp>(axis->getParentOp());
  SmallVector<AffineForOp> nest;
  getPerfectlyNestedLoops(nest, shift);
  AffineForOp match = findMatchingShiftLoop(nest, axis, previous);
  if (!match)
    return false;
  llvm::SmallPtrSet<Value, 4> axisWrites = writtenMemRefs(axis);
  bool touchesAxisWrites = false;
  shift->walk([&](Operation *op) {
    for (Value operand : op->getOperands())
      touchesAxisWrites |= axisWrites.contains(operand);
  });
  if (touchesAxisWrites)
    return false;

  AffineForOp outermost = hoistToOutermost(nest, match);
  Block *axisBody = axis.getBody();
  Operation *oldFirst = &axisBody->front();
  Block *shiftBody = outermost.getBody();
  for (Operation &op : llvm::make_early_inc_range(llvm::make_range(
           shiftBody->begin(), Block::iterator(shiftBody->getTerminator()))))
    op.moveBefore(oldFirst);
  outermost.getInductionVar().replaceAllUsesWith(axis.getInductionVar());

  // The axis's own body keeps the enclosing guard; the shift runs always.
  OpBuilder b(oldFirst);
  auto innerGuard = AffineIfOp::create(b, guard.getLoc(), guard.getIntegerSet(),
                                       guard.getOperands(), false);
  for (Operation &op : llvm::make_early_inc_range(
           llvm::make_range(Block::iterator(oldFirst),
                            Block::iterator(axisBody->getTerminator()))))
    op.moveBefore(innerGuard.getThenBlock()->getTerminator());
  axis->moveBefore(guard);
  guard.erase();
  outermost.erase();
  return true;
}

void mergeShiftIntoAxis(AffineForOp axis, Value previous) {
  if (!mergeShift(axis, previous))
    return;
  // An earlier level's shift, now before the guard the axis is in: merged
  // when it fills a buffer the axis reads (the previous level's shift,
  // merged above, reads it).
  for (bool merged = true; merged;) {
    merged = false;
    AffineForOp shift = shiftBeforeGuard(axis);
    if (!shift)
      return;
    llvm::SmallPtrSet<Value, 4> filled = writtenMemRefs(shift);
    for (Value buffer : filled)
      if (mergeShift(axis, buffer)) {
        merged = true;
        break;
      }
  }
}

} // namespace hcl
