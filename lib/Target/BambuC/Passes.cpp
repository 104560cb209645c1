//===- Passes.cpp - the Bambu steps as passes -----------------------------===//
//
// Each pass runs one step of Steps.h; the steps' files say what they do.
//
//===----------------------------------------------------------------------===//

#include "Steps.h"

#include "hcl/Target/BambuC/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "llvm/Support/Debug.h"

namespace hcl {
#define GEN_PASS_DEF_BAMBUEXTRACTFILTERS
#define GEN_PASS_DEF_BAMBUHOISTACCESSES
#define GEN_PASS_DEF_BAMBUSCALARREPLACEMENT
#define GEN_PASS_DEF_BAMBUONEELEMENTBUFFERS
#define GEN_PASS_DEF_BAMBUDETECTFIFOS
#define GEN_PASS_DEF_BAMBUTHREEADDRESS
#define GEN_PASS_DEF_BAMBUHOISTINVARIANTS
#define GEN_PASS_DEF_BAMBUCLEANUP
#include "hcl/Target/BambuC/Passes.h.inc"
} // namespace hcl

#define DEBUG_TYPE "hcl-bambu"

using namespace mlir;

namespace {

struct ExtractFiltersPass
    : hcl::impl::BambuExtractFiltersBase<ExtractFiltersPass> {
  void runOnOperation() override {
    LLVM_DEBUG(llvm::dbgs() << DEBUG_TYPE ": extracting filters\n");
    if (failed(hcl::bambu::extractFilters(getOperation())))
      signalPassFailure();
  }
};

/// A step on one function with a body.
template <typename Derived, template <typename> class Base,
          void (*step)(func::FuncOp)>
struct FunctionStep : Base<Derived> {
  void runOnOperation() override {
    func::FuncOp func = this->getOperation();
    if (func.isExternal())
      return;
    LLVM_DEBUG(llvm::dbgs() << DEBUG_TYPE ": " << this->getArgument() << " on @"
                            << func.getSymName() << "\n");
    step(func);
  }
};

/// A step on the whole module.
template <typename Derived, template <typename> class Base,
          void (*step)(ModuleOp)>
struct ModuleStep : Base<Derived> {
  void runOnOperation() override {
    LLVM_DEBUG(llvm::dbgs() << DEBUG_TYPE ": " << this->getArgument() << "\n");
    step(this->getOperation());
  }
};

struct HoistAccessesPass
    : FunctionStep<HoistAccessesPass, hcl::impl::BambuHoistAccessesBase,
                   hcl::bambu::hoistAccesses> {};
struct ScalarReplacementPass
    : FunctionStep<ScalarReplacementPass, hcl::impl::BambuScalarReplacementBase,
                   hcl::bambu::replaceScalars> {};
struct ThreeAddressPass
    : FunctionStep<ThreeAddressPass, hcl::impl::BambuThreeAddressBase,
                   hcl::bambu::expandToThreeAddress> {};
struct HoistInvariantsPass
    : FunctionStep<HoistInvariantsPass, hcl::impl::BambuHoistInvariantsBase,
                   hcl::bambu::hoistInvariants> {};
struct OneElementBuffersPass
    : ModuleStep<OneElementBuffersPass, hcl::impl::BambuOneElementBuffersBase,
                 hcl::bambu::scalarizeOneElementBuffers> {};
struct DetectFifosPass
    : ModuleStep<DetectFifosPass, hcl::impl::BambuDetectFifosBase,
                 hcl::bambu::detectFifos> {};
struct CleanupPass : ModuleStep<CleanupPass, hcl::impl::BambuCleanupBase,
                                hcl::bambu::removeLeftovers> {};

} // namespace
