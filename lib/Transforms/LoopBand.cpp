//===- LoopBand.cpp - helpers for bands of perfectly nested loops ---------===//

#include "LoopBand.h"

#include "hcl/Dialect/HCL/Naming.h"
#include "hcl/Transforms/ScheduleContext.h"

#include "mlir/Dialect/Affine/LoopUtils.h"
#include "mlir/Dialect/Affine/Utils.h"

using namespace mlir;
using namespace mlir::affine;

namespace hcl {

FailureOr<SmallVector<AffineForOp>> tileBand(Operation *user,
                                             ArrayRef<AffineForOp> band,
                                             ArrayRef<unsigned> sizes) {
  SmallVector<std::string> names;
  SmallVector<SmallVector<NamedAttribute>> annotations;
  for (AffineForOp loop : band) {
    names.push_back(getLoopName(loop).str());
    annotations.push_back(getLoopAnnotations(loop));
  }
  Attribute stageName = band.front()->getAttr(kStageNameAttr);

  SmallVector<AffineForOp> input(band), tiled;
  if (failed(tilePerfectlyNested(input, sizes, &tiled)))
    return user->emitError("the loops could not be tiled (their bounds are "
                           "not affine in the enclosing loops)");
  size_t n = band.size();
  for (size_t i = 0; i < n; ++i) {
    for (auto [loop, suffix] :
         {std::pair{tiled[i], ".outer"}, std::pair{tiled[n + i], ".inner"}}) {
      loop->removeAttr(kStageNameAttr);
      loop->setAttr(kLoopNameAttr,
                    StringAttr::get(user->getContext(), names[i] + suffix));
      for (NamedAttribute attr : annotations[i])
        loop->setAttr(attr.getName(), attr.getValue());
    }
  }
  if (stageName)
    tiled.front()->setAttr(kStageNameAttr, stageName);
  // 0-based unit-step loops read better in HLS C++ and give constant trip
  // counts to the outer loops.
  for (AffineForOp loop : tiled)
    (void)normalizeAffineFor(loop);
  return tiled;
}

FailureOr<SmallVector<AffineForOp>>
getPerfectBand(Operation *user, AffineForOp outer, AffineForOp inner) {
  SmallVector<AffineForOp> nest;
  getPerfectlyNestedLoops(nest, outer);
  auto it = llvm::find(nest, inner);
  if (it == nest.end())
    return user->emitError("loops '")
           << getLoopName(outer) << "' and '" << getLoopName(inner)
           << "' are not perfectly nested: other operations sit between them";
  nest.erase(std::next(it), nest.end());
  return nest;
}

} // namespace hcl
