//===- ParallelToOpenMP.cpp - scf.parallel loops on OpenMP threads --------===//
//
// The second step of running hcl.parallel loops on threads: MLIR's
// --convert-scf-to-openmp, then two adjustments. Each work-sharing loop gets
// schedule(static), so a thread's iterations are one contiguous block (the
// rows of a gemm, say) and the split costs no run-time bookkeeping. And the
// memref.alloca_scope put around each iteration's body is dissolved: the
// scf.for loops in it become several blocks in --convert-scf-to-cf, which
// the scope's single-block region cannot hold.
//
//===----------------------------------------------------------------------===//

#include "hcl/Conversion/Passes.h"

#include "mlir/Conversion/SCFToOpenMP/SCFToOpenMP.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/Support/Debug.h"

namespace hcl {
#define GEN_PASS_DEF_PARALLELTOOPENMP
#include "hcl/Conversion/Passes.h.inc"
} // namespace hcl

#define DEBUG_TYPE "hcl-parallel-to-openmp"

using namespace mlir;

namespace {

/// Inlines `scope`'s body where it stands. When the body allocates on the
/// stack, the stack pointer is saved before it and restored after it, as
/// the scope would have: each iteration then frees its allocas.
void dissolve(memref::AllocaScopeOp scope) {
  Block &body = scope.getBodyRegion().front();
  bool allocates =
      scope.walk([](memref::AllocaOp) { return WalkResult::interrupt(); })
          .wasInterrupted();
  OpBuilder builder(scope);
  Location loc = scope.getLoc();
  Value saved;
  if (allocates)
    saved = LLVM::StackSaveOp::create(
        builder, loc, LLVM::LLVMPointerType::get(scope.getContext()));
  scope->getBlock()->getOperations().splice(
      Block::iterator(scope), body.getOperations(), body.begin(),
      Block::iterator(body.getTerminator()));
  if (allocates)
    LLVM::StackRestoreOp::create(builder, loc, saved);
  scope.erase();
}

struct ParallelToOpenMPPass
    : hcl::impl::ParallelToOpenMPBase<ParallelToOpenMPPass> {
  using ParallelToOpenMPBase::ParallelToOpenMPBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (!module.walk([](scf::ParallelOp) { return WalkResult::interrupt(); })
             .wasInterrupted())
      return;
    LLVM_DEBUG(llvm::dbgs()
               << DEBUG_TYPE ": scf.parallel loops on " << numThreads
               << " threads (0: OpenMP's default)\n");
    OpPassManager pm(ModuleOp::getOperationName());
    ConvertSCFToOpenMPPassOptions options;
    options.numThreads = numThreads;
    pm.addPass(createConvertSCFToOpenMPPass(options));
    if (failed(runPipeline(pm, module)))
      return signalPassFailure();

    module.walk([](omp::WsloopOp loop) {
      loop.setScheduleKind(omp::ClauseScheduleKind::Static);
    });
    SmallVector<memref::AllocaScopeOp> scopes;
    module.walk([&](memref::AllocaScopeOp scope) {
      if (isa<omp::LoopNestOp>(scope->getParentOp()) &&
          scope->getNumResults() == 0)
        scopes.push_back(scope);
    });
    for (memref::AllocaScopeOp scope : scopes)
      dissolve(scope);
  }
};

} // namespace
