//===- Naming.cpp - finding stages and loops by name ----------------------===//

#include "hcl/Dialect/HCL/Naming.h"

#include "mlir/IR/BuiltinAttributes.h"

using namespace mlir;

namespace hcl {

static StringRef getStringAttr(Operation *op, StringRef attrName) {
  if (auto attr = op->getAttrOfType<StringAttr>(attrName))
    return attr.getValue();
  return "";
}

StringRef getStageName(Operation *op) {
  return getStringAttr(op, kStageNameAttr);
}

StringRef getLoopName(Operation *op) {
  return getStringAttr(op, kLoopNameAttr);
}

SmallVector<Operation *> findStageOps(Operation *scope, StringRef name) {
  SmallVector<Operation *> found;
  scope->walk([&](Operation *op) {
    if (getStageName(op) == name)
      found.push_back(op);
  });
  return found;
}

Operation *findLoopOp(Operation *scope, StringRef name) {
  Operation *found = nullptr;
  scope->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (getLoopName(op) != name)
      return WalkResult::advance();
    found = op;
    return WalkResult::interrupt();
  });
  return found;
}

bool isDerivedLoopName(StringRef name) {
  return name.ends_with(".outer") || name.ends_with(".inner") ||
         name.ends_with(".fused") || name.ends_with("_init") ||
         name.ends_with("_back");
}

} // namespace hcl
