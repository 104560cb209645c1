//===- CTranslation.cpp - hcl-translate entries of the C emitters ---------===//

#include "hcl/Target/CFamily/CTranslation.h"

#include "hcl/Dialect/HCL/HCLDialect.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Tools/mlir-translate/Translation.h"

using namespace mlir;

namespace hcl {

void registerCTranslation(StringRef name, StringRef description,
                          StringRef errorPrefix, ModuleTranslation translate,
                          std::function<void(DialectRegistry &)> moreDialects) {
  TranslateFromMLIRRegistration registration(
      name, description,
      [errorPrefix, translate](Operation *op,
                               llvm::raw_ostream &os) -> LogicalResult {
        auto module = dyn_cast<ModuleOp>(op);
        if (!module)
          return op->emitError(errorPrefix) << "expected a module";
        return translate(module, os);
      },
      [moreDialects](DialectRegistry &registry) {
        registry.insert<affine::AffineDialect, arith::ArithDialect,
                        func::FuncDialect, math::MathDialect,
                        memref::MemRefDialect, scf::SCFDialect, HCLDialect>();
        if (moreDialects)
          moreDialects(registry);
      });
}

} // namespace hcl
