//===- StepSupport.cpp - small queries the Bambu steps share --------------===//

#include "Steps.h"

#include "mlir/Dialect/Affine/Analysis/LoopAnalysis.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;

namespace hcl::bambu {

bool isLocalScalar(Value memref) {
  auto type = dyn_cast<MemRefType>(memref.getType());
  return type && type.getRank() == 0 && memref.getDefiningOp<memref::AllocaOp>();
}

std::optional<int64_t> tripCount(affine::AffineForOp loop) {
  std::optional<uint64_t> trips = affine::getConstantTripCount(loop);
  if (!trips)
    return std::nullopt;
  return static_cast<int64_t>(*trips);
}

} // namespace hcl::bambu
