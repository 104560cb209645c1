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

def LowerLinalgToAffine : Pass<"hcl-lower-linalg-to-affine", "mlir::ModuleOp"> {
  let summary = "Rewrite linalg operations on memrefs into affine loops";
  let description = [{
    HeteroCL-MLIR programs may hold linalg operations (`linalg.fill`,
    `linalg.matmul` on memrefs). Schedules, the JIT and the emitters work on
    affine loop nests, so every `hcl` command runs this pass first. It runs
    MLIR's `--convert-linalg-to-affine-loops` when the module holds a linalg
    operation, and leaves a module without one untouched (that pass would
    also fold and erase dead operations). A linalg operation left after it
    (on tensors) is an error located at the operation.
  }];
  let dependentDialects = ["mlir::affine::AffineDialect",
                           "mlir::memref::MemRefDialect",
                           "mlir::arith::ArithDialect"];
}

def DropPartitionLayouts : Pass<"hcl-drop-partition-layouts", "mlir::ModuleOp"> {
  let summary = "Give partitioned memrefs back the identity layout";
  let description = [{
    `hcl.partition` records banking as a layout map with two results per
    dimension (bank, then offset in the bank), e.g.
    `memref<32x32xi32, affine_map<(d0, d1) -> (0, d1, d0, 0)>>`. Such a map
    is not strided, so the LLVM lowering cannot handle it, and it does not
    change what an access reads: loads and stores index the array
    logically. This pass rewrites every memref type whose layout is a
    partition map to the plain row-major type everywhere in the module
    (operation results, block arguments, function types, `memref.global`
    and other type attributes). Other layouts are kept. It runs in
    `--hcl-lower-to-llvm` right after `--hcl-check-schedule-applied`; the
    HLS backend keeps the layouts and emits `#pragma HLS array_partition`.
  }];
}

def ExpandGetGlobalFixed : Pass<"hcl-expand-get-global-fixed",
                                 "mlir::ModuleOp"> {
  let summary = "hcl.get_global_fixed to a copy loop of hcl.bitcast";
  let description = [{
    Each `%q = hcl.get_global_fixed @g : memref<S x Fixed<W, F>>` becomes a
    `memref.get_global` of `@g`'s integers, a new buffer of the result's
    type, and an affine loop nest storing each integer, truncated or
    extended to W bits, as `hcl.bitcast` to the fixed-point type. Runs
    first when a program is lowered for the CPU or emitted as HLS C++, after
    the schedule is applied.
  }];
  let dependentDialects = ["mlir::affine::AffineDialect",
                           "mlir::memref::MemRefDialect",
                           "mlir::arith::ArithDialect"];
}

def ExpandPrintMemRef : Pass<"hcl-expand-print-memref", "mlir::ModuleOp"> {
  let summary = "hcl.print_memref to loops of hcl.print";
  let description = [{
    Each `hcl.print_memref` becomes an affine loop nest over the memref
    that loads every element and prints it with `hcl.print`: with the op's
    format if it has one, else as nested brackets, the separators printed
    under `affine.if` conditions on the indices. Runs first when a program
    is lowered for the CPU or emitted as HLS C++.
  }];
  let dependentDialects = ["mlir::affine::AffineDialect",
                           "mlir::memref::MemRefDialect"];
}

def ExpandShortCircuit : Pass<"hcl-expand-short-circuit", "mlir::ModuleOp"> {
  let summary = "hcl.and and hcl.or to nested scf.if";
  let description = [{
    Each region of an `hcl.and` (`hcl.or`) after the first runs inside the
    `then` (`else`) branch of an `scf.if` on the value before it; the other
    branch gives false (true). Runs first when a program is lowered for the
    CPU or emitted as HLS C++.
  }];
  let dependentDialects = ["mlir::scf::SCFDialect",
                           "mlir::arith::ArithDialect"];
}

