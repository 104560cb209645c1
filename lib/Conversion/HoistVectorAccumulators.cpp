//===- HoistVectorAccumulators.cpp - keep vector blocks in registers ------===//
//
// After unroll-and-jam and vectorization, a register-blocked kernel (a gemm
// tiled, its reduction loop k above the unrolled and vectorized point loops)
// reads each vector of the C block, updates it and writes it back on every
// iteration of k, at indices that do not depend on k. Here each such
// read/write pair becomes a value the loop carries (an iter_arg): read once
// before the loop, written once after it. The block then lives in vector
// registers for the whole reduction and the loop body only loads A and B,
// which is what makes the kernel compute-bound.
//
// It is done on affine loops, where the indices are affine maps of the same
// loop variables, so "another access of the same array touches other
// elements" is a constant difference of two affine expressions. (MLIR's
// linalg hoisting works on scf.for and cannot prove that rows i and i + 1 of
// an unrolled block are disjoint.) Distinct memrefs are distinct arrays in
// hcl: arguments, results and buffers are separate allocations; the one
// exception, a memref.collapse_shape view the CPU lowering makes, counts as
// its array.
//
//===----------------------------------------------------------------------===//

#include "CpuLoops.h"

#include "mlir/Dialect/Affine/Analysis/LoopAnalysis.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/CSE.h"
#include "mlir/Transforms/LoopInvariantCodeMotionUtils.h"

using namespace mlir;
using namespace mlir::affine;

