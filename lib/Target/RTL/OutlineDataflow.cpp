//===- OutlineDataflow.cpp - hcl-rtl-outline-dataflow ---------------------===//
//
// Each process of a dataflow region becomes a function (the HLS backend's
// outlining, hcl/Transforms/OutlineDataflow.h), so that it is a module the
// region's module starts concurrently; the callee arguments that receive a
// stream are marked with the FIFO's depth (Dataflow.h).
//
//===----------------------------------------------------------------------===//

#include "Dataflow.h"

#include "hcl/Target/RTL/Passes.h"
#include "hcl/Transforms/OutlineDataflow.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/Support/Debug.h"

using namespace mlir;

namespace hcl {

#define GEN_PASS_DEF_RTLOUTLINEDATAFLOW
#include "hcl/Target/RTL/Passes.h.inc"

#define DEBUG_TYPE "hcl-rtl-outline-dataflow"

namespace {

func::FuncOp calleeOf(func::CallOp call) {
  return SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
      call, call.getCalleeAttr());
}

/// Marks the arguments of `func`'s callees that receive a stream.
void markStreams(func::FuncOp func) {
  Builder b(func.getContext());
  func.walk([&](func::CallOp call) {
    func::FuncOp callee = calleeOf(call);
    if (!callee || callee.isExternal())
      return;
    callee->setAttr(rtl::kProcessAttr, b.getUnitAttr());
    for (auto [index, operand] : llvm::enumerate(call.getOperands())) {
      Operation *def = operand.getDefiningOp();
      if (!def || !isStreamAlloc(*def))
        continue;
      int64_t depth = def->getAttrOfType<IntegerAttr>("stream_depth").getInt();
      LLVM_DEBUG(llvm::dbgs()
                 << DEBUG_TYPE ": @" << callee.getSymName() << " argument "
                 << index << " is a stream of depth " << depth << "\n");
      callee.setArgAttr(index, rtl::kStreamAttr, b.getI64IntegerAttr(depth));
    }
  });
}

/// Every call agrees on which arguments are streams.
LogicalResult checkCalls(ModuleOp module) {
  WalkResult result = module.walk([](func::CallOp call) {
    func::FuncOp callee = calleeOf(call);
    if (!callee || callee.isExternal())
      return WalkResult::advance();
    for (auto [index, operand] : llvm::enumerate(call.getOperands())) {
      Operation *def = operand.getDefiningOp();
      bool stream = def && isStreamAlloc(*def);
      if (stream ==
          static_cast<bool>(callee.getArgAttr(index, rtl::kStreamAttr)))
        continue;
      call.emitError("rtl: argument ")
          << index << " of @" << call.getCallee()
          << " is a stream at one call and an array at another";
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

struct RTLOutlineDataflowPass
    : public impl::RTLOutlineDataflowBase<RTLOutlineDataflowPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (failed(outlineDataflowProcesses(module)))
      return signalPassFailure();
    for (auto func : module.getOps<func::FuncOp>())
      if (rtl::isDataflowRegion(func))
        markStreams(func);
    if (failed(checkCalls(module)))
      signalPassFailure();
  }
};

} // namespace

namespace rtl {

bool isDataflowRegion(func::FuncOp func) {
  return func->hasAttr("dataflow") && hasStreamAllocs(func);
}

bool isProcess(func::FuncOp func) { return func->hasAttr(kProcessAttr); }

bool isStream(Value memory) {
  auto argument = dyn_cast<BlockArgument>(memory);
  if (!argument)
    return false;
  auto func = dyn_cast<func::FuncOp>(argument.getOwner()->getParentOp());
  return func && func.getArgAttr(argument.getArgNumber(), kStreamAttr);
}

} // namespace rtl
} // namespace hcl
