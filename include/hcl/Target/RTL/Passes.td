//===- Passes.td - the RTL backend's preparation -----------*- tablegen -*-===//
//
// The passes that prepare a scheduled module for the RTL translation
// (docs/rtl.md). populateRTLPreparationPipeline (hcl/Target/RTL.h) runs them
// with canonicalize and CSE; each also runs alone in hcl-opt.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_TARGET_RTL_PASSES_TD
#define HCL_TARGET_RTL_PASSES_TD

include "mlir/Pass/PassBase.td"

def RTLOutlineDataflow : Pass<"hcl-rtl-outline-dataflow", "mlir::ModuleOp"> {
  let summary = "Make each process of a dataflow region a function, its "
                "streams' arguments marked";
  let description = [{
    The first step of the RTL preparation. Each process (top-level loop
    nest) of a function with streamed buffers (`stream_depth`, hcl.to)
    becomes a call of a function of its own, as for HLS C++, with the
    buffers only it uses. The callee's argument a stream is passed to gets
    `rtl.stream` (the FIFO's depth): its module reads or writes a FIFO
    there, and its pipelines keep that argument's accesses in order. A
    function called with a stream at one call and an array at another is
    a located error.
  }];
  let dependentDialects = ["mlir::func::FuncDialect"];
}

def RTLLowerAffine : Pass<"hcl-rtl-lower-affine", "mlir::ModuleOp"> {
  let summary = "Unroll, then lower-affine keeping the pipelined loops' II";
  let description = [{
    The second step of the RTL preparation. The loops marked `unroll` (0:
    fully) are unrolled, innermost first, with MLIR's affine unrolling (a
    cleanup loop for a remainder); a full unroll needs a constant trip
    count, else a located error. The loops under a pipelined loop are
    marked to be unrolled with them when their trip counts are constant
    and the unrolled body stays within 2048 operations (else the loop
    gets `rtl.nest_kept`, why). After the unrolling, a pipelined loop's
    allocations move before it, and in its body a load of an address the
    iteration stored or loaded before takes that value and an
    overwritten store is dropped. Then `lower-affine` turns the affine loops
    into `scf.for` and their addresses into `arith`, and each pipelined
    loop's `scf.for` keeps what the RTL's modulo scheduler needs:
    `pipeline_ii` (the requested II), `loop_name`, and the II the
    estimator derives on the affine loop with the `rtl` target:
    `rtl.min_ii`, from `rtl.res_mii` (one port per memory) and
    `rtl.rec_mii` (MLIR's dependence analysis and the shared latencies),
    and `rtl.distances`: by memory written in the loop (`argN`, or the
    `rtl.memory` name `allocK` the pass gives each allocation), the
    smallest distance of a dependence between its accesses that the loop
    carries, 0 for none (MLIR's affine dependence analysis).
  }];
  let dependentDialects = ["mlir::arith::ArithDialect",
                           "mlir::memref::MemRefDialect",
                           "mlir::scf::SCFDialect",
                           "mlir::vector::VectorDialect"];
}

#endif // HCL_TARGET_RTL_PASSES_TD
