//===- Passes.td - hcl customization passes ----------------*- tablegen -*-===//

#ifndef HCL_TRANSFORMS_PASSES_TD
#define HCL_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def ApplyCustomizations : Pass<"hcl-apply-customizations", "mlir::ModuleOp"> {
  let summary = "Apply each function's hcl schedule in program order";
  let description = [{
    Applies the `hcl` schedule operations of every function in program order
    and erases them, leaving plain affine IR with attributes (`pipeline_ii`,
    `unroll`, `parallel`, ...). A primitive that cannot be applied emits a
    located error and fails the pass; nothing is skipped silently.
  }];
  let dependentDialects = ["mlir::affine::AffineDialect",
                           "mlir::arith::ArithDialect",
                           "mlir::memref::MemRefDialect"];
}

def StripSchedule : Pass<"hcl-strip-schedule", "mlir::ModuleOp"> {
  let summary = "Erase the hcl schedule without applying it";
  let description = [{
    Leaves the algorithm as written: the reference that `hcl check` compares
    a customized program against. With `keep-data-types`, `hcl.quantize`
    and `hcl.downsize` stay (and are applied by a later
    `--hcl-apply-customizations`): they change the values by design, so a
    reference for the other customizations must store the same types.
  }];
  let options = [
    Option<"keepDataTypes", "keep-data-types", "bool", "false",
           "keep hcl.quantize and hcl.downsize">
  ];
}

#endif // HCL_TRANSFORMS_PASSES_TD
