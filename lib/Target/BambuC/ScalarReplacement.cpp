//===- ScalarReplacement.cpp - repeated accesses of one element -----------===//
//
// The ONNX-to-Bambu thesis: "when a filter code accesses a buffer location on
// the same index inside the same loop", the later accesses use a local value.
// MLIR's affine scalar replacement does this on the affine form: a load
// after a store of the same element takes the stored value, a load after a
// load of the same element with no store between reuses it, and a local
// buffer left with stores only disappears. It runs after HoistAccesses, so
// the element an accumulation carries across iterations is already local.
//
//===----------------------------------------------------------------------===//

#include "Steps.h"

#include "mlir/Analysis/AliasAnalysis.h"
#include "mlir/Dialect/Affine/Utils.h"
#include "mlir/IR/Dominance.h"

using namespace mlir;

namespace hcl::bambu {

void replaceScalars(func::FuncOp func) {
  DominanceInfo dominance(func);
  PostDominanceInfo postDominance(func);
  AliasAnalysis aliases(func);
  affine::affineScalarReplace(func, dominance, postDominance, aliases);
}

} // namespace hcl::bambu
