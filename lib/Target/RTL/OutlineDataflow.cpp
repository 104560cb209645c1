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

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
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

/// An allocation that is only written: nothing observes it, so its stores
/// go with it (then the loads and loops that fed only them).
struct EraseWriteOnlyAlloc : public OpRewritePattern<memref::AllocOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(memref::AllocOp alloc,
                                PatternRewriter &rewriter) const override {
    auto writesInto = [&](Operation *user) {
      if (auto store = dyn_cast<affine::AffineWriteOpInterface>(user))
        return store.getMemRef() == alloc &&
               store.getValueToStore() != alloc.getResult();
      if (auto store = dyn_cast<memref::StoreOp>(user))
        return store.getMemRef() == alloc &&
               store.getValueToStore() != alloc.getResult();
      return isa<memref::DeallocOp>(user);
    };
    if (!llvm::all_of(alloc->getUsers(), writesInto))
      return failure();
    LLVM_DEBUG(llvm::dbgs() << DEBUG_TYPE ": erasing the write-only "
                            << alloc->getAttr("name") << "\n");
    for (Operation *user : llvm::make_early_inc_range(alloc->getUsers()))
      rewriter.eraseOp(user);
    rewriter.eraseOp(alloc);
    return success();
  }
};

/// Removes the stages of a dataflow region whose results nobody reads,
/// before they become processes. Such a stage still pops the streams it
/// reads; once outlined, the dead code inside its function would be
/// dropped, pops included, while its producer kept pushing: the region
/// would deadlock. Removed here, its input streams become write-only and
/// go too, and so on up the chain.
LogicalResult eraseDeadStages(func::FuncOp func) {
  MLIRContext *context = func.getContext();
  RewritePatternSet patterns(context);
  patterns.add<EraseWriteOnlyAlloc>(context);
  affine::AffineForOp::getCanonicalizationPatterns(patterns, context);
  scf::ForOp::getCanonicalizationPatterns(patterns, context);
  return applyPatternsGreedily(func, std::move(patterns));
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
    for (auto func : module.getOps<func::FuncOp>())
      if (rtl::isDataflowRegion(func))
        (void)eraseDeadStages(func);
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
