//===- BandLegality.cpp - may a band of loops be permuted or tiled? -------===//

#include "BandLegality.h"

#include "mlir/Dialect/Affine/Analysis/AffineAnalysis.h"
#include "mlir/Dialect/Affine/Analysis/Utils.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace mlir::affine;

namespace hcl {

Operation *findUnanalyzableAccess(Operation *root) {
  SmallPtrSet<Value, 4> written;
  SmallVector<Operation *> opaque;
  root->walk([&](Operation *op) {
    if (auto store = dyn_cast<AffineWriteOpInterface>(op)) {
      written.insert(store.getMemRef());
      return;
    }
    if (isa<AffineReadOpInterface>(op) || isMemoryEffectFree(op) ||
        hasSingleEffect<MemoryEffects::Allocate>(op) ||
        isa<AffineForOp, AffineIfOp, AffineYieldOp>(op) ||
        op->hasTrait<OpTrait::HasRecursiveMemoryEffects>())
      return;
    opaque.push_back(op);
    if (auto store = dyn_cast<memref::StoreOp>(op))
      written.insert(store.getMemRef());
  });
  for (Operation *op : opaque) {
    auto load = dyn_cast<memref::LoadOp>(op);
    // A data-dependent read of memory the band never writes is harmless.
    if (!load || written.contains(load.getMemRef()))
      return op;
  }
  return nullptr;
}

/// Distance ranges, one per band loop, of every dependence between accesses
/// inside the band that is not carried by a loop around the band.
static SmallVector<SmallVector<DependenceComponent>>
bandDependences(ArrayRef<AffineForOp> band) {
  SmallVector<Operation *> accesses;
  AffineForOp root = band.front();
  AffineForOp innermost = band.back();
  root.walk([&](Operation *op) {
    if (!isa<AffineReadOpInterface, AffineWriteOpInterface>(op))
      return;
    // A buffer allocated inside the innermost band loop (a reduction's
    // accumulator) is new in every iteration: no dependence crosses them.
    Operation *def = MemRefAccess(op).memref.getDefiningOp();
    if (def && innermost->isProperAncestor(def))
      return;
    accesses.push_back(op);
  });
  unsigned outerLoops = getNestingDepth(band.front());
  SmallVector<SmallVector<DependenceComponent>> result;
  // Imperative code's memref.load / memref.store (data-dependent indices)
  // and calls are beyond affine analysis: any of them that may touch
  // memory written in the band is a dependence of unknown distance.
  if (findUnanalyzableAccess(root))
    result.push_back(SmallVector<DependenceComponent>(band.size()));
  for (Operation *src : accesses) {
    for (Operation *dst : accesses) {
      MemRefAccess srcAccess(src), dstAccess(dst);
      if (srcAccess.memref != dstAccess.memref ||
          (!srcAccess.isStore() && !dstAccess.isStore()))
        continue;
      unsigned common = getNumCommonSurroundingLoops(*src, *dst);
      // Depth d: equal iterations of loops 1..d-1, carried by loop d.
      for (unsigned depth = outerLoops + 1; depth <= common; ++depth) {
        SmallVector<DependenceComponent, 2> components;
        DependenceResult dependence = checkMemrefAccessDependence(
            srcAccess, dstAccess, depth, nullptr, &components);
        if (!hasDependence(dependence))
          continue;
        SmallVector<DependenceComponent> inBand;
        for (AffineForOp loop : band) {
          auto it =
              llvm::find_if(components, [&](const DependenceComponent &c) {
                return c.op == loop.getOperation();
              });
          inBand.push_back(it == components.end() ? DependenceComponent()
                                                  : *it);
        }
        result.push_back(std::move(inBand));
      }
    }
  }
  return result;
}

/// Lexicographically positive (or all zero) for sure, scanning in `order`.
static bool staysPositive(ArrayRef<DependenceComponent> components,
                          ArrayRef<unsigned> order) {
  for (unsigned index : order) {
    const DependenceComponent &c = components[index];
    if (!c.lb || *c.lb < 0)
      return false; // may be negative here before anything made it positive
    if (*c.lb > 0)
      return true;
  }
  return true;
}

bool isValidBandPermutation(ArrayRef<AffineForOp> band,
                            ArrayRef<unsigned> permutation) {
  // order[newPosition] = old index.
  SmallVector<unsigned> order(band.size());
  for (auto [oldIndex, newPosition] : llvm::enumerate(permutation))
    order[newPosition] = oldIndex;
  for (const auto &components : bandDependences(band))
    if (!staysPositive(components, order))
      return false;
  return true;
}

bool isBandTilable(ArrayRef<AffineForOp> band) {
  for (const auto &components : bandDependences(band)) {
    // Every distance inside the band must be non-negative, even after an
    // earlier band loop carried the dependence: (1, -1) cannot be tiled.
    for (const DependenceComponent &c : components)
      if (!c.lb || *c.lb < 0)
        return false;
  }
  return true;
}

} // namespace hcl
