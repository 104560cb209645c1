//===- Naming.cpp - finding stages and loops by name ----------------------===//

#include "hcl/Dialect/HCL/Naming.h"
#include "hcl/Dialect/HCL/HCLDialect.h"

#include "mlir/IR/BuiltinAttributes.h"

using namespace mlir;

namespace hcl {

static StringRef getStringAttr(Operation *op, StringRef attrName) {
  if (auto attr = op->getAttrOfType<StringAttr>(attrName))
    return attr.getValue();
  return "";
}

StringRef getStageName(Operation *op) {
  StringRef name = getStringAttr(op, kStageNameAttr);
  return name.empty() ? getStringAttr(op, kOpNameAttr) : name;
}

StringRef getLoopName(Operation *op) {
  return getStringAttr(op, kLoopNameAttr);
}

/// Schedule operations carry names too (the handle ops store the name they
/// refer to); they are never the stage or loop being looked for.
static bool isNamedAlgorithmOp(Operation *op) {
  return !isa_and_nonnull<HCLDialect>(op->getDialect());
}

void adoptOpNames(Operation *scope) {
  scope->walk([](Operation *op) {
    auto alias = op->getAttrOfType<StringAttr>(kOpNameAttr);
    if (!alias || !isNamedAlgorithmOp(op) || op->hasAttr(kStageNameAttr))
      return;
    op->removeAttr(kOpNameAttr);
    op->setAttr(kStageNameAttr, alias);
  });
}

SmallVector<Operation *> findStageOps(Operation *scope, StringRef name) {
  SmallVector<Operation *> found;
  if (name.empty())
    return found;
  scope->walk([&](Operation *op) {
    if (getStageName(op) == name && isNamedAlgorithmOp(op))
      found.push_back(op);
  });
  return found;
}

Operation *findLoopOp(Operation *scope, StringRef name) {
  Operation *found = nullptr;
  if (name.empty())
    return found;
  scope->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (getLoopName(op) != name || !isNamedAlgorithmOp(op))
      return WalkResult::advance();
    found = op;
    return WalkResult::interrupt();
  });
  return found;
}

bool isDerivedLoopName(StringRef name) {
  // Every name a primitive makes has a dot (`i.outer`, `i.pre`, compute_at's
  // `B.j`) or ends in _fused / _init / _back (HeteroCL's spellings).
  return name.contains('.') || name.ends_with("_fused") ||
         name.ends_with("_init") || name.ends_with("_back");
}

} // namespace hcl