namespace {

/// The constant `a - b` when both are the same affine function of the same
/// operands up to a constant (or the same value).
std::optional<int64_t> constantDifference(Value a, Value b) {
  if (a == b)
    return 0;
  auto applyA = a.getDefiningOp<AffineApplyOp>();
  auto applyB = b.getDefiningOp<AffineApplyOp>();
  if (!applyA || !applyB || applyA.getOperands() != applyB.getOperands() ||
      applyA.getAffineMap().getNumDims() != applyB.getAffineMap().getNumDims())
    return std::nullopt;
  AffineExpr difference = simplifyAffineExpr(
      applyA.getAffineMap().getResult(0) - applyB.getAffineMap().getResult(0),
      applyA.getAffineMap().getNumDims(),
      applyA.getAffineMap().getNumSymbols());
  if (auto constant = dyn_cast<AffineConstantExpr>(difference))
    return constant.getValue();
  return std::nullopt;
}

/// Whether two transfers of one memref with minor identity maps provably
/// touch different elements: some leading index differs by a nonzero
/// constant, or the vector dimension's by at least the vector length.
bool disjoint(VectorTransferOpInterface a, VectorTransferOpInterface b) {
  if (!a.getPermutationMap().isMinorIdentity() ||
      !b.getPermutationMap().isMinorIdentity() ||
      a.getVectorType().getRank() != 1 || b.getVectorType().getRank() != 1)
    return false;
  ValueRange indicesA = a.getIndices(), indicesB = b.getIndices();
  size_t last = indicesA.size() - 1;
  for (size_t d = 0; d < indicesA.size(); ++d) {
    std::optional<int64_t> difference =
        constantDifference(indicesA[d], indicesB[d]);
    if (!difference)
      continue;
    int64_t length = d == last ? std::max(a.getVectorType().getNumElements(),
                                          b.getVectorType().getNumElements())
                               : 1;
    if (std::abs(*difference) >= length)
      return true;
  }
  return false;
}

/// The array `memref` is a view of (through memref.collapse_shape, which
/// the CPU lowering makes of an array whose short rows one vector spans),
/// or `memref` itself.
Value arrayOf(Value memref) {
  while (auto view = memref.getDefiningOp<memref::CollapseShapeOp>())
    memref = view.getSrc();
  return memref;
}

/// Whether a view of `array` other than `memref` (or the array itself, when
/// `memref` is a view) is accessed inside `loop`.
bool otherViewAccessed(AffineForOp loop, Value array, Value memref) {
  for (Operation *user : array.getUsers()) {
    if (auto view = dyn_cast<memref::CollapseShapeOp>(user)) {
      if (otherViewAccessed(loop, view.getResult(), memref))
        return true;
    } else if (array != memref && loop->isAncestor(user)) {
      return true;
    }
  }
  return false;
}

/// Whether every access of `memref` inside `loop` other than the pair is a
/// transfer disjoint from it, and no other view of its array is accessed
/// there.
bool onlyDisjointAccesses(AffineForOp loop, Value memref,
                          vector::TransferReadOp read,
                          vector::TransferWriteOp write) {
  if (otherViewAccessed(loop, arrayOf(memref), memref))
    return false;
  for (Operation *user : memref.getUsers()) {
    if (user == read || user == write || !loop->isAncestor(user))
      continue;
    auto transfer = dyn_cast<VectorTransferOpInterface>(user);
    if (!transfer || !disjoint(transfer, write))
      return false;
  }
  return true;
}

/// Whether something in `loop` may touch memory without naming it (a call,
/// an operation without declared effects): then no pair leaves the loop.
bool hasUnknownMemoryEffects(AffineForOp loop) {
  return loop
      .walk([&](Operation *op) {
        bool unknown = isa<CallOpInterface>(op) ||
                       (!isa<MemoryEffectOpInterface>(op) &&
                        !op->hasTrait<OpTrait::HasRecursiveMemoryEffects>() &&
                        op->getNumRegions() == 0 &&
                        !op->hasTrait<OpTrait::IsTerminator>());
        return unknown ? WalkResult::interrupt() : WalkResult::advance();
      })
      .wasInterrupted();
}

/// The write of the same vector at the same place after `read` in its block.
vector::TransferWriteOp matchingWrite(vector::TransferReadOp read) {
  for (Operation *op = read->getNextNode(); op; op = op->getNextNode()) {
    auto write = dyn_cast<vector::TransferWriteOp>(op);
    if (write && write.getBase() == read.getBase() &&
        write.getIndices() == read.getIndices() &&
        write.getVectorType() == read.getVectorType() &&
        write.getPermutationMap() == read.getPermutationMap())
      return write;
  }
  return {};
}

/// Carries one read/write pair through `loop`; returns the new loop.
AffineForOp carry(AffineForOp loop, vector::TransferReadOp read,
                  vector::TransferWriteOp write) {
  IRRewriter rewriter(loop.getContext());
  read->moveBefore(loop);
  Value written = write.getVector();
  auto newLoop = cast<AffineForOp>(
      *cast<LoopLikeOpInterface>(loop.getOperation())
           .replaceWithAdditionalYields(
               rewriter, read.getResult(),
               /*replaceInitOperandUsesInLoop=*/true,
               [&](OpBuilder &, Location, ArrayRef<BlockArgument>) {
                 return SmallVector<Value>{written};
               }));
  write->moveAfter(newLoop);
  write.getValueToStoreMutable().assign(newLoop.getResults().back());
  return newLoop;
}

/// Hoists one pair out of `loop` if there is one; returns the new loop.
std::optional<AffineForOp> hoistOnePair(AffineForOp loop) {
  for (auto read : loop.getBody()->getOps<vector::TransferReadOp>()) {
    if (!isa<MemRefType>(read.getShapedType()) ||
        llvm::any_of(read->getOperands(), [&](Value operand) {
          return !loop.isDefinedOutsideOfLoop(operand);
        }))
      continue;
    vector::TransferWriteOp write = matchingWrite(read);
    if (!write || !onlyDisjointAccesses(loop, read.getBase(), read, write))
      continue;
    return carry(loop, read, write);
  }
  return std::nullopt;
}

} // namespace

void hcl::hoistVectorAccumulators(Operation *root) {
  IRRewriter rewriter(root->getContext());
  DominanceInfo dominance(root);
  // The vectorizer writes an affine.apply per access: one per index lets
  // equal indices be the same value.
  eliminateCommonSubExpressions(rewriter, dominance, root);
  SmallVector<AffineForOp> loops;
  root->walk([&](AffineForOp loop) { loops.push_back(loop); });
  for (AffineForOp loop : loops) {
    std::optional<uint64_t> tripCount = getConstantTripCount(loop);
    if (!tripCount || *tripCount == 0)
      continue; // a loop that may not run must not write back
    if (hasUnknownMemoryEffects(loop))
      continue; // carrying a pair out would skip what it may read or write
    moveLoopInvariantCode(cast<LoopLikeOpInterface>(loop.getOperation()));
    while (std::optional<AffineForOp> next = hoistOnePair(loop))
      loop = *next;
  }
  // Without the writes in the loop, the copies of an unrolled body read B's
  // vector once.
  eliminateCommonSubExpressions(rewriter, dominance, root);
}
