//===- LowerLinalgToAffine.cpp - linalg operations as affine loops --------===//
//
// HeteroCL-MLIR programs may hold linalg operations (`linalg.fill`,
// `linalg.matmul` on memrefs). Schedules, the JIT and the emitters work on
// affine loop nests, so every `hcl` command runs this pass first.
//
//===----------------------------------------------------------------------===//

#include "hcl/Conversion/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "llvm/Support/Debug.h"

namespace hcl {
#define GEN_PASS_DEF_LOWERLINALGTOAFFINE
#include "hcl/Conversion/Passes.h.inc"
} // namespace hcl

#define DEBUG_TYPE "hcl-lower-linalg-to-affine"

using namespace mlir;

namespace {

bool isLinalg(Operation *op) {
  return isa_and_nonnull<linalg::LinalgDialect>(op->getDialect());
}

struct LowerLinalgToAffinePass
    : hcl::impl::LowerLinalgToAffineBase<LowerLinalgToAffinePass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    // MLIR's pass also folds and erases dead operations: a module without
    // linalg is left exactly as written.
    if (!module
             .walk([](Operation *op) {
               return isLinalg(op) ? WalkResult::interrupt()
                                   : WalkResult::advance();
             })
             .wasInterrupted()) {
      // Unchanged: the pass manager need not verify the module again.
      markAllAnalysesPreserved();
      return;
    }
    LLVM_DEBUG(llvm::dbgs() << DEBUG_TYPE ": lowering linalg operations\n");
    OpPassManager lowering(ModuleOp::getOperationName());
    lowering.addPass(createConvertLinalgToAffineLoopsPass());
    if (failed(runPipeline(lowering, module)))
      return signalPassFailure();
    // A linalg op the pass leaves (on tensors) would reach the JIT or the
    // emitter; say so here, where it is clear. Pre-order: the operation,
    // not the linalg.yield of its body.
    WalkResult left = module.walk<WalkOrder::PreOrder>([](Operation *op) {
      if (!isLinalg(op))
        return WalkResult::advance();
      op->emitError("'") << op->getName()
                         << "' is not lowered to affine loops (hcl handles "
                            "linalg on memrefs only)";
      return WalkResult::interrupt();
    });
    if (left.wasInterrupted())
      signalPassFailure();
  }
};

} // namespace
