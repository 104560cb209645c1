//===- Passes.td - the HLS C++ backend's preparation -------*- tablegen -*-===//
//
// The rewrites the HLS C++ emitter writes a module after.
// populateHLSCppPreparePipeline (hcl/Target/HLSCpp/Passes.h) runs them in
// order; each also runs alone.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_TARGET_HLSCPP_PASSES_TD
#define HCL_TARGET_HLSCPP_PASSES_TD

include "mlir/Pass/PassBase.td"

def HLSLocalizeAccumulators : Pass<"hcl-hls-localize-accumulators",
                                   "mlir::func::FuncOp"> {
  let summary = "Accumulate reductions in locals instead of arrays";
  let description = [{
    A reduction accumulated in place in an array (an element read and
    written in a loop that does not change its indices) accumulates in a
    local variable and stores once; an element a loop only reads at
    invariant indices is read once before it. Otherwise the HLS code reads
    and writes the array, often an `m_axi` port, on every step. An
    accumulation the schedule interleaved (gemm with `acc`) stays as it is.
    Runs on every function argument and `memref.alloc` of each function.
  }];
  let dependentDialects = ["mlir::affine::AffineDialect",
                           "mlir::memref::MemRefDialect"];
}

def HLSOutlineDataflow : Pass<"hcl-hls-outline-dataflow", "mlir::ModuleOp"> {
  let summary = "Make each process of a dataflow region with streams a "
                "function";
  let description = [{
    Every process (stage) of a function that the schedule made a dataflow
    region with streams (`hcl.to`) becomes a call of a function of its own,
    `<function>_<stage>`, which the HLS C++ emitter writes with its streamed
    buffers as `hls::stream` channels.
  }];
  let dependentDialects = ["mlir::func::FuncDialect"];
}

def HLSMarkPrepared : Pass<"hcl-hls-mark-prepared", "mlir::ModuleOp"> {
  let summary = "Record that the HLS preparation ran";
  let description = [{
    Sets the module's unit attribute `hcl.hls_prepared`, the last step of
    `hcl-hls-prepare`. The HLS C++ emitter writes a module so marked as it
    is; any other module it writes from a prepared copy of its own.
  }];
}

#endif // HCL_TARGET_HLSCPP_PASSES_TD
