//===- UnrollUnderPipeline.cpp - loops under a pipelined loop ---*- C++ -*-===//
//
// A pipelined loop with loops inside it is pipelined over its own
// iterations with the inner loops unrolled: what Vitis HLS does with a
// pipeline pragma on an outer loop, and what `hcl estimate` counts
// (LoopLatency.cpp, "HLS unrolls the loops under a pipelined one"). The RTL
// scheduler pipelines straight-line bodies only, so the preparation
// unrolls the nested loops first (RTLLowerAffine's unroll step); a nest it
// cannot unroll keeps its loops and the pipelined loop runs its
// iterations one after another, with a remark saying why.
//
//===----------------------------------------------------------------------===//

#include "UnrollUnderPipeline.h"

#include "mlir/Dialect/Affine/Analysis/LoopAnalysis.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "hcl-rtl-lower-affine"

using namespace mlir;

namespace hcl::rtl {

namespace {

/// The operations `block` becomes with every affine loop in it unrolled,
/// or why it cannot be (a loop without a constant trip count, a region
/// that is not an affine loop holding one).
struct Count {
  int64_t ops = 0;
  std::string why;
};

} // namespace

static Count unrolledSize(Block &block) {
  Count count;
  for (Operation &op : block) {
    auto loop = dyn_cast<affine::AffineForOp>(op);
    if (!loop) {
      // An operation with regions (an if) counts its regions' operations
      // once each; the loops inside them unroll as well.
      ++count.ops;
      for (Region &region : op.getRegions())
        for (Block &inner : region) {
          Count nested = unrolledSize(inner);
          if (!nested.why.empty())
            return nested;
          count.ops += nested.ops;
        }
      continue;
    }
    std::optional<uint64_t> trips = affine::getConstantTripCount(loop);
    if (!trips) {
      auto name = loop->getAttrOfType<StringAttr>("loop_name");
      count.why = "loop '" + (name ? name.getValue().str() : "?") +
                  "' under it has no constant trip count";
      return count;
    }
    Count body = unrolledSize(*loop.getBody());
    if (!body.why.empty())
      return body;
    // Saturate before multiplying: only the comparison with the limit
    // matters, and a trip count near 2^64 must not wrap to a small one.
    uint64_t saturated = kMaxUnrolledOps + 1;
    uint64_t perTrip = static_cast<uint64_t>(body.ops);
    count.ops += perTrip != 0 && *trips > saturated / perTrip
                     ? saturated
                     : std::min(*trips * perTrip, saturated);
    if (count.ops > kMaxUnrolledOps)
      break;
  }
  return count;
}

void markLoopsUnderPipelines(ModuleOp module) {
  SmallVector<affine::AffineForOp> pipelined;
  // Outermost first: a pipelined loop under another one is unrolled with
  // the rest of its nest (and loses its pipeline_ii), unless that nest
  // stays.
  module.walk<WalkOrder::PreOrder>([&](affine::AffineForOp loop) {
    if (loop->hasAttr("pipeline_ii"))
      pipelined.push_back(loop);
  });
  for (affine::AffineForOp loop : pipelined) {
    if (!loop->hasAttr("pipeline_ii"))
      continue;
    SmallVector<affine::AffineForOp> nested;
    loop.getBody()->walk(
        [&](affine::AffineForOp inner) { nested.push_back(inner); });
    if (nested.empty())
      continue;
    Count size = unrolledSize(*loop.getBody());
    if (size.why.empty() && size.ops > kMaxUnrolledOps)
      size.why = "the loops under it would unroll to more than " +
                 std::to_string(kMaxUnrolledOps) + " operations";
    LLVM_DEBUG(llvm::dbgs()
               << DEBUG_TYPE ": pipelined loop at " << loop.getLoc() << ": "
               << nested.size() << " loops under it, "
               << (size.why.empty() ? "unrolled" : size.why) << "\n");
    if (!size.why.empty()) {
      loop->setAttr(kNestKeptAttr,
                    StringAttr::get(loop.getContext(), size.why));
      continue;
    }
    Builder builder(loop.getContext());
    for (affine::AffineForOp inner : nested) {
      inner->removeAttr("pipeline_ii");
      inner->setAttr("unroll", builder.getI32IntegerAttr(0));
    }
  }
}

// Only the allocation moves: a dealloc in the body stays there, and the
// scheduler then refuses the loop with its located "allocates or frees"
// error.
void hoistAllocationsFromPipelines(ModuleOp module) {
  module.walk([](affine::AffineForOp loop) {
    if (!loop->hasAttr("pipeline_ii"))
      return;
    // Also from the branches in the body (a reduction's accumulator in the
    // branch a reuse buffer's compute is in), which the if-conversion
    // could not convert with an allocation inside.
    SmallVector<Operation *> allocations;
    loop.getBody()->walk([&](Operation *op) {
      if (isa<memref::AllocOp, memref::AllocaOp>(op) &&
          op->getNumOperands() == 0)
        allocations.push_back(op);
    });
    for (Operation *allocation : allocations) {
      LLVM_DEBUG(llvm::dbgs() << DEBUG_TYPE ": hoisted " << *allocation
                              << " out of a pipelined loop\n");
      allocation->moveBefore(loop);
      // Freed once, after the loop, not by each iteration.
      for (Operation *user :
           llvm::make_early_inc_range(allocation->getResult(0).getUsers()))
        if (isa<memref::DeallocOp>(user))
          user->moveAfter(loop);
    }
  });
}

} // namespace hcl::rtl
