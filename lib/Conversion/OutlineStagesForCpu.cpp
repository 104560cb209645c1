//===- OutlineStagesForCpu.cpp - one LLVM function per stage on the CPU ---===//
//
// LLVM's code generation is not linear in the size of a function: loop
// strength reduction, its induction-variable users and register allocation
// each look across the function's loops, so a model imported from ONNX with
// hundreds of stages in one function compiled in 22 s at 288 nodes against
// 3 s at 72. A function with many stages therefore has each top-level stage
// (an affine.for carrying a stage_name) outlined into a private function of
// its own, kept out of line (`noinline`), so that each is optimized and
// compiled alone. A call per stage costs nothing next to a loop nest.
//
//===----------------------------------------------------------------------===//

#include "hcl/Conversion/Passes.h"
#include "hcl/Transforms/OutlineRegion.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/Support/Debug.h"

namespace hcl {
#define GEN_PASS_DEF_OUTLINESTAGESFORCPU
#include "hcl/Conversion/Passes.h.inc"
} // namespace hcl

#define DEBUG_TYPE "hcl-outline-stages-for-cpu"

using namespace mlir;

namespace {

/// The stages at the top level of `function`'s body, in order.
SmallVector<affine::AffineForOp> topLevelStages(func::FuncOp function) {
  SmallVector<affine::AffineForOp> stages;
  for (Operation &op : function.getBody().front())
    if (auto loop = dyn_cast<affine::AffineForOp>(op))
      if (loop->hasAttr("stage_name"))
        stages.push_back(loop);
  return stages;
}

struct OutlineStagesForCpuPass
    : hcl::impl::OutlineStagesForCpuBase<OutlineStagesForCpuPass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<func::FuncOp> functions(getOperation().getOps<func::FuncOp>());
    for (func::FuncOp function : functions) {
      if (function.isExternal())
        continue;
      SmallVector<affine::AffineForOp> stages = topLevelStages(function);
      if (stages.size() < minStages)
        continue;
      LLVM_DEBUG(llvm::dbgs()
                 << DEBUG_TYPE ": " << stages.size() << " stages of @"
                 << function.getSymName() << " become functions\n");
      for (affine::AffineForOp stage : stages) {
        auto name = stage->getAttrOfType<StringAttr>("stage_name");
        func::CallOp call = hcl::outlineIntoCall(
            {stage.getOperation()},
            (function.getSymName() + "__" + name.getValue()).str());
        auto callee =
            getOperation().lookupSymbol<func::FuncOp>(call.getCallee());
        callee.setNoInline(true);
      }
    }
  }
};

} // namespace
