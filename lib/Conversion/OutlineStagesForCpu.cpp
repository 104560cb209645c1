//===- OutlineStagesForCpu.cpp - one LLVM function per stage on the CPU ---===//
//
// LLVM's code generation is not linear in the size of a function: loop
// strength reduction, its induction-variable users and register allocation
// each look across the function's loops, so a model imported from ONNX with
// hundreds of stages in one function compiled in 22 s at 288 nodes against
// 3 s at 72. A function with many stages therefore has each top-level stage
// (an affine.for carrying a stage_name) outlined into a private function of
// its own, kept out of line (`noinline`), so that each is optimized and
// compiled alone. A call per stage costs nothing next to a loop nest; what
// the stage loses is knowing that its buffers are distinct objects, so the
// function says so (`noalias`) where the call passes distinct buffers.
//
//===----------------------------------------------------------------------===//

#include "hcl/Conversion/Passes.h"
#include "hcl/Transforms/OutlineRegion.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/StringSet.h"
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

/// Keeps `function` out of line in MLIR's inliner and in LLVM's: the
/// conversion to the LLVM dialect drops func.func's `no_inline`, and LLVM's
/// inliner then folds stages back into their caller (a depthwise
/// convolution called 48 times made a 576-block caller), which undoes the
/// outlining and its compile time.
void markNoInline(func::FuncOp function) {
  function.setNoInline(true);
  Builder builder(function.getContext());
  function->setAttr("passthrough",
                    builder.getArrayAttr({builder.getStringAttr("noinline")}));
}

/// What `memref` is a view of: the value it derives from through views.
Value bufferRoot(Value memref) {
  while (auto view = memref.getDefiningOp<ViewLikeOpInterface>())
    memref = view.getViewSource();
  return memref;
}

/// Whether the memrefs `call` passes are distinct buffers nothing else in
/// the callee reaches: each a view of its own allocation, of its own
/// global, or (for one of them at most) of the caller's arguments, which
/// the caller's caller may have passed twice. The callee may then tell
/// LLVM they do not alias: a stage that has its weights and its output as
/// arguments otherwise reloads its accumulator after every multiply.
bool passesDistinctBuffers(func::CallOp call, func::FuncOp callee) {
  llvm::DenseSet<Value> roots;
  llvm::StringSet<> globals;
  unsigned fromArguments = 0;
  for (Value operand : call.getOperands()) {
    if (!isa<MemRefType>(operand.getType()))
      continue;
    Value root = bufferRoot(operand);
    if (!roots.insert(root).second)
      return false;
    if (isa<BlockArgument>(root)) {
      ++fromArguments;
      continue;
    }
    Operation *def = root.getDefiningOp();
    if (auto global = dyn_cast<memref::GetGlobalOp>(def)) {
      if (!globals.insert(global.getName()).second)
        return false;
      continue;
    }
    if (!isa<memref::AllocOp, memref::AllocaOp>(def))
      return false;
  }
  if (fromArguments > 1)
    return false;
  bool readsGlobal = false;
  callee.walk([&](memref::GetGlobalOp global) {
    readsGlobal |= globals.contains(global.getName());
  });
  return !readsGlobal;
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
        markNoInline(callee);
        if (passesDistinctBuffers(call, callee))
          callee->setAttr(hcl::kNoAliasArgumentsAttrName,
                          UnitAttr::get(callee.getContext()));
      }
    }
  }
};

} // namespace
