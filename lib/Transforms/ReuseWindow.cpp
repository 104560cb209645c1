//===- ReuseWindow.cpp - the stencil window reuse_at buffers --------------===//

#include "ReuseWindow.h"

#include "hcl/Dialect/HCL/Naming.h"

#include "mlir/Dialect/Affine/Analysis/AffineAnalysis.h"
#include "mlir/Dialect/Affine/IR/AffineValueMap.h"

using namespace mlir;
using namespace mlir::affine;

namespace hcl {

bool LinearIndex::sameTerms(const LinearIndex &other) const {
  auto contained = [](const LinearIndex &a, const LinearIndex &b) {
    return llvm::all_of(a.coefficients, [&](auto term) {
      return b.coefficientOf(term.first) == term.second;
    });
  };
  return contained(*this, other) && contained(other, *this);
}

SmallVector<int64_t> ReuseWindow::bufferShape() const {
  SmallVector<int64_t> shape;
  for (unsigned dim : bufferDims)
    shape.push_back(extent[dim]);
  return shape;
}

namespace {

void addTerm(LinearIndex &index, Value v, int64_t coefficient) {
  int64_t &c = index.coefficients[v];
  c += coefficient;
  if (c == 0)
    index.coefficients.erase(v);
}

/// Splits `expr` over `operands` into value terms; fails on floordiv, mod,
/// ceildiv and products of two variables.
FailureOr<LinearIndex> linearize(AffineExpr expr, unsigned numDims,
                                 ValueRange operands) {
  LinearIndex result;
  std::function<bool(AffineExpr, int64_t)> visit = [&](AffineExpr e,
                                                       int64_t scale) {
    if (auto c = dyn_cast<AffineConstantExpr>(e)) {
      result.constant += scale * c.getValue();
      return true;
    }
    if (auto d = dyn_cast<AffineDimExpr>(e)) {
      addTerm(result, operands[d.getPosition()], scale);
      return true;
    }
    if (auto s = dyn_cast<AffineSymbolExpr>(e)) {
      addTerm(result, operands[numDims + s.getPosition()], scale);
      return true;
    }
    auto bin = cast<AffineBinaryOpExpr>(e);
    if (e.getKind() == AffineExprKind::Add)
      return visit(bin.getLHS(), scale) && visit(bin.getRHS(), scale);
    if (e.getKind() != AffineExprKind::Mul)
      return false;
    if (auto c = dyn_cast<AffineConstantExpr>(bin.getRHS()))
      return visit(bin.getLHS(), scale * c.getValue());
    if (auto c = dyn_cast<AffineConstantExpr>(bin.getLHS()))
      return visit(bin.getRHS(), scale * c.getValue());
    return false;
  };
  if (!visit(expr, 1))
    return failure();
  return result;
}

/// How a value used in an index relates to the axis.
enum class Role { Axis, Inner, Outer, Invalid };

Role classify(Value v, AffineForOp axis) {
  if (v == axis.getInductionVar())
    return Role::Axis;
  Operation *scope = v.getParentRegion()->getParentOp();
  if (!axis->isAncestor(scope))
    return Role::Outer;
  return getForInductionVarOwner(v) ? Role::Inner : Role::Invalid;
}

/// The lowest and highest value of `index` over the inner loops' ranges.
FailureOr<std::pair<int64_t, int64_t>> innerRange(const LinearIndex &index,
                                                  Operation *user) {
  int64_t lo = index.constant, hi = index.constant;
  for (auto [v, c] : index.coefficients) {
    AffineForOp loop = getForInductionVarOwner(v);
    if (!loop.hasConstantBounds())
      return user->emitError("reuse_at needs constant bounds on loop '")
             << getLoopName(loop) << "', which indexes the target";
    int64_t first = loop.getConstantLowerBound();
    int64_t trips =
        (loop.getConstantUpperBound() - first + loop.getStepAsInt() - 1) /
        loop.getStepAsInt();
    if (trips <= 0)
      return user->emitError("loop '")
             << getLoopName(loop) << "' runs no iteration";
    int64_t last = first + (trips - 1) * loop.getStepAsInt();
    lo += c * (c > 0 ? first : last);
    hi += c * (c > 0 ? last : first);
  }
  return std::make_pair(lo, hi);
}

/// The parts of one read's index in dimension `dim`; sets `axisCoefficient`.
FailureOr<std::pair<LinearIndex, LinearIndex>>
splitIndex(const LinearIndex &index, AffineForOp axis, Operation *user,
           unsigned dim, int64_t &axisCoefficient) {
  LinearIndex outer, inner;
  inner.constant = index.constant;
  axisCoefficient = 0;
  for (auto [v, c] : index.coefficients) {
    switch (classify(v, axis)) {
    case Role::Axis:
      axisCoefficient = c;
      break;
    case Role::Outer:
      addTerm(outer, v, c);
      break;
    case Role::Inner:
      addTerm(inner, v, c);
      break;
    case Role::Invalid:
      return user->emitError("index ")
             << dim << " of a read of the target uses a value computed "
             << "inside loop '" << getLoopName(axis) << "'";
    }
  }
  return std::make_pair(outer, inner);
}

LogicalResult collectReads(Operation *user, Value target, AffineForOp axis,
                           SmallVectorImpl<AffineLoadOp> &reads) {
  StringRef axisName = getLoopName(axis);
  for (Operation *op : target.getUsers()) {
    if (!axis->isAncestor(op))
      continue;
    if (auto load = dyn_cast<AffineLoadOp>(op)) {
      reads.push_back(load);
      continue;
    }
    if (isa<AffineStoreOp>(op))
      return user->emitError("reuse_at needs the target to be read-only "
                             "inside loop '")
             << axisName << "', but it is written there";
    return user->emitError("reuse_at needs every use of the target inside "
                           "loop '")
           << axisName << "' to be an affine.load, not '" << op->getName()
           << "'";
  }
  if (reads.empty())
    return user->emitError("the target is not read inside loop '")
           << axisName << "'";
  return success();
}

} // namespace

FailureOr<ReuseWindow> analyzeReuseWindow(Operation *user, Value target,
                                          AffineForOp axis) {
  SmallVector<AffineLoadOp> loads;
  if (failed(collectReads(user, target, axis, loads)))
    return failure();
  StringRef axisName = getLoopName(axis);
  unsigned rank = cast<MemRefType>(target.getType()).getRank();
  ReuseWindow window;
  std::optional<unsigned> reuseDim;
  std::optional<int64_t> stride;
  SmallVector<std::optional<std::pair<int64_t, int64_t>>> ranges(rank);
  SmallVector<bool> readsMoving;
  for (AffineLoadOp load : loads) {
    MemRefAccess ref(load);
    AffineValueMap map;
    ref.getAccessMap(&map);
    WindowRead read{load, {}};
    bool movesWithAxis = false;
    for (unsigned dim = 0; dim < rank; ++dim) {
      FailureOr<LinearIndex> index =
          linearize(map.getResult(dim), map.getNumDims(), map.getOperands());
      if (failed(index))
        return user->emitError("index ")
               << dim << " of a read of the target is not a linear "
               << "expression (reuse_at cannot slide a window over it)";
      int64_t axisCoefficient;
      auto parts = splitIndex(*index, axis, user, dim, axisCoefficient);
      if (failed(parts))
        return failure();
      auto &[outer, inner] = *parts;
      if (axisCoefficient < 0)
        return user->emitError("index ")
               << dim << " of a read of the target moves backwards ("
               << axisCoefficient << " per iteration of loop '" << axisName
               << "'); reuse_at slides the window forwards";
      if (axisCoefficient > 0 && stride && *stride != axisCoefficient)
        return user->emitError("the reads of the target move by ")
               << *stride << " and by " << axisCoefficient
               << " per iteration of loop '" << axisName
               << "'; reuse_at needs one stride";
      if (axisCoefficient > 0) {
        stride = axisCoefficient;
        if (reuseDim && *reuseDim != dim)
          return user->emitError("loop '")
                 << axisName << "' indexes more than one dimension of the "
                 << "target (" << *reuseDim << " and " << dim
                 << "); reuse_at slides along one dimension";
        reuseDim = dim;
        movesWithAxis = true;
      }
      if (window.outer.size() <= dim)
        window.outer.push_back(outer);
      else if (!window.outer[dim].sameTerms(outer))
        return user->emitError("the reads of the target do not move "
                               "together in dimension ")
               << dim << " in the loops around '" << axisName << "'";
      auto range = innerRange(inner, user);
      if (failed(range))
        return failure();
      auto &known = ranges[dim];
      known = known ? std::make_pair(std::min(known->first, range->first),
                                     std::max(known->second, range->second))
                    : *range;
      read.inner.push_back(inner);
    }
    readsMoving.push_back(movesWithAxis);
    window.reads.push_back(std::move(read));
  }
  if (!reuseDim)
    return user->emitError("no reuse along loop '")
           << axisName << "': no index of the target uses it";
  // A read that stays put while the window slides cannot use the buffer.
  if (llvm::is_contained(readsMoving, false))
    return user->emitError("a read of the target does not move with loop '")
           << axisName << "'; reuse_at needs every read inside it to";
  window.reuseDim = *reuseDim;
  window.stride = *stride;
  for (unsigned dim = 0; dim < rank; ++dim) {
    window.lowest.push_back(ranges[dim]->first);
    window.extent.push_back(ranges[dim]->second - ranges[dim]->first + 1);
    if (dim == *reuseDim || window.extent.back() > 1)
      window.bufferDims.push_back(dim);
  }
  if (window.span() <= window.stride)
    return user->emitError("no reuse along loop '")
           << axisName << "': its iterations read disjoint parts of the "
           << "target (span " << window.span() << ", stride " << window.stride
           << " in dimension " << *reuseDim << ")";
  return window;
}

FailureOr<SmallVector<LinearIndex>> getLinearIndices(Operation *access) {
  MemRefAccess ref(access);
  AffineValueMap map;
  ref.getAccessMap(&map);
  SmallVector<LinearIndex> indices;
  for (unsigned dim = 0; dim < map.getNumResults(); ++dim) {
    FailureOr<LinearIndex> index =
        linearize(map.getResult(dim), map.getNumDims(), map.getOperands());
    if (failed(index))
      return failure();
    indices.push_back(std::move(*index));
  }
  return indices;
}

std::pair<AffineMap, SmallVector<Value>>
buildIndexMap(ArrayRef<LinearIndex> indices, MLIRContext *ctx) {
  SmallVector<Value> operands;
  SmallVector<AffineExpr> exprs;
  for (const LinearIndex &index : indices) {
    AffineExpr expr = getAffineConstantExpr(index.constant, ctx);
    for (auto [v, c] : index.coefficients) {
      auto *pos = llvm::find(operands, v);
      if (pos == operands.end()) {
        operands.push_back(v);
        pos = std::prev(operands.end());
      }
      expr = expr + getAffineDimExpr(pos - operands.begin(), ctx) * c;
    }
    exprs.push_back(expr);
  }
  return {AffineMap::get(operands.size(), 0, exprs, ctx), operands};
}

} // namespace hcl
