//===- BufferAtFootprint.cpp - what one iteration of a loop touches -------===//
//
// buffer_at keeps the part of the target that one iteration of its axis
// touches in a buffer. After tile, split and reorder an index is a sum
// (`8 * i.outer + i.inner`), and the loops inside the axis may be the point
// loops of a tile with the reduction between them and the axis. MLIR's
// MemRefRegion computes the bounding box of such accesses, symbolic in the
// loops around the box; the structural check before it refuses the indices
// whose footprint has holes, where a box would copy (and write back) data
// the loop never touches.
//
//===----------------------------------------------------------------------===//

#include "BufferAtFootprint.h"

#include "hcl/Dialect/HCL/Naming.h"

#include "mlir/Dialect/Affine/Analysis/AffineAnalysis.h"
#include "mlir/Dialect/Affine/Analysis/LoopAnalysis.h"
#include "mlir/Dialect/Affine/Analysis/Utils.h"
#include "mlir/Dialect/Affine/IR/AffineValueMap.h"

using namespace mlir;
using namespace mlir::affine;

namespace hcl {

namespace {

/// One loop inside the axis in an index, with its coefficient.
struct IndexTerm {
  int64_t coefficient;
  AffineForOp loop;
};

/// The largest trip count of a 0-based loop whose upper bound has a
/// constant among its results (`min(8, 32 - 8 * i.outer)` after a split that
/// does not divide), or of any loop with a constant trip count.
std::optional<int64_t> maxTripCount(AffineForOp loop) {
  if (std::optional<uint64_t> count = getConstantTripCount(loop))
    return static_cast<int64_t>(*count);
  if (!loop.hasConstantLowerBound())
    return std::nullopt;
  std::optional<int64_t> smallest;
  for (AffineExpr result : loop.getUpperBoundMap().getResults())
    if (auto constant = dyn_cast<AffineConstantExpr>(result))
      if (!smallest || constant.getValue() < *smallest)
        smallest = constant.getValue();
  if (!smallest)
    return std::nullopt;
  return std::max<int64_t>(0, *smallest - loop.getConstantLowerBound());
}

/// The loops inside `axis` in index `r` of `access`, each with its
/// coefficient; an error when a loop enters other than linearly.
FailureOr<SmallVector<IndexTerm>> indexTerms(Operation *user, AffineForOp axis,
                                             AffineValueMap &map, unsigned r) {
  AffineExpr expr = map.getResult(r);
  unsigned numDims = map.getNumDims(), numSymbols = map.getNumSymbols();
  SmallVector<int64_t> flat;
  bool flattened =
      succeeded(getFlattenedAffineExpr(expr, numDims, numSymbols, &flat));
  SmallVector<IndexTerm> terms;
  for (unsigned p = 0; p < map.getNumOperands(); ++p) {
    bool isDim = p < numDims;
    if (isDim ? !expr.isFunctionOfDim(p)
              : !expr.isFunctionOfSymbol(p - numDims))
      continue;
    Value operand = map.getOperand(p);
    Operation *scope = operand.getParentBlock()->getParentOp();
    if (!axis->isAncestor(scope) || operand == axis.getInductionVar())
      continue;
    AffineForOp loop = getForInductionVarOwner(operand);
    if (!loop || !isDim)
      return user->emitError("index ")
             << r << " of the target depends on a value computed inside loop '"
             << getLoopName(axis) << "'";
    int64_t coefficient = flattened ? flat[p] : 0;
    AffineExpr rest = simplifyAffineExpr(
        expr - coefficient * getAffineDimExpr(p, user->getContext()), numDims,
        numSymbols);
    if (coefficient == 0 || rest.isFunctionOfDim(p))
      return user->emitError("index ")
             << r << " of the target is not a multiple of loop '"
             << getLoopName(loop) << "' plus the rest: the part of it one "
             << "iteration of loop '" << getLoopName(axis)
             << "' touches is not a box";
    terms.push_back({std::abs(coefficient), loop});
  }
  return terms;
}

/// An error unless the values of `terms` fill an interval: sorted by
/// coefficient, the first steps by one and each next one by at most what
/// the ones before span (8 * i.outer + i.inner with i.inner < 8).
LogicalResult checkContiguous(Operation *user, AffineForOp axis,
                              SmallVector<IndexTerm> terms, unsigned r) {
  llvm::sort(terms, [](const IndexTerm &a, const IndexTerm &b) {
    return a.coefficient < b.coefficient;
  });
  int64_t span = 0; // what the terms so far reach, from 0
  for (const IndexTerm &term : terms) {
    if (term.coefficient > span + 1)
      return user->emitError("index ")
             << r << " of the target steps by " << term.coefficient
             << " with loop '" << getLoopName(term.loop)
             << "': the part of it one iteration of loop '" << getLoopName(axis)
             << "' touches has holes, not a box";
    std::optional<int64_t> trips = maxTripCount(term.loop);
    if (!trips && &term != &terms.back())
      return user->emitError("loop '")
             << getLoopName(term.loop)
             << "' has no constant trip count, so index " << r
             << " of the target may not fill a box";
    span += term.coefficient * (trips.value_or(1) - 1);
  }
  return success();
}

/// An error unless `loop` (inside `axis`) runs by steps of one over a range
/// fixed in an iteration of the axis.
LogicalResult checkRectangular(Operation *user, AffineForOp axis,
                               AffineForOp loop) {
  if (loop.getStepAsInt() != 1)
    return user->emitError("loop '")
           << getLoopName(loop) << "' steps by " << loop.getStepAsInt()
           << ": the part of the target one iteration of loop '"
           << getLoopName(axis) << "' touches has holes, not a box";
  auto inside = [&](Value v) {
    return axis->isAncestor(v.getParentBlock()->getParentOp()) &&
           v != axis.getInductionVar();
  };
  if (llvm::any_of(loop.getLowerBoundOperands(), inside) ||
      llvm::any_of(loop.getUpperBoundOperands(), inside))
    return user->emitError("the bounds of loop '")
           << getLoopName(loop) << "' depend on another loop inside loop '"
           << getLoopName(axis)
           << "': the part of the target it touches is not a box";
  return success();
}

/// Checks that `access` touches a box in every iteration of `axis`; records
/// per dimension whether it varies and the loop a copy should mirror.
LogicalResult analyzeAccess(Operation *user, AffineForOp axis,
                            Operation *access, BufferFootprint &footprint) {
  MemRefAccess ref(access);
  AffineValueMap map;
  ref.getAccessMap(&map);
  llvm::SmallPtrSet<Operation *, 4> used;
  for (unsigned r = 0; r < map.getNumResults(); ++r) {
    FailureOr<SmallVector<IndexTerm>> terms = indexTerms(user, axis, map, r);
    if (failed(terms) || failed(checkContiguous(user, axis, *terms, r)))
      return failure();
    for (const IndexTerm &term : *terms) {
      if (!used.insert(term.loop).second)
        return user->emitError("loop '")
               << getLoopName(term.loop)
               << "' indexes two dimensions of the target (a diagonal): the "
                  "part of it one iteration of loop '"
               << getLoopName(axis) << "' touches is not a box";
      if (failed(checkRectangular(user, axis, term.loop)))
        return failure();
    }
    if (terms->empty() || footprint.kept[r])
      continue;
    footprint.kept[r] = true;
    // The copy runs like the unit-step loop (the point loop of a tile).
    if (terms->size() == 1)
      footprint.mirrored[r] = terms->front().loop;
  }
  return success();
}

/// The bounding box of all `accesses`, symbolic in the loops up to `axis`.
FailureOr<MemRefRegion> unionRegion(Operation *user, AffineForOp axis,
                                    ArrayRef<Operation *> accesses) {
  unsigned depth = getNestingDepth(axis) + 1;
  std::optional<MemRefRegion> box;
  for (Operation *access : accesses) {
    MemRefRegion region(access->getLoc());
    if (failed(region.compute(access, depth)) ||
        (box && failed(box->unionBoundingBox(region))))
      return user->emitError("cannot bound the part of the target that one "
                             "iteration of loop '")
             << getLoopName(axis) << "' touches";
    if (!box)
      box = std::move(region);
  }
  return std::move(*box);
}

/// `map` (no dimensions, one symbol per origin value) with its symbols made
/// dimensions, so that it composes with the accesses' maps, whose loop
/// variables are dimensions.
AffineMap symbolsAsDims(AffineMap map) {
  SmallVector<AffineExpr> dims;
  for (unsigned s = 0; s < map.getNumSymbols(); ++s)
    dims.push_back(getAffineDimExpr(s, map.getContext()));
  return map.replaceDimsAndSymbols({}, dims, map.getNumSymbols(), 0);
}

} // namespace

FailureOr<BufferFootprint>
computeBufferFootprint(Operation *user, AffineForOp axis,
                       ArrayRef<Operation *> accesses) {
  unsigned rank =
      cast<MemRefType>(MemRefAccess(accesses.front()).memref.getType())
          .getRank();
  BufferFootprint footprint;
  footprint.kept.assign(rank, false);
  footprint.mirrored.assign(rank, AffineForOp());
  for (Operation *access : accesses)
    if (failed(analyzeAccess(user, axis, access, footprint)))
      return failure();

  FailureOr<MemRefRegion> region = unionRegion(user, axis, accesses);
  if (failed(region))
    return failure();
  SmallVector<AffineMap> lowerBounds;
  if (!region->getConstantBoundingSizeAndShape(&footprint.extents,
                                               &lowerBounds))
    return user->emitError("the part of the target that one iteration of "
                           "loop '")
           << getLoopName(axis) << "' touches has no constant size";
  const FlatAffineValueConstraints &cst = *region->getConstraints();
  cst.getValues(rank, cst.getNumDimAndSymbolVars(), &footprint.origin);
  for (AffineMap lb : lowerBounds) {
    if (lb.getNumResults() != 1 || lb.getNumDims() != 0 ||
        lb.getNumSymbols() != footprint.origin.size())
      return user->emitError("cannot place the buffer's origin in the target");
    footprint.lowerBounds.push_back(symbolsAsDims(lb));
  }
  if (llvm::any_of(footprint.origin, [](Value v) { return !v; }))
    return user->emitError("cannot place the buffer's origin in the target");
  // Fixed in every access but wider than one element (C[i] and C[i + 1]).
  for (unsigned d = 0; d < rank; ++d)
    footprint.kept[d] = footprint.kept[d] || footprint.extents[d] > 1;
  footprint.originDomain = cst;
  footprint.originDomain.projectOut(0, rank);
  return footprint;
}

bool neverNonNegative(const FlatAffineValueConstraints &domain, AffineExpr expr,
                      ArrayRef<Value> origin, int64_t offset) {
  SmallVector<int64_t> flat;
  if (failed(getFlattenedAffineExpr(expr, origin.size(), 0, &flat)) ||
      flat.size() != origin.size() + 1)
    return false;
  FlatAffineValueConstraints system = domain;
  SmallVector<int64_t> row(system.getNumCols(), 0);
  for (auto [value, coefficient] : llvm::zip(origin, flat)) {
    if (coefficient == 0)
      continue;
    unsigned pos;
    if (!system.findVar(value, &pos))
      return false;
    row[pos] += coefficient;
  }
  row.back() = flat.back() + offset;
  system.addInequality(row);
  return system.isEmpty();
}

} // namespace hcl
