// PLACEHOLDER so that the tree configures while the Verilog emitter is being
// written (issue 12). The Verilog engineer replaces this file entirely.
#include "hcl/Target/Verilog.h"

mlir::LogicalResult hcl::emitVerilog(mlir::ModuleOp module,
                                     llvm::raw_ostream &,
                                     const VerilogOptions &) {
  return module.emitError("the Verilog emitter is not written yet");
}

void hcl::registerToVerilogTranslation() {}