def LowerStructs : Pass<"hcl-lower-structs", "mlir::ModuleOp"> {
  let summary = "Packed structs to integers, their fields to bit slices";
  let description = [{
    Every `!hcl.struct<...>` becomes the integer as wide as its fields
    together, everywhere in the module (operation results, block
    arguments, function types, memref element types). Each
    `hcl.struct_construct` becomes `hcl.set_slice`s of its fields' bits
    into zero, the first field in the lowest bits; each `hcl.struct_get`
    an `hcl.get_slice` of the field's bits. Floats and fixed-point fields
    travel as their bits (`hcl.bitcast`); a struct field is already an
    integer. Runs first when a program is lowered for the CPU or emitted as
    HLS C++, so both see the same integers and slices.

    With `mark-unsigned`, a function argument or result that held structs
    gets `hcl.unsigned`: packed bits are an unsigned integer, as they are at
    the host boundary, so the HLS C++ interface is an `ap_uint` (the HLS
    preparation sets it; the CPU lowering does not, since LLVM's memref
    descriptors cannot carry the attribute).
  }];
  let options = [
    Option<"markUnsigned", "mark-unsigned", "bool", /*default=*/"false",
           "put hcl.unsigned on function arguments and results that held "
           "structs">,
  ];
  let dependentDialects = ["mlir::arith::ArithDialect"];
}

def LowerPrint : Pass<"hcl-lower-print", "mlir::ModuleOp"> {
  let summary = "hcl.print to calls of C's printf";
  let description = [{
    Each `hcl.print "fmt" %a, %b : i64, f64` becomes a call of printf with
    the format as a constant global string and its values as variadic
    arguments, buffered as C's stdout is. Values of other types are widened
    first: integers to i64 (zero-extended where `signedness` says `u`),
    floats, fixed-point values and integers under a floating conversion to
    f64. The JIT resolves printf in the host process. Runs in
    `--hcl-lower-to-llvm`, before fixed point is lowered.
  }];
  let dependentDialects = ["mlir::LLVM::LLVMDialect",
                           "mlir::arith::ArithDialect"];
}

def LowerAffineKeepingLoopHints : Pass<"hcl-lower-affine-keeping-loop-hints",
                                      "mlir::ModuleOp"> {
  let summary = "--lower-affine that turns loop hints into LLVM loop metadata";
  let description = [{
    Runs `--lower-affine`, which drops the attributes of the loops it
    rewrites, and puts back what the CPU should honour: a loop still marked
    `vectorize = W` (`hcl.vectorize` on a loop `--hcl-cpu-loops` could not
    vectorize) becomes an `scf.for` with
    `loop_annotation = #llvm.loop_annotation<vectorize = <disable = false,
    width = W>>`, which reaches the loop's back edge (`llvm.br`) and LLVM IR
    as `llvm.loop.vectorize.enable` / `llvm.loop.vectorize.width` metadata.
    `pipeline_ii` is HLS-only; `unroll` was carried out by `--hcl-cpu-loops`.
  }];
  let dependentDialects = ["mlir::scf::SCFDialect", "mlir::LLVM::LLVMDialect",
                           "mlir::arith::ArithDialect",
                           "mlir::memref::MemRefDialect",
                           "mlir::vector::VectorDialect"];
}

