//===- HCLOps.td - operations of the hcl dialect ----------*- tablegen -*-===//
//
// Every customization takes the stage it applies to as its first operand, as
// in the seed documents: `hcl.pipeline(%s, %lj, 1)`. HeteroCL-MLIR's later
// spelling leaves it out (`hcl.pipeline(%lj, 1)`): the stage is then the loop
// handle's (docs/customizations.md, "HeteroCL-MLIR spelling"). Semantics live in
// lib/Transforms (one file per primitive); here we only define syntax and
// the checks that need no transformation to decide.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_OPS_TD
#define HCL_OPS_TD

include "hcl/Dialect/HCL/HCLBase.td"
include "hcl/Dialect/HCL/HCLTypes.td"
include "hcl/Dialect/HCL/HCLAttrs.td"
include "hcl/Dialect/HCL/HCLDataOps.td"
include "hcl/Dialect/HCL/HCLInterfaces.td"
include "hcl/Dialect/HCL/HCLTemplateOps.td"
include "mlir/IR/BuiltinTypes.td"
include "mlir/IR/CommonAttrConstraints.td"

//===----------------------------------------------------------------------===//
// Schedule primitives
//===----------------------------------------------------------------------===//

// The op is a schedule primitive: it declares `apply`, which its file in
// lib/Transforms defines, and the engine calls it through
// ScheduleOpInterface (HCLInterfaces.td).
def HCL_SchedulePrimitive : NativeOpTrait<"HCLSchedulePrimitive", [], [{
    /// Applies this primitive (lib/Transforms); ScheduleOpInterface::apply.
    ::mlir::LogicalResult apply(::hcl::ScheduleContext &ctx);
  }]>;

// The primitive only sets attributes on existing loops or buffers: stages
// stay where they are and no affine.apply is left between loops, so the
// engine neither re-indexes stages nor folds after it.
def HCL_AnnotatesOnly : NativeOpTrait<"HCLAnnotatesOnly">;

// The primitive may move, make or remove stages but leaves no affine.apply
// between loops: the engine re-indexes stages without folding.
def HCL_LeavesNoAffineApply : NativeOpTrait<"HCLLeavesNoAffineApply">;

// The primitive rewrites only the loop nest (an operation of the function's
// body) that holds the stage it names, and makes new nests only beside it:
// the engine re-indexes stages and folds there alone, so that applying
// many primitives to a large function (an imported model) stays linear.
def HCL_RewritesOwnNest : NativeOpTrait<"HCLRewritesOwnNest">;

class HCL_PrimitiveOp<string mnemonic, list<Trait> traits = []>
    : HCL_Op<mnemonic, !listconcat([HCL_SchedulePrimitive], traits)>;

//===----------------------------------------------------------------------===//
// Handles
//===----------------------------------------------------------------------===//

def HCL_CreateStageHandleOp : HCL_Op<"create_stage_handle"> {
  let summary = "name a stage of the enclosing function";
  let description = [{
    ```mlir
    %s = hcl.create_stage_handle "s" : !hcl.StageHandle
    ```
    The name must be the `stage_name` of a loop nest in the same function.
  }];
  let arguments = (ins StrAttr:$stage_name);
  let results = (outs HCL_StageHandle:$result);
  let assemblyFormat =
      "$stage_name attr-dict custom<StageHandleType>(type($result))";
  let hasVerifier = 1;
}

def HCL_CreateOpHandleOp : HCL_Op<"create_op_handle"> {
  let summary = "later HeteroCL spelling of `hcl.create_stage_handle`";
  let description = [{
    ```mlir
    %s = hcl.create_op_handle "B" : !hcl.OpHandle
    ```
    Means exactly what `hcl.create_stage_handle` means. The type may be left
    out (`%s = hcl.create_op_handle "B"`), as HeteroCL-MLIR writes it.
  }];
  let arguments = (ins StrAttr:$stage_name);
  let results = (outs HCL_StageHandle:$result);
  let assemblyFormat =
      "$stage_name attr-dict custom<StageHandleType>(type($result))";
  let hasVerifier = 1;
}

