//===- Passes.td - hcl conversion passes -------------------*- tablegen -*-===//

#ifndef HCL_CONVERSION_PASSES_TD
#define HCL_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def CheckScheduleApplied : Pass<"hcl-check-schedule-applied", "mlir::ModuleOp"> {
  let summary = "Fail if any hcl schedule operation is left in the IR";
  let description = [{
    Lowering a function whose schedule was never applied would silently drop
    the customizations. This pass stops with an error at the first `hcl`
    operation it finds. It is the first step of `--hcl-lower-to-llvm`.
  }];
}

#endif // HCL_CONVERSION_PASSES_TD
