//===- Passes.td - the Bambu C backend's preparation -------*- tablegen -*-===//
//
// The steps that rewrite a scheduled module into the form the Bambu C
// emitter writes (filters, scalars, three-address code). populateBambuPipeline
// (hcl/Target/BambuC/Passes.h) runs them in order; each also runs alone.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_TARGET_BAMBUC_PASSES_TD
#define HCL_TARGET_BAMBUC_PASSES_TD

include "mlir/Pass/PassBase.td"

def BambuExtractFilters : Pass<"hcl-bambu-extract-filters", "mlir::ModuleOp"> {
  let summary = "Make every top-level loop nest a filter function";
  let description = [{
    The first step of the Bambu backend, which every later step assumes.
    Each top-level loop nest (stage) of every function with a body becomes a
    private function marked `bambu.filter`, called by the function it came
    from; that function then owns the buffers and calls its root filters in
    order. A reduction into a one-element buffer inside a filter becomes a
    child filter that returns the value. The C names of a filter's
    parameters are in `bambu.param_names`.
  }];
  let dependentDialects = ["mlir::affine::AffineDialect",
                           "mlir::arith::ArithDialect",
                           "mlir::func::FuncDialect",
                           "mlir::memref::MemRefDialect"];
}

def BambuHoistAccesses : Pass<"hcl-bambu-hoist-accesses",
                              "mlir::func::FuncOp"> {
  let summary = "Move loads and stores at loop-invariant indices out of loops";
  let description = [{
    A load and a store of the same element at indices that do not depend on
    a loop become one load before the loop and one store after it; a local
    variable (rank-0 `memref.alloca`) carries the element in between.
    Step `hoist-accesses` of `--hcl-bambu-prepare`.
  }];
  let dependentDialects = ["mlir::memref::MemRefDialect"];
}

def BambuScalarReplacement : Pass<"hcl-bambu-scalar-replacement",
                                  "mlir::func::FuncOp"> {
  let summary = "Forward stores to loads and drop redundant loads";
  let description = [{
    Repeated reads and writes of one element are forwarded (affine scalar
    replacement). Step `scalar-replacement` of `--hcl-bambu-prepare`.
  }];
}

def BambuOneElementBuffers : Pass<"hcl-bambu-one-element", "mlir::ModuleOp"> {
  let summary = "One-element buffers as scalars and return values";
  let description = [{
    A one-element local buffer becomes a scalar; a filter's one-element
    output becomes its return value. Step `one-element` of
    `--hcl-bambu-prepare`.
  }];
  let dependentDialects = ["mlir::memref::MemRefDialect"];
}

def BambuDetectFifos : Pass<"hcl-bambu-fifo", "mlir::ModuleOp"> {
  let summary = "Mark buffers used as FIFO channels between filters";
  let description = [{
    A buffer written once and read once, in the same order, by two filters
    becomes a FIFO channel (`bambu.fifo` on the buffer and on the filters'
    parameters). Step `fifo` of `--hcl-bambu-prepare`.
  }];
}

def BambuThreeAddress : Pass<"hcl-bambu-three-address", "mlir::func::FuncOp"> {
  let summary = "Index expressions as one operation per statement";
  let description = [{
    Affine accesses become plain `memref` accesses whose indices are
    computed by `arith` operations, one per statement. Step `three-address`
    of `--hcl-bambu-prepare`.
  }];
  let dependentDialects = ["mlir::arith::ArithDialect",
                           "mlir::memref::MemRefDialect"];
}

def BambuHoistInvariants : Pass<"hcl-bambu-hoist-invariants",
                                "mlir::func::FuncOp"> {
  let summary = "Move loop-invariant computations out of loops";
  let description = [{
    Loop-invariant code motion on the arithmetic the three-address step
    leaves. Step `hoist-invariants` of `--hcl-bambu-prepare`.
  }];
}

def BambuCleanup : Pass<"hcl-bambu-cleanup", "mlir::ModuleOp"> {
  let summary = "Drop write-only local buffers and unused globals";
  let description = [{
    The last step of `--hcl-bambu-prepare`, always run: local buffers that
    are only written (with their stores and the loads that only fed them)
    and globals nothing reads any more, which would be C variables set but
    never read (`-Wall` rejects them).
  }];
}

#endif // HCL_TARGET_BAMBUC_PASSES_TD
