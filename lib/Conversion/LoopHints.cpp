//===- LoopHints.cpp - lower-affine that keeps the CPU's loop hints -------===//
//
// --lower-affine rewrites each affine.for into one scf.for in place and drops
// its attributes. The loops keep their pre-order position, so the hints are
// read before the rewrite and put on the new loops in the same order; loops
// that were scf.for already are marked and skipped. The hint goes on the
// scf.for as `loop_annotation`: scf-to-cf moves it to the back edge's cf.br,
// and cf-to-llvm's llvm.br takes it as its `loop_annotation` property, which
// the LLVM IR translation writes as !llvm.loop metadata.
//
//===----------------------------------------------------------------------===//

#include "hcl/Conversion/Passes.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/Conversion/AffineToStandard/AffineToStandard.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "llvm/Support/Debug.h"

namespace hcl {
#define GEN_PASS_DEF_LOWERAFFINEKEEPINGLOOPHINTS
#include "hcl/Conversion/Passes.h.inc"
} // namespace hcl

#define DEBUG_TYPE "hcl-lower-affine-keeping-loop-hints"

using namespace mlir;

namespace {

constexpr llvm::StringLiteral kExistingLoop = "hcl.existing_scf_for";

/// The LLVM loop annotation for `loop`'s hints, or null.
Attribute loopAnnotation(affine::AffineForOp loop) {
  auto width = loop->getAttrOfType<IntegerAttr>("vectorize");
  if (!width)
    return {};
  return parseAttribute("#llvm.loop_annotation<vectorize = <disable = false, "
                        "width = " +
                            std::to_string(width.getInt()) + " : i32>>",
                        loop.getContext());
}

struct LowerAffineKeepingLoopHintsPass
    : hcl::impl::LowerAffineKeepingLoopHintsBase<
          LowerAffineKeepingLoopHintsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<Attribute> hints;
    bool anyHint = false;
    module->walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (auto loop = dyn_cast<affine::AffineForOp>(op)) {
        hints.push_back(loopAnnotation(loop));
        anyHint |= static_cast<bool>(hints.back());
      } else if (isa<scf::ForOp>(op)) {
        op->setAttr(kExistingLoop, UnitAttr::get(op->getContext()));
      }
    });

    OpPassManager pm(ModuleOp::getOperationName());
    pm.addPass(createLowerAffinePass());
    if (failed(runPipeline(pm, module)))
      return signalPassFailure();

    SmallVector<scf::ForOp> lowered;
    module->walk<WalkOrder::PreOrder>([&](scf::ForOp loop) {
      if (loop->hasAttr(kExistingLoop))
        loop->removeAttr(kExistingLoop);
      else
        lowered.push_back(loop);
    });
    LLVM_DEBUG(llvm::dbgs()
               << DEBUG_TYPE ": " << hints.size() << " affine loops became "
               << lowered.size() << " scf loops; hints: " << anyHint << "\n");
    if (!anyHint)
      return;
    if (lowered.size() != hints.size()) {
      module.emitError("lowering affine loops gave ")
          << lowered.size() << " scf.for loops for " << hints.size()
          << " affine.for loops; their vectorize hints cannot be placed";
      return signalPassFailure();
    }
    for (auto [loop, hint] : llvm::zip(lowered, hints))
      if (hint)
        loop->setAttr("loop_annotation", hint);
  }
};

} // namespace
