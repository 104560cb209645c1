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
    located error and fails the pass; nothing is skipped silently. Before
    and after, it runs the check of `--hcl-verify-bounds`: an access out of
    bounds for certain is an error where the user wrote it, and a primitive
    must not make one.
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

def VerifyBounds : Pass<"hcl-verify-bounds", "mlir::ModuleOp"> {
  let summary = "Report accesses that are out of bounds at some iteration";
  let description = [{
    For every `affine.load`/`affine.store` (and vector forms) and every
    `memref.load`/`memref.store` whose indices are affine in the enclosing
    `affine.for` induction variables, builds the iteration domain of the
    access (loop bounds and steps, the conditions of enclosing `affine.if`
    then-regions) and asks whether some iteration indexes a dimension below
    0 or at or above its size. When the domain is exact (no unknown values,
    no other enclosing control flow) and such an iteration exists, it is a
    located error naming the tensor, the dimension, the index range and the
    stage. `--hcl-apply-customizations` runs this check before and after
    applying a schedule.
  }];
}

def InsertBoundsChecks : Pass<"hcl-insert-bounds-checks", "mlir::ModuleOp"> {
  let summary = "Check at run time every access not proven in bounds";
  let description = [{
    Guards every memref access whose indices the bounds analysis of
    `--hcl-verify-bounds` cannot prove in range with a test that calls
    `hcl_bounds_violation(site, indices)` when an index is out of range.
    Each site is described (tensor, type, stage) in the module attribute
    `hcl.bounds_sites`; the JIT's runtime function prints it with the
    index values and stops the run (`hcl run --check-bounds`).
  }];
  let dependentDialects = ["mlir::arith::ArithDialect",
                           "mlir::func::FuncDialect",
                           "mlir::memref::MemRefDialect",
                           "mlir::scf::SCFDialect"];
}

#endif // HCL_TRANSFORMS_PASSES_TD
