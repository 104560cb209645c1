//===- VectorizeLegality.cpp - loops the affine vectorizer gets right -----===//
//
// MLIR's affine super-vectorizer (vectorizeAffineLoopNest) trusts its
// caller: its own pattern matcher checks the accesses first, and called
// directly it assumes what that matcher would have proven. Given a loop that
// breaks the assumptions it writes wrong code or crashes:
//
//  - an index `4 * i + ii` along the vector loop `i` becomes a transfer of
//    W consecutive elements, as if the stride were 1 (wrong values, elements
//    never written);
//  - an index that varies with `i` in two memref dimensions has no
//    permutation map;
//  - an inner loop whose bound depends on `i` would need a vector bound, and
//    the copy of an inner loop keeps its original bound operands, so a
//    bound that uses another inner loop's index refers to a loop that is
//    erased (both crash);
//  - an element that is not a power-of-two number of bytes (i1, i12) is
//    packed bit by bit in a vector but not in a memref (wrong values);
//  - `i` used as a value, an `affine.if`, a call, a local buffer, a loop
//    carrying values (iter_args) are not vectorized lane by lane.
//
// So a loop is handed to the vectorizer only when every operation in it is
// one the vectorizer widens correctly. Anything else keeps its `vectorize`
// mark, which becomes LLVM loop metadata: LLVM's loop vectorizer checks
// legality itself, so the result is right either way.
//
//===----------------------------------------------------------------------===//

#include "CpuLoops.h"

#include "mlir/Dialect/Affine/Analysis/AffineAnalysis.h"
#include "mlir/Dialect/Affine/Analysis/LoopAnalysis.h"
#include "mlir/Dialect/Affine/Analysis/Utils.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Affine/IR/AffineValueMap.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"

#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "hcl-cpu-loops"

using namespace mlir;
using namespace mlir::affine;

