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

def DefaultSchedule : Pass<"hcl-default-schedule", "mlir::ModuleOp"> {
  let summary = "Give every stage of an unscheduled function a hardware schedule";
  let description = [{
    Writes a schedule, as ordinary `hcl` schedule operations before the
    return, for each function that has none (an imported ONNX model, a
    program written without one). The operations can be read, edited and
    applied like a user's (`hcl import --schedule auto -o model.mlir`).
    Each stage gets the first of these plans that applies to it:

    0. A convolution, read through a window moving with its row loop:
       line and window buffers. The output-channel loop is
       split by the largest factor up to `parallel` that divides it, the
       order becomes (outer reductions, h, w, channel.inner, kernel taps),
       `reuse_at` gives the input a line buffer at `h` and a window buffer
       at `w`, and `w` is pipelined: each iteration takes one new input
       element and computes that many channels' whole window (strides 1 and
       2). The weights are partitioned completely along the taps and
       cyclically along the channel, the line buffer along its rows.
       Weights in an argument (an `m_axi` port, not partitionable) are
       read from an on-chip copy instead: `buffer_at` at the channel-block
       loop loads the block's weights once, in one pipelined loop (a
       burst), and the copy is partitioned as the weights would be.
    1. A reduction with an output-channel loop (convolutions, matmuls of
       three or more spatial loops): the channel loop is split by the
       largest factor up to `parallel` that divides its trip count (at
       least 2) and its inner part moved innermost, the reduction loops
       moved outside the last two spatial loops, which are fused and
       pipelined at II 1. Each iteration then updates that many outputs,
       and the accumulation into an output recurs only one fused trip
       later, so the floating-point add's latency does not set the II. The
       arrays indexed by the channel loop are partitioned cyclically by the
       factor along that dimension (weights in an argument: their on-chip
       copy per channel block, as in plan 0).
    2. Any other reduction: the reduction loops moved outside the last one
       or two spatial loops, which are fused and pipelined.
    3. No reduction: the last two loops fused and pipelined.
    4. The innermost loop pipelined.

    A plan applies when `--hcl-apply-customizations` accepts it alone on a
    copy of the module: the pass never writes a schedule that fails. No
    plan partitions an argument of the function (with
    `arguments-are-ports`, the default): it is the caller's memory, an
    `m_axi` port of the top function in HLS; weights read many times get
    the on-chip copy above.

    Then each array that one later stage alone reads (no other stage, no
    schedule operation, not returned) is streamed into it (`hcl.to`) when
    the stream applies to the two stages with their plans: each element
    written and read once, in one order. Streams that apply one at a time
    are applied together at the end; if they do not (a deadlock), none is
    written; with `streams=0` none is (`hcl rtl`, `hcl check --rtl` and
    `hcl estimate --target rtl` run it so: the RTL's dataflow processes
    have no float units yet).
  }];
  let options = [
    Option<"parallel", "parallel", "int64_t", "4",
           "at most this many output channels per cycle in a reduction (1: none)">,
    Option<"streams", "streams", "bool", "true",
           "stream activations between stages (hcl's RTL turns it off: its "
           "dataflow processes have no float units yet)">,
    Option<"argumentsArePorts", "arguments-are-ports", "bool", "true",
           "never partition an array argument: it is an m_axi port in HLS "
           "(hcl's RTL turns it off: its arguments are memories of the "
           "design)">,
    Option<"lineBuffers", "line-buffers", "bool", "true",
           "try line and window buffers (reuse_at) for convolutions (hcl's "
           "RTL turns it off: not checked there yet)">
  ];
  let dependentDialects = ["hcl::HCLDialect"];
}

def CpuSchedule : Pass<"hcl-cpu-schedule", "mlir::ModuleOp"> {
  let summary = "Give the reductions of an unscheduled function a CPU schedule";
  let description = [{
    Writes a schedule for the CPU, as ordinary `hcl` schedule operations
    before the return, for each function that has none (an imported ONNX
    model: `hcl run model.onnx` runs it). Each reduction stage whose loops
    are spatial loops around reduction loops (a convolution, a matmul, a
    pool) gets its reduction loops moved outside its innermost spatial loop
    (`w` of a convolution, `j` of a matmul): the innermost loop then updates
    consecutive, independent outputs from a weight that does not change
    along it, which LLVM vectorizes, where before it summed into one
    output. Where every access is contiguous along that loop (or does not
    depend on it; reads may also step by 2, as a stride-2 convolution's
    input does), the outputs are computed in register blocks: the two
    innermost spatial loops tiled by up to 8 rows and 32 columns, the
    reduction loops outside the block, its rows unrolled and jammed and its
    columns vectorized, so that the block stays in vector registers while
    the reduction runs. When a read moves along the columns but not along
    the loop above the rows (a convolution's input, the same for every
    output channel), that loop is split too and its inner part joins the
    block, unrolled and jammed: each input vector loaded then serves
    several output channels. Rows shorter than 16 columns (an 8x8 plane)
    whose written arrays have rows of exactly that length are fused in
    pairs (or fours) with their columns, so that a vector has 16 lanes. The block's shape is the one of at most 16
    vector accumulators with the most multiply-adds per load. A contiguous
    row that no vector width divides keeps the reduction outside the row,
    with up to 4 output channels unrolled and jammed around it. Each output still sums its terms in the same order,
    so the results are bit for bit those of the unscheduled program. With
    `threads` above 1, a register-blocked stage of at least
    `min-parallel-work` iterations also gets its outermost loop of several
    iterations `parallel`, unless it reads with stride 2 (the lowering
    stages such reads in a buffer that threads would share). Stages without a reduction keep their order (their
    innermost loop is already contiguous).

    A schedule is written only where `--hcl-apply-customizations` accepts
    it on a copy of the module, so it never fails to apply. With `apply`,
    that copy, the schedule applied, replaces the module (`hcl run` does
    so, to apply it once).
  }];
  let options = [
    Option<"threads", "threads", "int64_t", "1",
           "threads of the run: above 1, reductions get a parallel loop">,
    Option<"minParallelWork", "min-parallel-work", "uint64_t", "1 << 25",
           "iterations below which a stage stays on one thread">,
    Option<"apply", "apply", "bool", "false",
           "leave the schedule applied instead of written">
  ];
  let dependentDialects = ["hcl::HCLDialect"];
}

#endif // HCL_TRANSFORMS_PASSES_TD
