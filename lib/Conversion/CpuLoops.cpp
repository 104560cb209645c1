//===- CpuLoops.cpp - carry out unroll and vectorize for the CPU ----------===//
//
// The schedule only marks loops: `unroll = N` and `vectorize = W` are what
// the HLS backend turns into pragmas. On the CPU they must change the code,
// or LLVM sees a scalar loop nest and guesses. This pass, the first step of
// the lowering that is about loops, does it on the affine loops, where MLIR's
// utilities know the dependences:
//
//  - `unroll = N` of a loop whose iterations are independent and whose body
//    holds loops is an unroll-and-jam: the N copies of the body are fused
//    into the inner loops. That is register blocking: in a tiled gemm with
//    the reduction loop above the point loops, unrolling the row loop gives
//    an inner body that updates N rows of the C block per k. Otherwise (a
//    carried dependence, or no inner loop) a plain unroll. N = 0 unrolls
//    fully when the trip count is known.
//  - `vectorize = W` of a loop of exactly W iterations (hcl.vectorize made
//    it so) becomes one iteration of W-wide vector operations with MLIR's
//    affine super-vectorizer. When W does not divide the trip count, the
//    group loop runs min(W, rest) iterations; full groups are separated
//    from the last one by an affine.if (MLIR's separateFullTiles) and
//    vectorized, when every operation in the loop is one the vectorizer
//    widens lane by lane (VectorizeLegality.cpp). Each lane is an iteration
//    the program ran,
//    and every affine access of the program is proven in range
//    (--hcl-verify-bounds), so the vector transfers are marked in bounds:
//    plain vector loads and stores, no masks. A loop the vectorizer cannot
//    handle (an `affine.if`, a call) keeps its mark, which becomes LLVM
//    loop metadata (lower-affine-keeping-loop-hints), so LLVM's loop
//    vectorizer still tries.
//
// Unrolling comes first so the copies of a vectorized inner loop are each
// vectorized.
//
//===----------------------------------------------------------------------===//

#include "CpuLoops.h"

#include "hcl/Conversion/Passes.h"
#include "hcl/Dialect/HCL/Naming.h"

#include "mlir/Dialect/Affine/Analysis/AffineAnalysis.h"
#include "mlir/Dialect/Affine/Analysis/LoopAnalysis.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Affine/LoopUtils.h"
#include "mlir/Dialect/Affine/Utils.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/Support/Debug.h"

namespace hcl {
#define GEN_PASS_DEF_CPULOOPS
#include "hcl/Conversion/Passes.h.inc"
} // namespace hcl

#define DEBUG_TYPE "hcl-cpu-loops"

using namespace mlir;
using namespace mlir::affine;