namespace {

/// Whether `value` may appear in the index or bound of an operation inside
/// `vectorLoop` other than as the vector loop's own induction variable: it
/// is defined outside the loop, or it is the induction variable of a loop
/// nested inside (a scalar loop the vectorizer copies as it is).
bool isScalarLoopValue(Value value, AffineForOp vectorLoop) {
  if (vectorLoop.isDefinedOutsideOfLoop(value))
    return true;
  AffineForOp inner = getForInductionVarOwner(value);
  return inner && inner != vectorLoop;
}

/// Whether `expr` is `d(position)` plus something that does not depend on
/// it (stride 0 or 1 along the vector loop).
bool hasUnitOrZeroStride(AffineExpr expr, unsigned position, unsigned numDims,
                         unsigned numSymbols) {
  if (!expr.isFunctionOfDim(position))
    return true;
  AffineExpr rest =
      simplifyAffineExpr(expr - getAffineDimExpr(position, expr.getContext()),
                         numDims, numSymbols);
  return !rest.isFunctionOfDim(position);
}

/// Whether a vector of `element` lays its lanes out as a memref lays out
/// its elements: a power-of-two number of bytes each.
bool hasByteSizedLanes(Type element) {
  if (isa<IndexType>(element))
    return true; // 64 bits on the CPU
  if (!element.isIntOrFloat())
    return false; // fixed point or a struct: lowered to integers first
  unsigned bits = element.getIntOrFloatBitWidth();
  return bits >= 8 && llvm::isPowerOf2_32(bits);
}

/// Why the access `op` cannot become a vector transfer along `vectorLoop`,
/// or an empty string when it can.
std::string accessProblem(Operation *op, AffineForOp vectorLoop) {
  MemRefAccess access(op);
  // LLVM packs a vector of i1 or i12 bit by bit, while a memref gives each
  // such element a whole byte or two: a vector transfer would read and
  // write the wrong bits.
  Type element = cast<MemRefType>(access.memref.getType()).getElementType();
  if (!hasByteSizedLanes(element)) {
    std::string text;
    llvm::raw_string_ostream(text) << element;
    return "an element of type " + text +
           " is no power-of-two number of bytes in a vector";
  }
  AffineValueMap map;
  access.getAccessMap(&map);
  Value iv = vectorLoop.getInductionVar();
  std::optional<unsigned> position;
  for (unsigned i = 0, e = map.getNumOperands(); i < e; ++i) {
    Value operand = map.getOperand(i);
    if (operand == iv) {
      if (i >= map.getNumDims())
        return "the vector index is used as a symbol";
      position = i;
    } else if (!isScalarLoopValue(operand, vectorLoop)) {
      return "an index is computed inside the loop";
    }
  }
  if (!position)
    return ""; // the same element in every lane: a broadcast or a reduction
  unsigned varying = 0;
  for (AffineExpr result : map.getAffineMap().getResults()) {
    if (!result.isFunctionOfDim(*position))
      continue;
    ++varying;
    if (!hasUnitOrZeroStride(result, *position, map.getNumDims(),
                             map.getNumSymbols()))
      return hcl::kStrideProblem;
  }
  if (varying > 1)
    return "an index varies along the vector loop in two dimensions";
  return "";
}

/// Why the inner loop `loop` cannot be copied into the vector body.
std::string innerLoopProblem(AffineForOp loop, AffineForOp vectorLoop) {
  if (loop.getNumIterOperands() != 0)
    return "an inner loop carries values";
  // The vectorizer builds the copy of an inner loop with the original
  // bound operands, not their copies: a bound may only use values from
  // outside the vector loop.
  for (Value operand : loop.getOperands()) {
    if (operand == vectorLoop.getInductionVar())
      return "an inner loop's bound depends on the vector loop";
    if (!vectorLoop.isDefinedOutsideOfLoop(operand))
      return "an inner loop's bound depends on a loop inside the vector loop";
  }
  return "";
}

/// Why `op`, nested in `vectorLoop`, keeps the loop scalar ("" if it does
/// not).
std::string operationProblem(Operation *op, AffineForOp vectorLoop) {
  if (isa<AffineReadOpInterface, AffineWriteOpInterface>(op))
    return accessProblem(op, vectorLoop);
  if (auto loop = dyn_cast<AffineForOp>(op))
    return innerLoopProblem(loop, vectorLoop);
  if (isa<AffineYieldOp>(op))
    return op->getNumOperands() == 0 ? "" : "a loop yields values";
  if (auto apply = dyn_cast<AffineApplyOp>(op)) {
    // Indices folded into their accesses' maps (MemRefAccess composes them).
    for (Operation *user : apply->getUsers())
      if (!isa<AffineReadOpInterface, AffineWriteOpInterface>(user))
        return "an index computation is used as a value";
    return "";
  }
  bool elementwise =
      isa<arith::ArithDialect, math::MathDialect>(op->getDialect()) &&
      op->getNumRegions() == 0 && op->getNumResults() == 1;
  if (!elementwise)
    return "'" + op->getName().getStringRef().str() +
           "' is not an elementwise operation";
  // An index from outside is the same in every lane (a broadcast); one
  // made inside (a loop's induction variable) has no vector form here.
  for (Value operand : op->getOperands())
    if (isa<IndexType>(operand.getType()) &&
        !vectorLoop.isDefinedOutsideOfLoop(operand))
      return "an index is used as a value";
  if (isa<IndexType>(op->getResult(0).getType()))
    return "an index is computed as a value";
  return "";
}

} // namespace

bool hcl::iterationsIndependent(AffineForOp loop) {
  return loop->hasAttr(kIndependentIterations) || isLoopParallel(loop);
}

std::string hcl::whyNotVectorizable(AffineForOp loop) {
  if (loop.getNumIterOperands() != 0)
    return "the loop carries values";
  // The vectorizer makes lane k access iteration i + k, which is the next
  // iteration only when the loop steps by 1 (a loop from 1 to 4 step 2 would
  // touch rows 1..4, not 1 and 3).
  if (loop.getStepAsInt() != 1)
    return ("the loop steps by " + llvm::Twine(loop.getStepAsInt()) + ", not 1")
        .str();
  std::string problem;
  loop.getBody()->walk([&](Operation *op) {
    problem = operationProblem(op, loop);
    return problem.empty() ? WalkResult::advance() : WalkResult::interrupt();
  });
  // Last: the dependence analysis is the dear check (a loop over fused rows
  // indexes with floordiv and mod), and an access the vectorizer does not
  // take may yet be rewritten into one it does (stageRowRuns).
  if (problem.empty() && !hcl::iterationsIndependent(loop))
    problem = "the loop carries a dependence between iterations";
  LLVM_DEBUG(if (!problem.empty()) llvm::dbgs()
             << "not vectorized: " << problem << ": " << loop << "\n");
  return problem;
}
