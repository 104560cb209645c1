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

def RTLConstantGlobals : Pass<"hcl-rtl-constant-globals", "mlir::ModuleOp"> {
  let summary = "Make each read of a constant global a ROM of its function";
  let description = [{
    The first step of the RTL preparation. A `memref.get_global` of a
    `constant` global with an initial value (an imported network's
    weights) becomes a local allocation of the function that reads it,
    named after the global and holding the value in `rtl.initial` (of the
    allocation's type, in its elements' order): the RTL builds it as any
    of the function's memories (partitioned into banks, given ports,
    shared by dataflow processes) whose contents an `initial` block sets
    when the hardware is configured. Nothing writes it, so every run of
    the kernel reads the global's value. A global that is not constant or
    has no initial value, or a constant one the function stores into or
    returns, keeps its `memref.get_global`, which has no hardware form (a
    located error).
  }];
  let dependentDialects = ["mlir::memref::MemRefDialect"];
}

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
    The second step of the RTL preparation. First, a line buffer's shift
    nest (`spatial`, reuse_at's) right before a guarded pipelined loop that
    reads the buffer at most as far ahead as the shift walks past the loop
    is merged into that loop (the loop walks the shift's positions, its
    body under the guard and a skew), so that the nest around it is
    perfect. The loops marked `unroll` (0:
    fully) are unrolled, innermost first, with MLIR's affine unrolling (a
    cleanup loop for a remainder); a full unroll needs a constant trip
    count, else a located error. The loops under a pipelined loop are
    marked to be unrolled with them when their trip counts are constant
    and the unrolled body stays within 2048 operations (else the loop
    gets `rtl.nest_kept`, why). After the unrolling, a pipelined loop's
    allocations move before it, and in its body a load of an address the
    iteration stored or loaded before takes that value and an
    overwritten store is dropped. After the estimate below, each bank of a
    partitioned local buffer becomes a memory of its own
    (`hcl-rtl-split-banks`). Then `lower-affine` turns the affine loops
    into `scf.for` and their addresses into `arith`, and each pipelined
    loop's `scf.for` keeps what the RTL's modulo scheduler needs:
    `pipeline_ii` (the requested II), `loop_name`, and the II the
    estimator derives on the affine loop with the `rtl` target:
    `rtl.min_ii`, from `rtl.res_mii` (the memories' ports) and
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

def RTLSplitBanks : Pass<"hcl-rtl-split-banks", "mlir::ModuleOp"> {
  let summary = "Make each bank of a partitioned buffer a memory of its own";
  let description = [{
    `hcl-rtl-lower-affine` runs this after unrolling and its estimate, and
    before lowering; alone, it runs on either form. A local buffer
    (`memref.alloc` or
    `alloca`, only loaded and stored) whose layout is a partition map
    (`hcl.partition`) becomes one allocation per bank: Complete gives a
    bank per index, Cyclic and Block one per factor. The RTL gives a local
    memory one read and one write port, so each bank has ports of its own, as the estimator
    counts ports per bank. An access whose indices along the partitioned
    dimensions compose with the layout into constants (an unrolled
    `T[4 * i + 1]` under Cyclic 4 is in bank 1) goes to its bank alone, at
    its address in the bank; a bank of one element is a register
    (`rtl.register`: any number of loads a cycle, one store); one whose
    bank is known only at run time goes to every bank it may reach, each
    access predicated on the bank number in a guard (`rtl.guard`, as
    `hcl-rtl-if-convert` makes them) and a load's data selected among
    them. Arguments and
    returned buffers keep one port: they are the kernel's interface.
  }];
  let dependentDialects = ["mlir::arith::ArithDialect",
                           "mlir::memref::MemRefDialect",
                           "mlir::scf::SCFDialect"];
}
def RTLIfConvert : Pass<"hcl-rtl-if-convert", "mlir::ModuleOp"> {
  let summary = "Predicate the branches in pipelined loops' bodies";
  let description = [{
    The last step of the RTL preparation, after canonicalize and CSE. In
    the body of each pipelined `scf.for` (`pipeline_ii`), every `scf.if`
    whose branches hold only operations without side effects, loads and
    stores (after its inner `scf.if`s are converted) becomes straight-line
    code, as HLS tools pipeline a branch: its operations run on every
    iteration, its results become `arith.select`s on the condition, and
    each memory access keeps only its enable predicated, in a guard marked
    `rtl.guard`: an `scf.if` around one store, or around one load with a
    zero in its `else` (so that a memory is never read out of its bounds
    and a stream is popped only when the branch runs). A nested branch's
    guard is predicated on both conditions. The modulo scheduler then
    places the accesses like any others, in the slots of their memory's
    port. A branch holding anything else (a loop, a call, an allocation)
    stays as it is, and the loop runs sequentially with a remark.
  }];
  let dependentDialects = ["mlir::arith::ArithDialect",
                           "mlir::scf::SCFDialect"];
}
#endif // HCL_TARGET_RTL_PASSES_TD