namespace {

bool hasInnerLoop(AffineForOp loop) {
  return !loop.getBody()->getOps<AffineForOp>().empty();
}

/// Unroll-and-jam when the loop's iterations are independent (so running
/// them interleaved inside the inner loops keeps every dependence), else a
/// plain unroll. Failure leaves the loop as it was, which is still correct.
void unroll(AffineForOp loop, uint64_t factor) {
  std::optional<uint64_t> tripCount = getConstantTripCount(loop);
  if (factor == 0) {
    if (!tripCount)
      return;
    factor = *tripCount;
  }
  if (factor <= 1)
    return;
  if (hasInnerLoop(loop) && hcl::iterationsIndependent(loop) &&
      succeeded(loopUnrollJamByFactor(loop, factor)))
    return; // a loop left with one iteration is already folded away
  if (tripCount && factor >= *tripCount)
    (void)loopUnrollFull(loop);
  else
    (void)loopUnrollByFactor(loop, factor);
}

/// Marks the transfers `vectorized` made as in bounds (see the header).
void markInBounds(Operation *scope, const DenseSet<Operation *> &before) {
  scope->walk([&](VectorTransferOpInterface transfer) {
    if (before.contains(transfer))
      return;
    SmallVector<bool> inBounds(transfer.getVectorType().getRank(), true);
    transfer->setAttr(
        transfer.getInBoundsAttrName(),
        Builder(transfer->getContext()).getBoolArrayAttr(inBounds));
  });
}

/// The group loop of a width that does not divide the trip count runs
/// `min(W, rest)` iterations. Split into an `affine.if` between a copy for
/// full groups (exactly W iterations, returned) and one for the last,
/// partial group, which keeps the mark for LLVM's loop vectorizer.
std::optional<AffineForOp> fullGroups(AffineForOp loop, int64_t width) {
  if (loop.getUpperBoundMap().getNumResults() != 2)
    return std::nullopt;
  SmallVector<AffineForOp, 1> full;
  AffineForOp nest[] = {loop};
  if (failed(separateFullTiles(nest, &full)) || full.empty())
    return std::nullopt;
  if (getConstantTripCount(full[0]) != std::optional<uint64_t>(width))
    return std::nullopt;
  return full[0];
}

/// Replaces `loop` (exactly `width` iterations, or a tail group) by vector
/// operations. Returns false, leaving the loop unchanged or with its tail
/// separated, when the vectorizer refuses.
bool vectorize(AffineForOp loop, int64_t width) {
  std::string problem = hcl::whyNotVectorizable(loop);
  if (problem == hcl::kStrideProblem) {
    hcl::stageStridedReads(loop, width);
    hcl::stageRowRuns(loop, width);
    problem = hcl::whyNotVectorizable(loop);
  }
  if (!problem.empty()) {
    // LLVM's loop vectorizer takes innermost loops only: for an outer loop
    // the mark would just become LLVM's unlocated "loop not vectorized".
    if (hasInnerLoop(loop)) {
      loop->removeAttr("vectorize");
      loop.emitWarning() << "loop '" << hcl::getLoopName(loop)
                         << "' runs as scalar code on the CPU: " << problem;
    }
    return false;
  }
  std::optional<uint64_t> tripCount = getConstantTripCount(loop);
  if (!tripCount) {
    std::optional<AffineForOp> full = fullGroups(loop, width);
    if (!full)
      return false;
    // The partial group is shorter than W: LLVM could not honour a forced
    // width W there (it would warn); its own cost model decides.
    loop->removeAttr("vectorize");
    loop = *full;
    tripCount = width;
  }
  if (*tripCount != static_cast<uint64_t>(width))
    return false;
  Operation *scope = loop->getParentOp();
  DenseSet<Operation *> before;
  scope->walk(
      [&](VectorTransferOpInterface transfer) { before.insert(transfer); });
  VectorizationStrategy strategy;
  strategy.vectorSizes.push_back(width);
  strategy.loopToVectorDim[loop] = 0;
  std::vector<SmallVector<AffineForOp, 2>> loops{{loop}};
  if (failed(vectorizeAffineLoopNest(loops, strategy)))
    return false;
  markInBounds(scope, before);
  // The vector loop runs once (step W); fold it into its block.
  SmallVector<AffineForOp> once;
  scope->walk([&](AffineForOp vectorLoop) {
    if (getConstantTripCount(vectorLoop) == std::optional<uint64_t>(1))
      once.push_back(vectorLoop);
  });
  for (AffineForOp vectorLoop : once)
    (void)promoteIfSingleIteration(vectorLoop);
  return true;
}

/// The loops carrying `hint`, inner loops first (post-order).
SmallVector<AffineForOp> loopsMarked(Operation *root, StringRef hint) {
  SmallVector<AffineForOp> loops;
  root->walk([&](AffineForOp loop) {
    if (loop->hasAttr(hint))
      loops.push_back(loop);
  });
  return loops;
}

struct CpuLoopsPass : hcl::impl::CpuLoopsBase<CpuLoopsPass> {
  void runOnOperation() override {
    hcl::splitClampedLoops(getOperation());
    // Inner loops first, so an outer jam copies unrolled bodies.
    for (AffineForOp loop : loopsMarked(getOperation(), "unroll")) {
      auto factor = loop->getAttrOfType<IntegerAttr>("unroll");
      assert(factor && "loopsMarked returns loops with the mark");
      LLVM_DEBUG(llvm::dbgs() << DEBUG_TYPE ": unroll by " << factor.getInt()
                              << " at " << loop.getLoc() << "\n");
      loop->removeAttr("unroll");
      unroll(loop, factor.getInt());
    }
    // Unrolled copies index through affine.apply of the copy number; folded
    // into the accesses' maps, the vectorizer sees plain affine accesses.
    RewritePatternSet patterns(&getContext());
    AffineApplyOp::getCanonicalizationPatterns(patterns, &getContext());
    AffineLoadOp::getCanonicalizationPatterns(patterns, &getContext());
    AffineStoreOp::getCanonicalizationPatterns(patterns, &getContext());
    AffineForOp::getCanonicalizationPatterns(patterns, &getContext());
    (void)applyPatternsGreedily(getOperation(), std::move(patterns));
    for (AffineForOp loop : loopsMarked(getOperation(), "vectorize")) {
      auto width = loop->getAttrOfType<IntegerAttr>("vectorize");
      assert(width && "loopsMarked returns loops with the mark");
      LLVM_DEBUG(llvm::dbgs() << DEBUG_TYPE ": vectorize by " << width.getInt()
                              << " at " << loop.getLoc() << "\n");
      vectorize(loop, width.getInt());
    }
    hcl::hoistVectorAccumulators(getOperation());
  }
};

} // namespace
