//===- Translation.cpp - the RTL preparation and --emit-rtl ---------------===//

#include "hcl/Support/PassManagerOptions.h"
#include "hcl/Target/RTL.h"

#include "hcl/Dialect/HCL/HCLDialect.h"

#include "mlir/Conversion/AffineToStandard/AffineToStandard.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

namespace hcl {

void populateRTLPreparationPipeline(OpPassManager &pm) {
  pm.addPass(createLowerAffinePass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
}

LogicalResult prepareForRTL(ModuleOp module) {
  PassManager pm(module.getContext(), ModuleOp::getOperationName());
  if (failed(applyPassManagerOptions(pm)))
    return failure();
  populateRTLPreparationPipeline(pm);
  return pm.run(module);
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
