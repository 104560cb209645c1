//===- ExpandTemplates.cpp - hcl.apply: a customization in place ----------===//

#include "hcl/Transforms/Primitives.h"

#include "mlir/IR/IRMapping.h"

using namespace mlir;

namespace hcl {

LogicalResult expandTemplates(func::FuncOp func) {
  SmallVector<ApplyOp> applies;
  func.walk([&](ApplyOp apply) { applies.push_back(apply); });
  for (ApplyOp apply : applies) {
    auto customization = SymbolTable::lookupNearestSymbolFrom<CustomizationOp>(
        apply, apply.getCalleeAttr());
    if (!customization) // the verifier reports it; stay safe when skipped
      return apply.emitOpError("'")
             << apply.getCallee() << "' names no hcl.customization";
    // The body is cloned where hcl.apply stands, parameters replaced by the
    // arguments, so its primitives apply in program order there.
    Block &body = customization.getBody().front();
    IRMapping mapping;
    mapping.map(body.getArguments(), apply.getArgs());
    OpBuilder builder(apply);
    for (Operation &op : body.without_terminator())
      builder.clone(op, mapping);
    apply.erase();
  }
  return success();
}

} // namespace hcl
