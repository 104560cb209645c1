//===- StepSupport.cpp - small queries the Bambu steps share --------------===//

#include "Steps.h"

#include "hcl/Dialect/HCL/Naming.h"
#include "mlir/Dialect/Affine/Analysis/LoopAnalysis.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;

namespace hcl::bambu {

bool isLocalScalar(Value memref) {
  auto type = dyn_cast<MemRefType>(memref.getType());
  return type && type.getRank() == 0 &&
         memref.getDefiningOp<memref::AllocaOp>();
}

std::optional<int64_t> tripCount(affine::AffineForOp loop) {
  std::optional<uint64_t> trips = affine::getConstantTripCount(loop);
  if (!trips)
    return std::nullopt;
  return static_cast<int64_t>(*trips);
}

std::string valueName(Value v) {
  if (auto arg = dyn_cast<BlockArgument>(v)) {
    Operation *owner = arg.getOwner()->getParentOp();
    if (auto loop = dyn_cast<affine::AffineForOp>(owner)) {
      StringRef name = getLoopName(loop);
      return name.empty() ? "i" : name.str();
    }
    if (auto func = dyn_cast<func::FuncOp>(owner)) {
      if (auto names = func->getAttrOfType<ArrayAttr>(kParamNamesAttr))
        return cast<StringAttr>(names[arg.getArgNumber()]).str();
      return "arg" + std::to_string(arg.getArgNumber());
    }
    return "v";
  }
  if (auto name = v.getDefiningOp()->getAttrOfType<StringAttr>("name"))
    return name.str();
  return "v";
}

} // namespace hcl::bambu
