//===- MergeShift.cpp - a line buffer's shift merged into its pipeline ----===//
//
// See MergeShift.h for the rewrite and why it is legal. This file finds the
// shift nest, the guarded pipelined loop after it and the dimension of the
// buffer that both walk, checks the reads' offsets along it, and merges.
//
//===----------------------------------------------------------------------===//

#include "MergeShift.h"

#include "mlir/Analysis/FlatLinearValueConstraints.h"
#include "mlir/Dialect/Affine/Analysis/AffineAnalysis.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Affine/IR/AffineValueMap.h"
#include "mlir/Dialect/Affine/LoopUtils.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IntegerSet.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "hcl-rtl-lower-affine"

using namespace mlir;
using namespace mlir::affine;

namespace hcl::rtl {

namespace {

/// One index of an access: a constant plus operands times coefficients.
struct LinearTerms {
  SmallVector<std::pair<Value, int64_t>> terms;
  int64_t constant = 0;
};

std::optional<LinearTerms> indexAlong(Operation *access, unsigned dim) {
  MemRefAccess memrefAccess(access);
  AffineValueMap map;
  memrefAccess.getAccessMap(&map);
  SmallVector<int64_t> flat;
  unsigned inputs = map.getNumDims() + map.getNumSymbols();
  if (failed(getFlattenedAffineExpr(map.getResult(dim), map.getNumDims(),
                                    map.getNumSymbols(), &flat)) ||
      flat.size() != inputs + 1)
    return std::nullopt;
  LinearTerms index;
  index.constant = flat.back();
  for (unsigned i = 0; i < inputs; ++i)
    if (flat[i])
      index.terms.push_back({map.getOperand(i), flat[i]});
  return index;
}

/// The guarded pipelined loop right after `shift`: `if (...) { for ... }`
/// with nothing else in the branch, or null.
AffineForOp guardedPipelineAfter(AffineForOp shift) {
  auto guard = dyn_cast_or_null<AffineIfOp>(shift->getNextNode());
  if (!guard || guard.hasElse())
    return nullptr;
  Block *then = guard.getThenBlock();
  auto axis = dyn_cast<AffineForOp>(&then->front());
  if (!axis || axis->getNextNode() != then->getTerminator() ||
      !axis->hasAttr("pipeline_ii") || axis.getNumResults() != 0 ||
      !axis.hasConstantBounds() || axis.getStepAsInt() != 1)
    return nullptr;
  return axis;
}

/// The memrefs an operation in `scope` may write.
llvm::SmallPtrSet<Value, 4> writtenIn(Operation *scope) {
  llvm::SmallPtrSet<Value, 4> written;
  scope->walk([&](Operation *op) {
    if (auto store = dyn_cast<AffineWriteOpInterface>(op))
      written.insert(store.getMemRef());
    else if (!isa<AffineReadOpInterface, AffineForOp, AffineIfOp,
                  AffineYieldOp>(op) &&
             !isMemoryEffectFree(op))
      for (Value operand : op->getOperands())
        if (isa<MemRefType>(operand.getType()))
          written.insert(operand);
  });
  return written;
}

/// The largest value of `index` minus `axis`'s induction variable over the
/// iterations of the loops inside `axis` (the only other terms allowed),
/// when the induction variable's coefficient is 1.
std::optional<int64_t> largestOffset(const LinearTerms &index,
                                     AffineForOp axis) {
  int64_t largest = index.constant;
  bool hasAxis = false;
  for (auto [value, coefficient] : index.terms) {
    if (value == axis.getInductionVar()) {
      hasAxis = coefficient == 1;
      if (!hasAxis)
        return std::nullopt;
      continue;
    }
    AffineForOp inner = getForInductionVarOwner(value);
    if (!inner || !axis->isProperAncestor(inner) || !inner.hasConstantBounds())
      return std::nullopt;
    largest += coefficient > 0
                   ? coefficient * (inner.getConstantUpperBound() - 1)
                   : coefficient * inner.getConstantLowerBound();
  }
  if (!hasAxis)
    return std::nullopt;
  return largest;
}

/// What a merge needs: the shift loop that walks the buffer's dimension
/// the pipelined loop reads along, and the skew between the two.
struct Merge {
  AffineForOp shiftLoop;
  int64_t skew = 0;
};

/// Whether `loop` of the shift nest writes and reads `buffer` along `dim`
/// at exactly its own position and `axis` reads it there at offsets the
/// merged loop has shifted already.
std::optional<Merge> matchDimension(ArrayRef<Operation *> shiftAccesses,
                                    ArrayRef<Operation *> axisLoads,
                                    AffineForOp loop, AffineForOp axis,
                                    unsigned dim) {
  if (!loop.hasConstantBounds() || loop.getStepAsInt() != 1)
    return std::nullopt;
  for (Operation *access : shiftAccesses) {
    std::optional<LinearTerms> index = indexAlong(access, dim);
    if (!index || index->constant != 0 || index->terms.size() != 1 ||
        index->terms[0].first != loop.getInductionVar() ||
        index->terms[0].second != 1)
      return std::nullopt;
  }
  int64_t shiftTrips =
      loop.getConstantUpperBound() - loop.getConstantLowerBound();
  int64_t axisTrips =
      axis.getConstantUpperBound() - axis.getConstantLowerBound();
  int64_t skew = loop.getConstantUpperBound() - axis.getConstantUpperBound();
  if (axisTrips <= 0 || shiftTrips < axisTrips || skew < 0)
    return std::nullopt;
  for (Operation *load : axisLoads) {
    std::optional<LinearTerms> index = indexAlong(load, dim);
    std::optional<int64_t> largest =
        index ? largestOffset(*index, axis) : std::nullopt;
    if (!largest || *largest > skew)
      return std::nullopt;
  }
  return Merge{loop, skew};
}

/// The merge of the shift nest `shift` into `axis`, when it is legal.
std::optional<Merge> matchMerge(AffineForOp shift, AffineForOp axis) {
  llvm::SmallPtrSet<Value, 4> filled = writtenIn(shift);
  if (filled.size() != 1)
    return std::nullopt;
  Value buffer = *filled.begin();
  SmallVector<Operation *> shiftAccesses, axisLoads;
  for (Operation *user : buffer.getUsers()) {
    if (shift->isAncestor(user)) {
      if (!isa<AffineLoadOp, AffineStoreOp>(user))
        return std::nullopt;
      shiftAccesses.push_back(user);
    } else if (axis->isAncestor(user)) {
      if (!isa<AffineLoadOp>(user))
        return std::nullopt;
      axisLoads.push_back(user);
    }
  }
  // The shift must not read what the body writes (its input included).
  llvm::SmallPtrSet<Value, 4> bodyWrites = writtenIn(axis);
  bool touched = false;
  shift->walk([&](Operation *op) {
    for (Value operand : op->getOperands())
      touched |= bodyWrites.contains(operand);
  });
  if (touched || axisLoads.empty())
    return std::nullopt;
  SmallVector<AffineForOp> nest;
  getPerfectlyNestedLoops(nest, shift);
  unsigned rank = cast<MemRefType>(buffer.getType()).getRank();
  for (AffineForOp loop : nest)
    for (unsigned dim = 0; dim < rank; ++dim)
      if (std::optional<Merge> merge =
              matchDimension(shiftAccesses, axisLoads, loop, axis, dim))
        return merge;
  return std::nullopt;
}

/// Makes `loop` the outermost loop of the perfect nest from `shift`; the
/// shift's iterations are independent (each moves its own elements), so
/// any order is legal.
AffineForOp hoistToOutermost(AffineForOp shift, AffineForOp loop) {
  SmallVector<AffineForOp> nest;
  getPerfectlyNestedLoops(nest, shift);
  unsigned position = llvm::find(nest, loop) - nest.begin();
  if (position == 0)
    return loop;
  SmallVector<unsigned> permutation;
  for (unsigned i = 0; i < nest.size(); ++i)
    permutation.push_back(i == position ? 0 : (i < position ? i + 1 : i));
  return nest[permuteLoops(nest, permutation)];
}

/// The guard's condition and `iv >= first`, on the guard's operands and iv.
AffineIfOp createMergedGuard(OpBuilder &b, AffineIfOp guard, Value iv,
                             int64_t first) {
  IntegerSet set = guard.getIntegerSet();
  unsigned dims = set.getNumDims();
  SmallVector<AffineExpr> constraints(set.getConstraints());
  SmallVector<bool> equalities(set.getEqFlags());
  constraints.push_back(b.getAffineDimExpr(dims) - first);
  equalities.push_back(false);
  auto merged =
      IntegerSet::get(dims + 1, set.getNumSymbols(), constraints, equalities);
  SmallVector<Value> operands(guard.getOperands().take_front(dims));
  operands.push_back(iv);
  llvm::append_range(operands, guard.getOperands().drop_front(dims));
  return AffineIfOp::create(b, guard.getLoc(), merged, operands,
                            /*withElseRegion=*/false);
}

void merge(AffineForOp shift, AffineForOp axis, const Merge &how) {
  auto guard = cast<AffineIfOp>(axis->getParentOp());
  AffineForOp outermost = hoistToOutermost(shift, how.shiftLoop);
  int64_t first = axis.getConstantLowerBound() + how.skew;
  axis.setConstantLowerBound(outermost.getConstantLowerBound());
  axis.setConstantUpperBound(outermost.getConstantUpperBound());

  // The body runs under the guard and `w' >= first`, with w = w' - skew.
  Block *body = axis.getBody();
  Operation *oldFirst = &body->front();
  OpBuilder b(oldFirst);
  Value iv = axis.getInductionVar();
  AffineIfOp innerGuard = createMergedGuard(b, guard, iv, first);
  for (Operation &op : llvm::make_early_inc_range(llvm::make_range(
           Block::iterator(oldFirst), Block::iterator(body->getTerminator()))))
    op.moveBefore(innerGuard.getThenBlock()->getTerminator());
  b.setInsertionPointToStart(innerGuard.getThenBlock());
  auto original = AffineApplyOp::create(
      b, axis.getLoc(), AffineMap::get(1, 0, b.getAffineDimExpr(0) - how.skew),
      ValueRange{iv});
  iv.replaceUsesWithIf(original, [&](OpOperand &use) {
    return use.getOwner() != original &&
           innerGuard->isProperAncestor(use.getOwner());
  });

  // The shift runs first in every iteration, at the merged position.
  Block *shiftBody = outermost.getBody();
  for (Operation &op : llvm::make_early_inc_range(llvm::make_range(
           shiftBody->begin(), Block::iterator(shiftBody->getTerminator()))))
    op.moveBefore(innerGuard);
  outermost.getInductionVar().replaceAllUsesWith(iv);
  axis->moveBefore(guard);
  guard.erase();
  outermost.erase();
}

} // namespace

void mergeShiftsIntoPipelines(ModuleOp module) {
  SmallVector<AffineForOp> shifts;
  module.walk([&](AffineForOp loop) {
    auto parent = dyn_cast<AffineForOp>(loop->getParentOp());
    if (loop->hasAttr("spatial") && !(parent && parent->hasAttr("spatial")))
      shifts.push_back(loop);
  });
  for (AffineForOp shift : shifts) {
    AffineForOp axis = guardedPipelineAfter(shift);
    if (!axis)
      continue;
    std::optional<Merge> how = matchMerge(shift, axis);
    if (!how)
      continue;
    LLVM_DEBUG(llvm::dbgs()
               << DEBUG_TYPE ": merged the shift at " << shift.getLoc()
               << " into its pipeline, skew " << how->skew << "\n");
    merge(shift, axis, *how);
  }
}

} // namespace hcl::rtl
