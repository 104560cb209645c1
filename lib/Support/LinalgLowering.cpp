//===- LinalgLowering.cpp - linalg operations as affine loops -------------===//

#include "hcl/Support/LinalgLowering.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Pass/PassManager.h"

using namespace mlir;

namespace hcl {

LogicalResult lowerLinalgToAffine(ModuleOp module) {
  bool hasLinalg = false;
  module.walk([&](Operation *op) {
    if (isa_and_nonnull<linalg::LinalgDialect>(op->getDialect())) {
      hasLinalg = true;
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  if (!hasLinalg)
    return success();
  PassManager pm(module.getContext());
  pm.addPass(createConvertLinalgToAffineLoopsPass());
  if (failed(pm.run(module)))
    return failure();
  // A linalg op the pass leaves (on tensors) would reach the JIT or the
  // emitter; say so here, where it is clear.
  WalkResult left = module.walk([](Operation *op) {
    if (isa_and_nonnull<linalg::LinalgDialect>(op->getDialect())) {
      op->emitError("'") << op->getName()
                         << "' is not lowered to affine loops (hcl handles "
                            "linalg on memrefs only)";
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return failure(left.wasInterrupted());
}

} // namespace hcl
