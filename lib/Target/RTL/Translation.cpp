//===- Translation.cpp - the RTL preparation and --emit-rtl ---------------===//

#include "hcl/Support/PassManagerOptions.h"
#include "hcl/Target/RTL.h"
#include "hcl/Target/RTL/Passes.h"

#include "FlattenBands.h"
#include "MemoryDistances.h"
#include "MergeShift.h"
#include "PipelineForwarding.h"
#include "SplitBanks.h"
#include "UnrollUnderPipeline.h"

#include "hcl/Analysis/Estimate.h"
#include "hcl/Conversion/Passes.h"
#include "hcl/Dialect/HCL/HCLDialect.h"

#include "mlir/Conversion/AffineToStandard/AffineToStandard.h"
#include "mlir/Dialect/Affine/Analysis/LoopAnalysis.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Affine/LoopUtils.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/Support/Debug.h"

using namespace mlir;

namespace hcl {

#define GEN_PASS_DEF_RTLLOWERAFFINE
#include "hcl/Target/RTL/Passes.h.inc"

#define DEBUG_TYPE "hcl-rtl-lower-affine"

namespace {

/// hcl-rtl-lower-affine (Passes.td): lower-affine moves a loop's body block
/// into the scf.for that replaces it, so the block names the loop whose
/// attributes are kept.
struct RTLLowerAffinePass
    : public impl::RTLLowerAffineBase<RTLLowerAffinePass> {
  /// Unrolls the loops marked `unroll` (0: fully), innermost first: the
  /// datapath gets a copy of the body per unrolled iteration, scheduled
  /// like any other code (the ports permitting, in the same cycles).
  LogicalResult unroll() {
    SmallVector<affine::AffineForOp> marked;
    getOperation().walk([&](affine::AffineForOp loop) {
      if (loop->hasAttr("unroll"))
        marked.push_back(loop);
    });
    for (affine::AffineForOp loop : marked) {
      int64_t factor = loop->getAttrOfType<IntegerAttr>("unroll").getInt();
      loop->removeAttr("unroll");
      std::optional<uint64_t> trips = affine::getConstantTripCount(loop);
      if (factor == 0 && !trips)
        return loop.emitError("rtl: a full unroll needs a constant trip count");
      if (trips && (factor == 0 || static_cast<uint64_t>(factor) >= *trips)) {
        if (failed(affine::loopUnrollFull(loop)))
          return loop.emitError("rtl: the loop cannot be unrolled");
        continue;
      }
      if (factor > 1 && failed(affine::loopUnrollByFactor(loop, factor)))
        return loop.emitError("rtl: the loop cannot be unrolled by ") << factor;
    }
    // A cleanup loop copies its loop's attributes.
    getOperation().walk(
        [](affine::AffineForOp loop) { loop->removeAttr("unroll"); });
    return success();
  }

  void runOnOperation() override {
    // A line buffer's shift joins the pipeline after it, so that the nest
    // around it is perfect.
    rtl::mergeShiftsIntoPipelines(getOperation());
    // Before anything changes the nests: the bands the estimator flattens.
    rtl::markFlattenedBands(getOperation());
    // The loops under a pipelined loop are unrolled with the others.
    rtl::markLoopsUnderPipelines(getOperation());
    if (failed(unroll()))
      return signalPassFailure();
    rtl::hoistAllocationsFromPipelines(getOperation());
    rtl::hoistAllocationsFromBands(getOperation());
    rtl::forwardInPipelines(getOperation());
    DenseMap<Block *, NamedAttrList> kept;
    std::string error;
    FailureOr<TargetModel> target = TargetModel::get("rtl", error);
    getOperation().walk([](func::FuncOp func) { rtl::nameMemories(func); });
    getOperation().walk([&](affine::AffineForOp loop) {
      auto requested = loop->getAttrOfType<IntegerAttr>("pipeline_ii");
      if (!requested)
        return;
      LoopEstimate estimate = estimateLoopII(loop, *target);
      LLVM_DEBUG(llvm::dbgs()
                 << DEBUG_TYPE ": pipelined loop at " << loop.getLoc()
                 << ", II " << estimate.ii << "\n");
      Builder builder(loop.getContext());
      NamedAttrList attributes;
      attributes.set("pipeline_ii", requested);
      if (Attribute name = loop->getAttr("loop_name"))
        attributes.set("loop_name", name);
      if (Attribute why = loop->getAttr(rtl::kNestKeptAttr))
        attributes.set(rtl::kNestKeptAttr, why);
      attributes.set("rtl.min_ii", builder.getI64IntegerAttr(estimate.ii));
      attributes.set("rtl.res_mii", builder.getI64IntegerAttr(estimate.resMII));
      attributes.set("rtl.rec_mii", builder.getI64IntegerAttr(estimate.recMII));
      // A flattened band's loop: distances across its runs too.
      std::optional<SmallVector<affine::AffineForOp>> band =
          rtl::markedBand(loop);
      DictionaryAttr distances =
          band ? rtl::bandDistances(*band) : rtl::memoryDistances(loop);
      if (band)
        kept[band->front().getBody()].set(
            rtl::kFlattenAttr, band->front()->getAttr(rtl::kFlattenAttr));
      LLVM_DEBUG(llvm::dbgs() << DEBUG_TYPE ": carried distances by memory "
                              << distances << "\n");
      attributes.set(rtl::kDistancesAttr, distances);
      kept[loop.getBody()] = attributes;
    });
    // After the estimate (which counts a partitioned buffer's ports per
    // bank) and before lowering, while an unrolled access's bank is an
    // affine expression that folds to a constant.
    if (failed(rtl::splitBanks(getOperation())))
      return signalPassFailure();
    OpPassManager lower(ModuleOp::getOperationName());
    lower.addPass(createLowerAffinePass());
    if (failed(runPipeline(lower, getOperation())))
      return signalPassFailure();
    getOperation().walk([&](scf::ForOp loop) {
      auto it = kept.find(loop.getBody());
      if (it == kept.end())
        return;
      for (NamedAttribute attribute : it->second)
        loop->setAttr(attribute.getName(), attribute.getValue());
    });
    rtl::flattenBands(getOperation());
  }
};

} // namespace

void registerRTLPasses() { registerHCLRTLPasses(); }

void populateRTLPreparationPipeline(OpPassManager &pm) {
  // Fixed point is its integer bits (the JIT's lowering, so the two agree
  // bit for bit), bit operations shifts and masks.
  // Each process of a dataflow region a function, a module of its own.
  // Constant globals first: as the function's memories, they move into
  // the dataflow process that reads them like any other buffer.
  pm.addPass(createRTLConstantGlobals());
  pm.addPass(createRTLOutlineDataflow());
  pm.addPass(createLowerFixedPoint());
  pm.addPass(createLowerBitOps());
  pm.addPass(createRTLLowerAffine());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  // After the canonicalizer, which would fold the guards it leaves back
  // into branches.
  pm.addPass(createRTLIfConvert());
  pm.addPass(createCSEPass());
}

LogicalResult prepareForRTL(ModuleOp module) {
  PassManager pm(module.getContext(), ModuleOp::getOperationName());
  if (failed(applyPassManagerOptions(pm)))
    return failure();
  populateRTLPreparationPipeline(pm);
  return pm.run(module);
}

void mergeShiftsIntoPipelines(ModuleOp module) {
  rtl::mergeShiftsIntoPipelines(module);
}

void registerRTLTranslation() {
  TranslateFromMLIRRegistration registration(
      "emit-rtl", "whole functions as SystemVerilog (docs/rtl.md)",
      [](Operation *op, raw_ostream &os) -> LogicalResult {
        auto module = dyn_cast<ModuleOp>(op);
        if (!module)
          return op->emitError("rtl: expected a module");
        if (failed(prepareForRTL(module)))
          return failure();
        return emitRTL(module, os);
      },
      [](DialectRegistry &registry) {
        registry.insert<affine::AffineDialect, arith::ArithDialect,
                        func::FuncDialect, math::MathDialect,
                        memref::MemRefDialect, scf::SCFDialect, HCLDialect>();
      });
}

} // namespace hcl
