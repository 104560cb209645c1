//===- Passes.cpp - the HLS C++ preparation as passes ---------------------===//

#include "hcl/Conversion/Passes.h"
#include "Dataflow.h"

#include "hcl/Support/PassManagerOptions.h"
#include "hcl/Target/HLSCpp/Passes.h"
#include "hcl/Transforms/LocalAccumulator.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/Debug.h"

namespace hcl {
#define GEN_PASS_DEF_HLSLOCALIZEACCUMULATORS
#define GEN_PASS_DEF_HLSOUTLINEDATAFLOW
#define GEN_PASS_DEF_HLSMARKPREPARED
#include "hcl/Target/HLSCpp/Passes.h.inc"
} // namespace hcl

#define DEBUG_TYPE "hcl-hls-prepare"

using namespace mlir;

namespace {

struct LocalizeAccumulatorsPass
    : hcl::impl::HLSLocalizeAccumulatorsBase<LocalizeAccumulatorsPass> {
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    LLVM_DEBUG(llvm::dbgs() << DEBUG_TYPE ": local accumulators in @"
                            << func.getSymName() << "\n");
    hcl::localizeHLSAccumulators(func);
  }
};

struct OutlineDataflowPass
    : hcl::impl::HLSOutlineDataflowBase<OutlineDataflowPass> {
  void runOnOperation() override {
    LLVM_DEBUG(llvm::dbgs() << DEBUG_TYPE ": outlining dataflow processes\n");
    if (failed(hcl::outlineDataflowProcesses(getOperation())))
      signalPassFailure();
  }
};

/// The module attribute hcl-hls-mark-prepared sets.
constexpr llvm::StringLiteral kPreparedAttr = "hcl.hls_prepared";

struct MarkPreparedPass : hcl::impl::HLSMarkPreparedBase<MarkPreparedPass> {
  void runOnOperation() override {
    getOperation()->setAttr(kPreparedAttr, UnitAttr::get(&getContext()));
  }
};

} // namespace

bool hcl::isPreparedForHLS(ModuleOp module) {
  return module->hasAttr(kPreparedAttr);
}

LogicalResult hcl::prepareForHLS(ModuleOp module) {
  PassManager pm(module.getContext(), ModuleOp::getOperationName());
  if (failed(applyPassManagerOptions(pm)))
    return failure();
  populateHLSCppPreparePipeline(pm);
  return pm.run(module);
}

void hcl::localizeHLSAccumulators(func::FuncOp func) {
  if (func.isExternal())
    return;
  SmallVector<Value> arrays(func.getArguments());
  func.walk(
      [&](memref::AllocOp alloc) { arrays.push_back(alloc.getResult()); });
  for (Value array : arrays)
    if (isa<MemRefType>(array.getType())) {
      localizeAccumulators(func, array);
      localizeLoopInvariantElements(func, array);
    }
}

void hcl::populateHLSCppPreparePipeline(OpPassManager &pm) {
  // HeteroCL-MLIR's memref operations become hcl's scalar ones.
  pm.addPass(createExpandGetGlobalFixed());
  pm.addPass(createExpandPrintMemRef());
  pm.addPass(createExpandShortCircuit());
  // A struct is an ap_uint of its fields' widths, its fields slices.
  pm.addPass(createLowerStructs({/*markUnsigned=*/true}));
  pm.addNestedPass<func::FuncOp>(createHLSLocalizeAccumulators());
  pm.addPass(createHLSOutlineDataflow());
  pm.addPass(createHLSMarkPrepared());
}

void hcl::registerHLSCppPasses() {
  registerHCLHLSCppPasses();
  PassPipelineRegistration<>(
      "hcl-hls-prepare",
      "Prepare a scheduled module for the HLS C++ emitter: local "
      "accumulators, dataflow processes as functions",
      populateHLSCppPreparePipeline);
}
