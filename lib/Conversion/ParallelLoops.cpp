//===- ParallelLoops.cpp - loops marked `parallel` become affine.parallel -===//
//
// The first step of running hcl.parallel loops on OpenMP threads. The loop
// becomes an affine.parallel here, before --lower-affine, because its body
// must stay affine: --hcl-lower-affine-keeping-loop-hints pairs the
// affine.for loops with the scf.for loops --lower-affine makes by position,
// and an affine.parallel (lowered to scf.parallel) is neither, so the
// vectorize hints of the loops inside still land on the right loops.
// --hcl-parallel-to-openmp takes the scf.parallel to OpenMP. A marked loop
// nested in another loop with too little work to pay for a region per outer
// iteration stays serial.
//
//===----------------------------------------------------------------------===//

#include "hcl/Conversion/Passes.h"

#include "mlir/Dialect/Affine/Analysis/AffineAnalysis.h"
#include "mlir/Dialect/Affine/Analysis/LoopAnalysis.h"
#include "mlir/Dialect/Affine/Analysis/Utils.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Affine/Utils.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/Support/Debug.h"

namespace hcl {
#define GEN_PASS_DEF_PARALLELLOOPS
#include "hcl/Conversion/Passes.h.inc"
} // namespace hcl

#define DEBUG_TYPE "hcl-parallel-loops"

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

/// Whether `memref` is a buffer allocated inside `loop` (each iteration
/// then has its own), possibly through views of it.
bool isAllocatedIn(Value memref, affine::AffineForOp loop) {
  Operation *def = memref.getDefiningOp();
  if (!def || !loop->isProperAncestor(def))
    return false;
  if (hasSingleEffect<MemoryEffects::Allocate>(def, memref))
    return true;
  auto view = dyn_cast<ViewLikeOpInterface>(def);
  return view && isAllocatedIn(view.getViewSource(), loop);
}

/// The affine accesses in `loop` to buffers allocated outside it, or
/// failure when the body does something else to memory: MLIR's
/// isLoopParallel rule, except that freeing a buffer allocated in the body
/// is fine too (buffer_at allocates and frees its buffer in each iteration;
/// isLoopParallel gives up at the free).
FailureOr<SmallVector<Operation *>> sharedAccesses(affine::AffineForOp loop) {
  SmallVector<Operation *> accesses;
  WalkResult walk = loop.getBody()->walk([&](Operation *op) {
    Value memref;
    if (auto read = dyn_cast<affine::AffineReadOpInterface>(op))
      memref = read.getMemRef();
    else if (auto write = dyn_cast<affine::AffineWriteOpInterface>(op))
      memref = write.getMemRef();
    else if (auto free = dyn_cast<memref::DeallocOp>(op))
      return isAllocatedIn(free.getMemref(), loop) ? WalkResult::advance()
                                                   : WalkResult::interrupt();
    else if (isa<affine::AffineForOp, affine::AffineIfOp>(op) ||
             hasSingleEffect<MemoryEffects::Allocate>(op) ||
             isMemoryEffectFree(op))
      return WalkResult::advance();
    else
      return WalkResult::interrupt();
    if (!isAllocatedIn(memref, loop))
      accesses.push_back(op);
    return WalkResult::advance();
  });
  if (walk.wasInterrupted())
    return failure();
  return accesses;
}

/// Whether the iterations of `loop` touch no memory another iteration
/// writes: no pair of accesses to a shared buffer, one of them a write,
/// may depend on each other across iterations.
bool iterationsIndependent(affine::AffineForOp loop) {
  if (loop.getNumIterOperands() != 0)
    return false;
  FailureOr<SmallVector<Operation *>> accesses = sharedAccesses(loop);
  if (failed(accesses))
    return false;
  unsigned depth = affine::getNestingDepth(loop) + 1;
  for (Operation *source : *accesses)
    for (Operation *target : *accesses) {
      if (!isa<affine::AffineWriteOpInterface>(source) &&
          !isa<affine::AffineWriteOpInterface>(target))
        continue;
      affine::MemRefAccess from(source), to(target);
      if (from.memref != to.memref)
        continue;
      if (!affine::noDependence(
              affine::checkMemrefAccessDependence(from, to, depth)))
        return false;
    }
  return true;
}

/// The operations `block` executes, each counted once per iteration of the
/// loops around it in the block; nullopt when a trip count is not constant.
/// Saturates at `limit`, which is all the caller compares with.
std::optional<int64_t> workOf(Block &block, int64_t limit) {
  int64_t work = 0;
  for (Operation &op : block) {
    int64_t opWork = 1;
    if (auto loop = dyn_cast<affine::AffineForOp>(op)) {
      std::optional<uint64_t> trips = affine::getConstantTripCount(loop);
      std::optional<int64_t> body = workOf(*loop.getBody(), limit);
      if (!trips || !body)
        return std::nullopt;
      opWork = *trips == 0 ? 0 : std::min<int64_t>(limit, *body * *trips);
    } else {
      for (Region &region : op.getRegions())
        for (Block &inner : region) {
          std::optional<int64_t> body = workOf(inner, limit);
          if (!body)
            return std::nullopt;
          opWork += *body;
        }
    }
    work = std::min(limit, work + opWork);
  }
  return work;
}

/// Whether `loop` is inside another loop and does too little work for the
/// parallel region it would open at every outer iteration.
bool tooSmallForThreads(affine::AffineForOp loop, int64_t minWork) {
  if (minWork <= 0 || !loop->getParentOfType<LoopLikeOpInterface>())
    return false;
  std::optional<uint64_t> trips = affine::getConstantTripCount(loop);
  std::optional<int64_t> body = workOf(*loop.getBody(), minWork);
  if (!trips || !body)
    return false;
  return static_cast<double>(*trips) * static_cast<double>(*body) <
         static_cast<double>(minWork);
}

std::string describe(affine::AffineForOp loop) {
  if (auto name = loop->getAttrOfType<StringAttr>("loop_name"))
    return "loop '" + name.str() + "'";
  return "this loop";
}

struct ParallelLoopsPass : hcl::impl::ParallelLoopsBase<ParallelLoopsPass> {
  using ParallelLoopsBase::ParallelLoopsBase;

  void runOnOperation() override {
    for (affine::AffineForOp loop : outermostMarkedLoops(getOperation())) {
      // hcl.parallel checked the loop when it marked it; primitives applied
      // later may have made its iterations share memory since.
      LLVM_DEBUG(llvm::dbgs() << DEBUG_TYPE ": " << describe(loop) << "\n");
      if (tooSmallForThreads(loop, minRegionWork)) {
        LLVM_DEBUG(llvm::dbgs() << DEBUG_TYPE ": too little work per region, "
                                              "stays serial\n");
        continue;
      }
      if (!iterationsIndependent(loop)) {
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
