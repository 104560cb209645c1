//===- BandDistance.cpp - dependences across a flattened band -------------===//
//
// A perfect nest around a pipelined loop (a band) runs as one pipeline
// over all its iterations, in hcl's RTL and in HLS tools. A dependence
// carried by an outer loop of the band is then carried by that one loop
// too, as many iterations apart as the band's inner loops run in between:
// a short inner loop brings an element back soon, and its recurrence
// bounds the II where the pipelined loop alone would not show it.
//
//===----------------------------------------------------------------------===//

#include "hcl/Analysis/Estimate.h"

#include "mlir/Dialect/Affine/Analysis/AffineAnalysis.h"
#include "mlir/Dialect/Affine/Analysis/Utils.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::affine;

namespace hcl {

static int64_t tripsOf(AffineForOp loop) {
  return llvm::divideCeil(
      std::max<int64_t>(0, loop.getConstantUpperBound() -
                               loop.getConstantLowerBound()),
      loop.getStepAsInt());
}

SmallVector<AffineForOp> flattenableBand(AffineForOp pipelined) {
  SmallVector<AffineForOp> band{pipelined};
  auto countable = [](AffineForOp loop) {
    return loop.hasConstantBounds() && loop.getStepAsInt() > 0 &&
           !loop->hasAttr("unroll");
  };
  if (!countable(pipelined))
    return band;
  while (auto parent = dyn_cast<AffineForOp>(band.front()->getParentOp())) {
    if (parent.getBody()->getOperations().size() != 2 || !countable(parent) ||
        parent.getNumIterOperands() != 0 || parent->hasAttr("pipeline_ii"))
      break;
    band.insert(band.begin(), parent);
  }
  return band;
}

std::optional<int64_t> bandCarriedDistance(ArrayRef<AffineForOp> band,
                                           Operation *src, Operation *dst) {
  auto isAffine = [](Operation *op) {
    return isa<AffineReadOpInterface, AffineWriteOpInterface>(op);
  };
  if (!isAffine(src) || !isAffine(dst))
    return 1;
  unsigned first = getNestingDepth(band.front());
  size_t n = band.size();
  SmallVector<int64_t> trips, steps, weights(n, 1);
  for (AffineForOp loop : band) {
    trips.push_back(tripsOf(loop));
    steps.push_back(loop.getStepAsInt());
  }
  for (size_t k = n - 1; k > 0; --k)
    weights[k - 1] = weights[k] * trips[k];
  // Carried by band loop k (MLIR's analysis at its depth: the loops outside
  // it at the same iteration, its own component at least 1): that
  // component's lower bound, each inner one's (at worst -(trips - 1)).
  std::optional<int64_t> smallest;
  MemRefAccess from(src), to(dst);
  for (size_t k = 0; k < n; ++k) {
    SmallVector<DependenceComponent, 2> components;
    DependenceResult result = checkMemrefAccessDependence(
        from, to, first + k + 1, nullptr, &components);
    if (result.value == DependenceResult::Failure)
      return 1;
    if (!hasDependence(result))
      continue;
    if (components.size() < first + n)
      return 1;
    const DependenceComponent &c = components[first + k];
    int64_t d =
        llvm::divideCeil(std::max<int64_t>(1, c.lb.value_or(1)), steps[k]) *
        weights[k];
    for (size_t m = k + 1; m < n; ++m) {
      const DependenceComponent &inner = components[first + m];
      int64_t lowest = -(std::max<int64_t>(1, trips[m]) - 1);
      int64_t lb =
          inner.lb ? llvm::divideFloorSigned(*inner.lb, steps[m]) : lowest;
      d += std::max(lb, lowest) * weights[m];
    }
    d = std::max<int64_t>(1, d);
    if (!smallest || d < *smallest)
      smallest = d;
  }
  return smallest;
}

} // namespace hcl
