//===- ParallelLoops.cpp - loops marked `parallel` become affine.parallel -===//
//
// The first step of running hcl.parallel loops on OpenMP threads. The loop
// becomes an affine.parallel here, before --lower-affine, because its body
// must stay affine: --hcl-lower-affine-keeping-loop-hints pairs the
// affine.for loops with the scf.for loops --lower-affine makes by position,
// and an affine.parallel (lowered to scf.parallel) is neither, so the
// vectorize hints of the loops inside still land on the right loops.
// --hcl-parallel-to-openmp takes the scf.parallel to OpenMP.
//
//===----------------------------------------------------------------------===//

#include "hcl/Conversion/Passes.h"

#include "mlir/Dialect/Affine/Analysis/AffineAnalysis.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Affine/Utils.h"

namespace hcl {
#define GEN_PASS_DEF_PARALLELLOOPS
#include "hcl/Conversion/Passes.h.inc"
} // namespace hcl

using namespace mlir;

namespace {

constexpr llvm::StringLiteral kParallelAttr = "parallel";

/// The marked loops with no marked loop around them. The ones inside stay
/// serial: every thread runs its iterations' inner loops itself.
SmallVector<affine::AffineForOp> outermostMarkedLoops(ModuleOp module) {
  SmallVector<affine::AffineForOp> loops;
  module->walk<WalkOrder::PreOrder>([&](affine::AffineForOp loop) {
    if (!loop->hasAttr(kParallelAttr))
      return WalkResult::advance();
    loops.push_back(loop);
    return WalkResult::skip();
  });
  return loops;
}

std::string describe(affine::AffineForOp loop) {
  if (auto name = loop->getAttrOfType<StringAttr>("loop_name"))
    return "loop '" + name.str() + "'";
  return "this loop";
}

struct ParallelLoopsPass
    : hcl::impl::ParallelLoopsBase<ParallelLoopsPass> {
  void runOnOperation() override {
    for (affine::AffineForOp loop : outermostMarkedLoops(getOperation())) {
      // hcl.parallel checked the loop when it marked it; primitives applied
      // later may have made its iterations share memory since.
      if (loop.getNumIterOperands() != 0 || !affine::isLoopParallel(loop)) {
        loop.emitWarning()
            << describe(loop)
            << " is marked parallel but carries a dependence between "
               "iterations (a primitive applied after hcl.parallel can make "
               "one); it runs on one thread";
        continue;
      }
      if (failed(affine::affineParallelize(loop))) {
        loop.emitError() << describe(loop)
                         << " is marked parallel but cannot become an "
                            "affine.parallel loop";
        return signalPassFailure();
      }
    }
  }
};

} // namespace