def ParallelLoops : Pass<"hcl-parallel-loops", "mlir::ModuleOp"> {
  let summary = "Make each outermost affine.for marked `parallel` an "
                "affine.parallel";
  let description = [{
    The first half of running `hcl.parallel` loops on threads (the second is
    `--hcl-parallel-to-openmp`). Every `affine.for` with the unit attribute
    `parallel` that has no marked loop around it becomes a one-dimensional
    `affine.parallel` with the same bounds and body (MLIR's
    `affineParallelize`); `--lower-affine` then makes it an `scf.parallel`.
    Marked loops inside a parallel one stay serial `affine.for` loops: each
    thread runs them, and the nested OpenMP region they would open would
    run on one thread anyway (libomp's default of one active level).

    The loop is checked again, by MLIR's affine dependence analysis:
    primitives applied after `hcl.parallel` (a `reuse_at` whose buffer
    lives across the loop's iterations, say) can make its iterations share
    memory. The rule is `isLoopParallel`'s (no dependence between the
    accesses of two iterations to a buffer allocated outside the loop, no
    other memory effect), except that an iteration may free a buffer it
    allocated, as `buffer_at` does. A loop that fails stays serial, with a
    warning located at it. A marked loop with `iter_args` (which
    `hcl.parallel` never marks) stays serial too.

    The pass leaves every other `affine.for` alone, so
    `--hcl-lower-affine-keeping-loop-hints`, which pairs `affine.for` loops
    with the `scf.for` loops `--lower-affine` makes by position, still puts
    the `vectorize` hints of the loops inside a parallel loop in place.

    A marked loop inside another loop opens a parallel region (a fork and a
    join of the threads, microseconds each, far more when the machine is
    loaded and a thread must wait for a core) per iteration of the loops
    around it. When all of its iterations together do fewer than
    `min-region-work` operations (counted in the IR: each operation once per
    iteration of the loops around it inside the marked loop; trip counts
    must be constant, else the loop counts as large), it stays serial:
    the threads would cost more than they save. A marked loop at the top of
    its function opens one region and is always parallel.
  }];
  let options = [
    Option<"minRegionWork", "min-region-work", "int64_t", "4096",
           "fewest operations a parallel loop nested in another loop must "
           "do to run on threads (0: every marked loop does)">,
  ];
  let dependentDialects = ["mlir::affine::AffineDialect"];
}

def ParallelToOpenMP : Pass<"hcl-parallel-to-openmp", "mlir::ModuleOp"> {
  let summary = "Run scf.parallel loops on OpenMP threads";
  let description = [{
    The second half of running `hcl.parallel` loops on threads: every
    `scf.parallel` (made by `--hcl-parallel-loops` and `--lower-affine`)
    becomes `omp.parallel` around `omp.wsloop` with `schedule(static)` (each
    thread one contiguous block of iterations) around `omp.loop_nest`, by
    MLIR's `--convert-scf-to-openmp`. With `num-threads=N` (N > 0) the
    region gets `num_threads(N)`; with 0, OpenMP chooses (`OMP_NUM_THREADS`,
    else one thread per core). The `memref.alloca_scope` that
    `--convert-scf-to-openmp` puts around each iteration becomes an
    `llvm.intr.stacksave` / `llvm.intr.stackrestore` pair when the
    iteration allocates on the stack, and goes away otherwise: the
    `scf.for` loops inside are lowered to blocks later, which a scope's
    single-block region cannot hold. `--convert-openmp-to-llvm` and the LLVM
    IR translation then produce the `__kmpc_fork_call` and
    `__kmpc_for_static_init` calls that the JIT resolves in libomp.
  }];
  let options = [
    Option<"numThreads", "num-threads", "unsigned", /*default=*/"0",
           "threads of every parallel region (0: OpenMP's default)">
  ];
  let dependentDialects = ["mlir::omp::OpenMPDialect",
                           "mlir::LLVM::LLVMDialect",
                           "mlir::memref::MemRefDialect"];
}

def CpuLoops : Pass<"hcl-cpu-loops", "mlir::ModuleOp"> {
  let summary = "Carry out `unroll` and `vectorize` on the CPU path";
  let description = [{
    First, an innermost loop of constant bounds whose body clamps the loop's
    index plus a constant to constant bounds (an imported padding stage's
    read) is split into the edge iterations, which keep the clamp, and the
    middle, where the clamp is its operand: a contiguous read there, which
    LLVM vectorizes.
    A loop marked `unroll = N` is unroll-and-jammed by N when its iterations
    are independent and its body holds loops (register blocking), else
    unrolled (N = 0: fully, when the trip count is known). A loop marked
    `vectorize = W` of exactly W iterations becomes W-wide vector operations
    (MLIR's affine super-vectorizer; the transfers are in bounds because
    every lane is an iteration of the program). A read that moves by 2
    elements along its array's rows per iteration (a stride-2
    convolution's input), of an array the loop does not write, is done
    before the loop: two W-wide vector loads and a shuffle that keeps the
    even elements, stored in a stack buffer that the loop reads with
    stride 1 (not in a parallel loop, whose threads would share the
    buffer). A vector loop over two or more fused rows accesses an array
    whose rows are exactly as long through a view with its last two
    dimensions as one (the lanes are consecutive there), and reads other
    arrays' rows as runs (of consecutive elements, or elements 2 apart)
    into such a buffer. Then a vector read and
    write of the same memref at the same loop-invariant indices in a loop
    (a register block's accumulators: the C block of a gemm updated for
    every k) become a value the loop carries, read before and written after
    it, when no other access in the loop touches those elements. A loop the vectorizer
    cannot handle keeps its mark, which
    `--hcl-lower-affine-keeping-loop-hints` passes to LLVM's loop
    vectorizer. Part of `--hcl-lower-to-llvm`; the HLS backend reads the
    marks instead.
  }];
  let dependentDialects = ["mlir::vector::VectorDialect",
                           "mlir::affine::AffineDialect"];
}

def LocalBuffersOnStack : Pass<"hcl-local-buffers-on-stack",
                               "mlir::ModuleOp"> {
  let summary = "Put small local buffers on the stack (CPU)";
  let description = [{
    A `memref.alloc` of a static shape of at most 64 KiB that is only read,
    written and freed in its function (reuse_at's line and window buffers,
    buffer_at's tiles, intermediate stages) becomes a `memref.alloca` at the
    start of the function, and its deallocs go. No malloc/free per call, and
    LLVM can keep a small window in registers. First, the buffers of 4 KiB
    to 1 MiB allocated at the function's top level share stack memory where
    their lifetimes (from the first to the last top-level operation that
    uses them) do not overlap: each slot is an `i8` alloca aligned to 64
    bytes, each buffer a `memref.view` of it, up to 1 MiB of slots. A model
    then cycles through a few slots that stay in the cache instead of
    writing fresh memory at every layer (ResNet-20 ran 5% faster). Part of
    `--hcl-lower-to-llvm`; the HLS backend prints local arrays either way.
  }];
}

def MergeIdenticalFunctions : Pass<"hcl-merge-identical-functions",
                                   "mlir::ModuleOp"> {
  let summary = "One function for private functions with the same body";
  let description = [{
    Private functions whose bodies are identical, ignoring their names and
    the `stage_name` attributes that label their loops, become one: every
    call to a later one calls the first, and the later ones are erased.
    After `--hcl-outline-stages-for-cpu` a model's repeated layers are such
    functions (their weights and buffers are arguments), so LLVM optimizes
    and compiles each distinct layer once. Functions referred to other than
    by `func.call` are left alone. Part of `--hcl-lower-to-llvm`.
  }];
  let dependentDialects = ["mlir::func::FuncDialect"];
}

def FuseEpilogues : Pass<"hcl-fuse-epilogues", "mlir::ModuleOp"> {
  let summary = "Run elementwise stages in a reduction's blocks (CPU)";
  let description = [{
    A reduction stage (a convolution, a matmul, scheduled or not) finishes
    its output block by block: after its reduction loops, one iteration of
    the loop around them has written its block, each element once. The
    elementwise stages that follow it (BatchNorm, ReLU, a residual Add:
    perfect loop nests over the same shape, reading the output at the
    element they write, and any other array the reduction does not write)
    are moved there, in a copy of the block's loops (with their `unroll`
    and `vectorize` marks), one after the other; stages in between that do
    not touch the reduction's arrays move before it. An intermediate array
    that only the epilogue reads (a BatchNorm's output, read by the ReLU)
    is no longer written: its value is passed on. Every element goes
    through the same operations in the same order, so results do not
    change. Part of `--hcl-lower-to-llvm`, before
    `--hcl-outline-stages-for-cpu`.
  }];
  let dependentDialects = ["mlir::affine::AffineDialect"];
}

def OutlineStagesForCpu : Pass<"hcl-outline-stages-for-cpu",
                               "mlir::ModuleOp"> {
  let summary = "One function per stage in functions with many stages (CPU)";
  let description = [{
    In a function with at least `min-stages` top-level stages (affine.for
    loops with a `stage_name`), each stage becomes a call to a private
    function of its own (`<function>__<stage>`) marked `no_inline`, so that
    LLVM optimizes and compiles each one alone: its code generation grows
    faster than linearly with the loops of one function, and an imported
    model has hundreds of stages. The function also carries
    `passthrough = ["noinline"]` (the conversion to the LLVM dialect drops
    `no_inline`) and, when the call passes distinct buffers (each a view of
    its own allocation or global, at most one of the caller's arguments),
    `hcl.noalias_arguments`: its pointers become `noalias` in LLVM, which
    keeps a convolution's accumulator in a register as when it was inline.
    Part of `--hcl-lower-to-llvm`.
  }];
  let options = [
    Option<"minStages", "min-stages", "unsigned", "16",
           "outline the stages of functions that have at least this many">
  ];
  let dependentDialects = ["mlir::func::FuncDialect"];
}

def LowerFixedPoint : Pass<"hcl-lower-fixed-point", "mlir::ModuleOp"> {
  let summary = "Lower fixed-point types and operations to integer arithmetic";
  let description = [{
    Every `!hcl.Fixed<W, F>` / `!hcl.UFixed<W, F>` becomes `iW` (in values,
    memref elements, function signatures and type attributes), and every
    fixed-point operation the `arith` (and `llvm.intr.ldexp`) operations
    that compute the same bits: docs/datatypes.md gives the semantics. The
    HLS backend does not run it; it writes `ap_fixed` instead.
  }];
  let dependentDialects = ["mlir::arith::ArithDialect",
                           "mlir::LLVM::LLVMDialect", "mlir::math::MathDialect"];
}

def LowerBitOps : Pass<"hcl-lower-bit-ops", "mlir::ModuleOp"> {
  let summary = "Lower hcl's bit operations to arith";
  let description = [{
    `hcl.get_bit`, `set_bit`, `get_slice`, `set_slice`, `bit_reverse` and
    `bitcast` on integers and floats become shifts, masks and selects (and
    `llvm.intr.bitreverse`), with the out-of-range behaviour of
    docs/datatypes.md. Runs after `--hcl-lower-fixed-point`.
  }];
  let dependentDialects = ["mlir::arith::ArithDialect",
                           "mlir::LLVM::LLVMDialect"];
}

def PartitionToAMC : Pass<"hcl-partition-to-amc", "mlir::ModuleOp"> {
  let summary = "Build an amc.memory for every partitioned on-chip buffer";
  let description = [{
    Runs after `--hcl-apply-customizations`. For every buffer of every
    function whose type has a partition layout (`memref.alloc` /
    `memref.alloca`, reuse and write buffers the customizations made, and
    function arguments), appends to the module an
    `amc.memory @<function>_<buffer>` holding the buffer as
    `amc.alloc : !amc.memref<N x T, bank [B]>`: B is the product of the
    banks of every dimension, N = B times the words of one bank. Array
    index (i_0, ..., i_r-1) maps to bank = the layout's per-dimension banks
    (b_0, ..., b_r-1) in row-major order over the banks of each dimension,
    and offset = the layout's per-dimension offsets in row-major order over
    the extents of one bank; AMC address = bank * (N / B) + offset.

    The interface has one port per distinct access (same array, address
    and direction counted once) of one iteration of the innermost pipelined
    loop around the access (its nested loops unrolled, as HLS does), or of
    the innermost loop when none is pipelined: a read becomes
    `!amc.port<..., r, 1>`, a write `w`. An access whose bank is fixed
    gets a port on that bank, one whose bank varies at run time a port over
    all banks (--amc-lower-merge splits it). Loops that run one after the
    other share ports: the interface has, per direction and bank set, as
    many ports as the loop that needs most. Accesses in functions the
    buffer is passed to count as the caller's. The caller fills an
    argument the function reads and reads back an argument it writes or a
    buffer it returns: one more port over all banks each (`hcl.loops` names
    it "(caller)").

    On the memory, `hcl.source = "<function>/<buffer>"` says where it
    comes from (the buffer's `name` attribute, else `arg<N>` for an
    argument, `buf<K>` for the K-th unnamed buffer of the function),
    `hcl.buffer_type` is the buffer's memref type, `hcl.address_map` the
    map (indices) -> (bank, offset) and `hcl.loops` the loops whose
    accesses made the ports. The hcl program itself is not changed, and a
    buffer whose memory (same `hcl.source`) is already in the module is
    skipped, so running the pass twice adds nothing. Buffers without a
    partition layout are skipped; a buffer that cannot be a memory
    (dynamic shape, element type that is neither integer, float nor fixed
    point, a use other than loads, stores, copies, calls and deallocation,
    no access) is skipped with a warning located at it.
  }];
  let dependentDialects = ["hcl::amc::AMCDialect"];
}

#endif // HCL_CONVERSION_PASSES_TD