def HCL_CreateLoopHandleOp : HCL_Op<"create_loop_handle"> {
  let summary = "name a loop, optionally within a given stage";
  let description = [{
    ```mlir
    %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
    %lj = hcl.create_loop_handle %s, "j" : !hcl.LoopHandle
    ```
    The name must be the `loop_name` of a loop in the function (in the stage,
    when one is given), or the name of a loop that an earlier primitive
    creates (`<loop>.outer`, `<loop>.inner`, `<a>_<b>_fused`, `<loop>_init`,
    `<loop>_back`); those are checked when the schedule is applied. The type
    may be left out (`%li = hcl.create_loop_handle %s, "i"`).
  }];
  let arguments = (ins Optional<HCL_StageHandle>:$stage, StrAttr:$loop_name);
  let results = (outs HCL_LoopHandle:$result);
  let assemblyFormat = [{
    ($stage^ `,`)? $loop_name attr-dict custom<LoopHandleType>(type($result))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Loop (compute) customizations
//===----------------------------------------------------------------------===//

class HCL_LoopCustomizationOp<string mnemonic, list<Trait> traits = []>
    : HCL_PrimitiveOp<mnemonic, traits> {
  let hasVerifier = 1;
}

def HCL_SplitOp : HCL_LoopCustomizationOp<"split", [HCL_RewritesOwnNest]> {
  let summary = "split a loop into `.outer` and `.inner` loops by a factor";
  let description = [{
    ```mlir
    %outer, %inner = hcl.split(%s, %li, 4)
    ```
    The inner loop runs `factor` iterations; a factor that does not divide
    the trip count gets a guarded tail.
  }];
  let arguments = (ins Optional<HCL_StageHandle>:$stage,
                       HCL_LoopHandle:$loop, I64Attr:$factor);
  let results = (outs HCL_LoopHandle:$outer, HCL_LoopHandle:$inner);
  let assemblyFormat = [{
    `(` custom<StageLoopFactor>($stage, $loop, $factor) `)` attr-dict
  }];
}

def HCL_TileOp : HCL_LoopCustomizationOp<"tile", [HCL_RewritesOwnNest]> {
  let summary = "tile two nested loops";
  let description = [{
    ```mlir
    %xo, %xi, %yo, %yi = hcl.tile(%s, %li, %lj, 4, 8)
    ```
    The resulting order, outermost first, is `x.outer, y.outer, x.inner,
    y.inner`.
  }];
  let arguments = (ins Optional<HCL_StageHandle>:$stage,
                       HCL_LoopHandle:$x_loop, HCL_LoopHandle:$y_loop,
                       I64Attr:$x_factor, I64Attr:$y_factor);
  let results = (outs HCL_LoopHandle:$x_outer, HCL_LoopHandle:$x_inner,
                      HCL_LoopHandle:$y_outer, HCL_LoopHandle:$y_inner);
  let assemblyFormat = [{
    `(` custom<StageTwoLoopsFactors>($stage, $x_loop, $y_loop, $x_factor,
                                     $y_factor) `)` attr-dict
  }];
}

def HCL_ReorderOp : HCL_LoopCustomizationOp<"reorder",
                                [AttrSizedOperandSegments, HCL_RewritesOwnNest]> {
  let summary = "reorder loops of one nest";
  let description = [{
    ```mlir
    hcl.reorder(%s, %lk, %lj)
    ```
    The listed loops take the listed order, outermost first, in the positions
    they occupied together; loops not listed keep their place.
  }];
  let arguments = (ins Optional<HCL_StageHandle>:$stage,
                       Variadic<HCL_LoopHandle>:$loops);
  let assemblyFormat = "`(` custom<StageLoops>($stage, $loops) `)` attr-dict";
}

def HCL_FuseOp : HCL_LoopCustomizationOp<"fuse",
                                [AttrSizedOperandSegments, HCL_RewritesOwnNest]> {
  let summary = "fuse consecutive nested loops into one";
  let description = [{
    ```mlir
    %lij = hcl.fuse(%s, %li, %lj)
    ```
  }];
  let arguments = (ins Optional<HCL_StageHandle>:$stage,
                       Variadic<HCL_LoopHandle>:$loops);
  let results = (outs HCL_LoopHandle:$fused_loop);
  let assemblyFormat = "`(` custom<StageLoops>($stage, $loops) `)` attr-dict";
}

def HCL_UnrollOp : HCL_LoopCustomizationOp<"unroll", [HCL_AnnotatesOnly]> {
  let summary = "unroll a loop by a factor (0 or absent: fully)";
  let description = [{
    ```mlir
    hcl.unroll(%s, %lj, 4)
    hcl.unroll(%s, %lj)
    ```
    Marks the loop with `unroll = N`, which the HLS backend emits as a pragma.
  }];
  let arguments = (ins Optional<HCL_StageHandle>:$stage,
                       HCL_LoopHandle:$loop,
                       DefaultValuedAttr<I64Attr, "0">:$factor);
  let assemblyFormat = [{
    `(` custom<StageLoopOptionalFactor>($stage, $loop, $factor) `)` attr-dict
  }];
}

def HCL_PipelineOp : HCL_LoopCustomizationOp<"pipeline", [HCL_AnnotatesOnly]> {
  let summary = "pipeline a loop with an initiation interval (default 1)";
  let description = [{
    ```mlir
    hcl.pipeline(%s, %lj, 1)
    ```
    Marks the loop with `pipeline_ii = N`.
  }];
  let arguments = (ins Optional<HCL_StageHandle>:$stage,
                       HCL_LoopHandle:$loop,
                       DefaultValuedAttr<I64Attr, "1">:$ii);
  let assemblyFormat = [{
    `(` custom<StageLoopOptionalFactor>($stage, $loop, $ii) `)` attr-dict
  }];
}

// A primitive on one loop of a stage, `hcl.<name>(%s, %loop)`, with nothing
// else to check before it is applied: its op definition is all of it.
class HCL_OneLoopPrimitiveOp<string mnemonic, list<Trait> traits = []>
    : HCL_PrimitiveOp<mnemonic, traits> {
  let arguments = (ins Optional<HCL_StageHandle>:$stage,
                       HCL_LoopHandle:$loop);
  let assemblyFormat = "`(` custom<StageLoop>($stage, $loop) `)` attr-dict";
  let hasVerifier = 1;
  let extraClassDefinition = [{
    ::mlir::LogicalResult $cppClass::verify() {
      return ::hcl::verifyLoopInStage(*this, getStage(), getLoop());
    }
  }];
}

def HCL_ParallelOp : HCL_OneLoopPrimitiveOp<"parallel", [HCL_AnnotatesOnly]> {
  let summary = "mark a loop as parallel";
}

def HCL_BindOp : HCL_PrimitiveOp<"bind", [HCL_AnnotatesOnly]> {
  let summary = "bind a loop to a GPU thread axis: a parallel loop";
  let description = [{
    ```mlir
    hcl.bind(%s, %li_outer, "BlockIdxX")
    hcl.bind(%li_inner, "ThreadIdxX")
    ```
    HeteroCL's `s[C].bind(axis, dim)`: the loop's iterations are the blocks
    or threads of one NDRange dimension (`BlockIdxX`, `BlockIdxY`,
    `BlockIdxZ`, `ThreadIdxX`, `ThreadIdxY`, `ThreadIdxZ`), which run
    concurrently. hcl has no GPU backend, so the loop is what `hcl.parallel`
    makes it (OpenMP threads on the CPU, refused when it carries a
    dependence) and records the axis as `thread_axis = "BlockIdxX"`.
  }];
  let arguments = (ins Optional<HCL_StageHandle>:$stage,
                       HCL_LoopHandle:$loop, StrAttr:$axis);
  let assemblyFormat = [{
    `(` custom<StageLoopAxis>($stage, $loop, $axis) `)` attr-dict
  }];
  let hasVerifier = 1;
}

def HCL_ReverseOp : HCL_OneLoopPrimitiveOp<"reverse", [HCL_RewritesOwnNest]> {
  let summary = "run a loop's iterations in the opposite order";
  let description = [{
    ```mlir
    hcl.reverse(%s, %li)
    ```
    The loop keeps its bounds, step and name; its body sees the iterations
    from the last to the first (`lb + ub - 1 - i` for a step of 1). A loop
    that carries a dependence between iterations is refused, as is a bound
    that is the min or max of several expressions (`hcl.split`'s tail).
  }];
}

def HCL_VectorizeOp : HCL_LoopCustomizationOp<"vectorize", [HCL_RewritesOwnNest]> {
  let summary = "run a loop in vectors of `width` iterations";
  let description = [{
    ```mlir
    hcl.vectorize(%s, %lx, 8)
    ```
    Halide's `vectorize(x, 8)`. A loop of more than `width` iterations is
    split by `width` first (`x.outer` around `x.inner`, a guarded tail when
    `width` does not divide the trip count, as `hcl.split`); the loop of
    `width` iterations gets `vectorize = width : i32`. The CPU lowering turns
    it into LLVM loop metadata (`llvm.loop.vectorize.enable`, width); the HLS
    backend unrolls it (`#pragma HLS unroll`). `width` is a power of two, at
    least 2. A loop that carries a dependence between iterations is refused.
  }];
  let arguments = (ins Optional<HCL_StageHandle>:$stage,
                       HCL_LoopHandle:$loop, I64Attr:$width);
  let assemblyFormat = [{
    `(` custom<StageLoopFactor>($stage, $loop, $width) `)` attr-dict
  }];
}

def HCL_ComputeAtOp : HCL_LoopCustomizationOp<"compute_at"> {
  let summary = "compute a producer stage inside a consumer's loop";
  let description = [{
    ```mlir
    hcl.compute_at(%producer, %consumer, %axis)
    ```
  }];
  let arguments = (ins HCL_StageHandle:$producer, HCL_StageHandle:$consumer,
                       HCL_LoopHandle:$axis);
  let assemblyFormat = "`(` $producer `,` $consumer `,` $axis `)` attr-dict";
}

def HCL_StoreAtOp : HCL_LoopCustomizationOp<"store_at"> {
  let summary = "allocate a computed-at producer's buffer inside a consumer's loop";
  let description = [{
    ```mlir
    hcl.compute_at(%producer, %consumer, %inner)
    hcl.store_at(%producer, %consumer, %axis)
    ```
    Halide's `store_at`: storage granularity separate from compute
    granularity. After `compute_at(%producer, %consumer, %inner)`, the
    producer's buffer is allocated at the start of loop `%axis` of the
    consumer (which must be `%inner` or enclose it), sized to the part of it
    that one iteration of `%axis` writes (MLIR's `MemRefRegion` of the
    producer's stores inside `%axis`: a constant box), and every access is
    indexed relative to the box's origin. The full-size buffer disappears.
    Refused: no earlier `compute_at` of the producer into the consumer, an
    axis that does not enclose the compute_at loop, a buffer used outside
    `%axis`, a box whose size is not constant, and consumer reads that the
    analysis cannot prove lie inside what the same iteration writes. When
    `%axis` is outside `%inner`, a copied producer loop whose range moves by
    less than its extent with each iteration of `%inner` computes only the
    new part after the first iteration (Halide's sliding window, marked
    `sliding_window`); the buffer is not folded to the window's span.
  }];
  let arguments = (ins HCL_StageHandle:$producer, HCL_StageHandle:$consumer,
                       HCL_LoopHandle:$axis);
  let assemblyFormat = "`(` $producer `,` $consumer `,` $axis `)` attr-dict";
}

//===----------------------------------------------------------------------===//
// Memory customizations
//===----------------------------------------------------------------------===//

def HCL_PartitionOp : HCL_PrimitiveOp<"partition", [HCL_AnnotatesOnly]> {
  let summary = "partition an array into banks";
  let description = [{
    ```mlir
    hcl.partition(%A : memref<32x32xi32>, Cyclic, 2, 4)
    hcl.partition(%A : memref<32x32xi32>, Complete, 0)
    ```
    `Complete`, `Block` or `Cyclic` (the longer spellings
    `"CompletePartition"`, ... are accepted too). `dim` counts from 1; 0
    means every dimension. `factor` is the number of banks for Block and
    Cyclic and must be positive there; Complete ignores it.
  }];
  let arguments = (ins AnyRankedOrUnrankedMemRef:$target,
                       HCL_PartitionKindAttr:$partition_kind,
                       I64Attr:$dim,
                       DefaultValuedAttr<I64Attr, "0">:$factor);
  let assemblyFormat = [{
    `(` $target `:` type($target) `,` custom<PartitionKind>($partition_kind)
    `,` $dim (`,` $factor^)? `)` attr-dict
  }];
  let hasVerifier = 1;
}

class HCL_BufferOp<string mnemonic> : HCL_PrimitiveOp<mnemonic> {
  // `buffer_name`: the buffer's name in the IR and the HLS C++ (the front
  // end's `A.reuse`, written `A_reuse` in C++); unnamed (`buf`) without it.
  let arguments = (ins Optional<HCL_StageHandle>:$stage,
                       AnyRankedOrUnrankedMemRef:$target,
                       HCL_LoopHandle:$axis,
                       OptionalAttr<StrAttr>:$buffer_name);
  let results = (outs AnyRankedOrUnrankedMemRef:$result);
  let assemblyFormat = [{
    `(` custom<StageTarget>($stage, $target, type($target)) `,` $axis `)`
    attr-dict `->` type($result)
  }];
  let hasVerifier = 1;
}

def HCL_ReuseAtOp : HCL_BufferOp<"reuse_at"> {
  let summary = "create a reuse (line or window) buffer for stencil reads";
  let description = [{
    ```mlir
    %lb = hcl.reuse_at(%s, %A : memref<10x10xi32>, %li) -> memref<3x10xi32>
    %wb = hcl.reuse_at(%s, %lb : memref<3x10xi32>, %lj) -> memref<3x3xi32>
    ```
    Applied to an earlier reuse buffer it builds the next level of the
    hierarchy. An unranked result type (`-> memref<*xi32>`, what the C++
    front end writes) lets `--hcl-apply-customizations` choose the shape.
  }];
}

def HCL_BufferAtOp : HCL_BufferOp<"buffer_at"> {
  let summary = "create a write buffer for a tensor at a loop level";
  let description = [{
    ```mlir
    %buf = hcl.buffer_at(%s, %C: memref<1024x1024xf32>, %li) -> memref<1024xf32>
    ```
    An unranked result type (`-> memref<*xf32>`) lets
    `--hcl-apply-customizations` choose the shape.
  }];
}

def HCL_ToOp : HCL_PrimitiveOp<"to", [HCL_AnnotatesOnly]> {
  let summary = "stream a buffer from its producer stage to a consumer stage";
  let description = [{
    ```mlir
    hcl.to(%B : memref<32x32xi32>, %sD)
    hcl.to(%B : memref<32x32xi32>, %sD) {depth = 4}
    ```
    HeteroCL's `s.to(B, s[D])`: the buffer between the stage that writes `B`
    and the consumer stage becomes a FIFO channel (`hls::stream` in HLS C++,
    a plain buffer on the CPU, where stages run one after another). The
    channel is legal only when the producer writes each element once, in the
    order the consumer reads it, and the consumer reads each element once
    (a sliding window reads through a reuse buffer: `reuse_at` first). Its
    depth is inferred (the most elements the producer must be ahead) unless
    `depth` is given; either way the whole function is checked for deadlock
    once its schedule is applied. The function becomes a dataflow region.
  }];
  let arguments = (ins AnyRankedOrUnrankedMemRef:$target,
                       HCL_StageHandle:$consumer,
                       OptionalAttr<I64Attr>:$depth);
  let assemblyFormat = [{
    `(` $target `:` type($target) `,` $consumer `)` attr-dict
  }];
  let hasVerifier = 1;
}

def HCL_ReshapeOp : HCL_PrimitiveOp<"reshape"> {
  let summary = "give an array another shape with the same elements";
  let description = [{
    ```mlir
    %B = hcl.reshape %A : memref<4x4xf32> to memref<16xf32>
    ```
  }];
  let arguments = (ins AnyRankedOrUnrankedMemRef:$target);
  let results = (outs AnyMemRef:$result);
  let assemblyFormat = "$target `:` type($target) `to` type($result) attr-dict";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Data-type customizations (docs/datatypes.md)
//===----------------------------------------------------------------------===//

def HCL_QuantizeOp : HCL_PrimitiveOp<"quantize"> {
  let summary = "store a tensor in a fixed-point (or narrower) type";
  let description = [{
    ```mlir
    hcl.quantize(%B : memref<10x10xf32>, !hcl.Fixed<8, 4>)
    ```
    The tensor's allocation (or the function argument or result) gets the
    new element type; every store converts to it, every load converts back,
    so the computations around the tensor keep their types.
    `{rounding = "nearest", overflow = "saturate"}` choose how stores
    quantize, as for `hcl.float_to_fixed` (default: truncate, wrap).
  }];
  let arguments = (ins AnyMemRef:$target, TypeAttr:$type,
                       OptionalAttr<StrAttr>:$rounding,
                       OptionalAttr<StrAttr>:$overflow);
  let assemblyFormat = "`(` $target `:` type($target) `,` $type `)` attr-dict";
  let hasVerifier = 1;
}

def HCL_DownsizeOp : HCL_PrimitiveOp<"downsize"> {
  let summary = "store an integer tensor in fewer bits";
  let description = [{
    ```mlir
    hcl.downsize(%B : memref<10x10xi32>, i8)
    ```
    Stores truncate, loads extend back (`extui` when the tensor is an
    `hcl.unsigned` argument or result, else `extsi`).
  }];
  let arguments = (ins AnyMemRef:$target, TypeAttr:$type);
  let assemblyFormat = "`(` $target `:` type($target) `,` $type `)` attr-dict";
  let hasVerifier = 1;
}

class HCL_PackingOp<string mnemonic> : HCL_PrimitiveOp<mnemonic> {
  let arguments = (ins AnyMemRef:$target, I64Attr:$axis, I64Attr:$factor);
  let results = (outs AnyMemRef:$result);
  let assemblyFormat = [{
    `(` $target `:` type($target) `,` $axis `,` $factor `)` attr-dict `->`
    type($result)
  }];
  let hasVerifier = 1;
}

def HCL_PackOp : HCL_PackingOp<"pack"> {
  let summary = "store `factor` neighbouring elements of an axis in one word";
  let description = [{
    ```mlir
    %P = hcl.pack(%B : memref<10x16xi8>, 1, 4) -> memref<10x4xi32>
    ```
    `axis` counts from 0. Element `j` of the axis is bits
    `[(j % factor) * w, (j % factor) * w + w)` of word `j / factor`.
  }];
}

def HCL_UnpackOp : HCL_PackingOp<"unpack"> {
  let summary = "store each word of an axis as `factor` narrower elements";
  let description = [{
    ```mlir
    %U = hcl.unpack(%P : memref<10x4xi32>, 1, 4) -> memref<10x16xi8>
    ```
    The inverse of `hcl.pack`: word `j` becomes elements `j * factor ...`.
  }];
}

//===----------------------------------------------------------------------===//
// Outline
//===----------------------------------------------------------------------===//

def HCL_OutlineOp : HCL_PrimitiveOp<"outline", [HCL_LeavesNoAffineApply]> {
  let summary = "outline one stage or a group of stages into a function";
  let description = [{
    ```mlir
    hcl.outline (%s)
    hcl.outline (%sB, %sC)
    hcl.outline (%7) {param = ["i", "j"], merge = "Stage_C"}
    hcl.outline (%11) {axis = "j"}
    ```
    `merge` (also spelled `unify`) reuses an existing outlined function of
    identical structure; `param` turns the named loops' bounds into index
    arguments; `axis` outlines only the body under that loop.
  }];
  let arguments = (ins Variadic<HCL_StageHandle>:$stages,
                       OptionalAttr<StrAttr>:$merge,
                       OptionalAttr<StrAttr>:$unify,
                       OptionalAttr<StrArrayAttr>:$param,
                       OptionalAttr<StrAttr>:$axis);
  let assemblyFormat = "`(` $stages `)` attr-dict";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Clone
//===----------------------------------------------------------------------===//

def HCL_CloneOp : HCL_PrimitiveOp<"clone", [HCL_AnnotatesOnly]> {
  let summary = "give the calls a stage handle names their own copy of a function";
  let description = [{
    ```mlir
    %s1 = hcl.create_op_handle "call1"
    hcl.clone(@f, %s1, %s2)
    ```
    HeteroCL-MLIR's `clone`: for each handle, the calls of `@f` it names
    (calls with that `stage_name` / `op_name`, or, when no operation has
    that name, every call of `@f` when the handle names `@f` itself) call a
    copy of `@f` of their own, `@f_<handle>`, placed after `@f`. In hardware
    each copy is an instance of its own; the copy's own schedule
    (operations inside `@f`) is applied to it as to `@f`. What the calls
    compute does not change.
  }];
  let arguments = (ins FlatSymbolRefAttr:$target,
                       Variadic<HCL_StageHandle>:$stages);
  let assemblyFormat = "`(` $target `,` $stages `)` attr-dict";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// HeteroCL-MLIR operations hcl does not have
//===----------------------------------------------------------------------===//

// Read only to be refused where they stand, with what to write instead
// (PeerRefusedOps.cpp): an "unknown operation" would not say it.
class HCL_RefusedPeerOp<string mnemonic, string what>
    : HCL_Op<mnemonic> {
  let summary = "HeteroCL-MLIR's " # mnemonic # ": refused";
  let description = what;
  let hasCustomAssemblyFormat = 1;
}

def HCL_PeerUnfoldOp : HCL_RefusedPeerOp<"unfold", [{
    HeteroCL-MLIR's `hcl.unfold(%l, N)` makes a loop an array of processing
    elements, fed by `hcl.to(..., %pe_array) {pe_index = ...}`. hcl has no
    processing-element arrays and refuses it at the operation: replicate the
    loop body in hardware with `hcl.unroll(%l, N)`.
  }]>;

def HCL_PeerReformOp : HCL_RefusedPeerOp<"reform", [{
    HeteroCL-MLIR's `hcl.reform(%A : T) {layout = map} -> U` stores an array
    in another layout, so that its users read it through the map. hcl
    refuses it at the operation: give the array another shape with the
    same row-major order with `hcl.reshape`, or transpose it in the program.
  }]>;

#endif // HCL_OPS_TD
