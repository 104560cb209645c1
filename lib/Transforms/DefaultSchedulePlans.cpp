//===- DefaultSchedulePlans.cpp - schedules the default pass may write ----===//
//
// A stage's loop nest is read as the chain of loops that each contain
// exactly one loop (the front ends' and the ONNX importer's nests: spatial
// loops, then the reduction loops marked `reduction`, with the output's
// initialization between them). The plans reorder that chain so that the
// pipelined loop runs over independent outputs: an output is updated once
// per pipeline trip, so a multi-cycle floating-point add does not limit the
// initiation interval the way an accumulation in the innermost loop does.
//
//===----------------------------------------------------------------------===//

#include "DefaultSchedulePlans.h"

#include "hcl/Dialect/HCL/HCLOps.h"
#include "hcl/Dialect/HCL/Naming.h"

#include "mlir/Analysis/FlatLinearValueConstraints.h"
#include "mlir/Dialect/Affine/Analysis/AffineAnalysis.h"
#include "mlir/Dialect/Affine/Analysis/LoopAnalysis.h"
#include "mlir/Dialect/Affine/IR/AffineValueMap.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;
using namespace mlir::affine;

namespace hcl {
namespace {

struct StageLoop {
  AffineForOp op;
  std::string name;
  bool reduction;
  Value iv;
};

/// The chain of loops from `root` down, following the one loop in each
/// body (stopping where a body has none or several).
SmallVector<StageLoop> loopChain(AffineForOp root) {
  SmallVector<StageLoop> chain;
  for (AffineForOp loop = root; loop;) {
    chain.push_back({loop, getLoopName(loop).str(), loop->hasAttr("reduction"),
                     loop.getInductionVar()});
    auto inner = loop.getBody()->getOps<AffineForOp>();
    loop = llvm::hasSingleElement(inner) ? *inner.begin() : AffineForOp();
  }
  return chain;
}

/// Writes schedule operations for one stage, naming loops by handle.
class PlanWriter {
public:
  PlanWriter(func::FuncOp func, AffineForOp stage)
      : b(func.getBody().back().getTerminator()), loc(stage.getLoc()) {
    handle = CreateStageHandleOp::create(
        b, loc,
        b.getStringAttr(
            stage->getAttrOfType<StringAttr>("stage_name").getValue()));
  }

  Value loop(StringRef name) {
    return CreateLoopHandleOp::create(b, loc, handle, b.getStringAttr(name));
  }
  SmallVector<Value> loops(ArrayRef<StageLoop> chain) {
    SmallVector<Value> handles;
    for (const StageLoop &l : chain)
      handles.push_back(loop(l.name));
    return handles;
  }
  std::pair<Value, Value> split(Value loop, int64_t factor) {
    auto op =
        SplitOp::create(b, loc, handle, loop, b.getI64IntegerAttr(factor));
    return {op.getOuter(), op.getInner()};
  }
  void reorder(ValueRange loops) { ReorderOp::create(b, loc, handle, loops); }
  Value fuse(ValueRange loops) {
    return FuseOp::create(b, loc, handle, loops).getFusedLoop();
  }
  void pipeline(Value loop) { PipelineOp::create(b, loc, handle, loop, 1); }
  void partition(Value memref, unsigned dim, int64_t factor) {
    PartitionOp::create(b, loc, memref, PartitionKind::Cyclic, dim, factor);
  }
  void partitionComplete(Value memref, unsigned dim) {
    PartitionOp::create(b, loc, memref, PartitionKind::Complete, dim, 0);
  }
  Value reuseAt(Value memref, Value loop, Type buffer) {
    return ReuseAtOp::create(b, loc, buffer, handle, memref, loop, StringAttr())
        .getResult();
  }
  Value bufferAt(Value memref, Value loop, Type buffer, StringRef name) {
    return BufferAtOp::create(b, loc, buffer, handle, memref, loop,
                              b.getStringAttr(name))
        .getResult();
  }

  /// Fuses `loops` (one or two) when there are two, then pipelines.
  void pipelineFused(ArrayRef<Value> loops) {
    pipeline(loops.size() == 1 ? loops[0] : fuse(loops));
  }

private:
  OpBuilder b;
  Location loc;
  Value handle;
};

SmallVector<StageLoop> filtered(ArrayRef<StageLoop> chain, bool reduction) {
  SmallVector<StageLoop> out;
  for (const StageLoop &l : chain)
    if (l.reduction == reduction)
      out.push_back(l);
  return out;
}

/// The dimension (from 1) of each array, defined outside `stage`, whose
/// index varies with `channel` in exactly one dimension; arrays indexed by
/// it in several dimensions, or inconsistently, are left out.
SmallVector<std::pair<Value, unsigned>> channelDimensions(AffineForOp stage,
                                                          AffineForOp channel) {
  llvm::MapVector<Value, std::optional<unsigned>> dims;
  stage.walk([&](Operation *op) {
    if (!isa<AffineReadOpInterface, AffineWriteOpInterface>(op))
      return;
    MemRefAccess access(op);
    if (!stage.isDefinedOutsideOfLoop(access.memref))
      return;
    AffineValueMap map;
    access.getAccessMap(&map);
    std::optional<unsigned> position;
    for (unsigned i = 0; i < map.getNumDims(); ++i)
      if (map.getOperand(i) == channel.getInductionVar())
        position = i;
    if (!position)
      return;
    SmallVector<unsigned> varying;
    for (auto [d, expr] : llvm::enumerate(map.getAffineMap().getResults()))
      if (expr.isFunctionOfDim(*position))
        varying.push_back(d + 1);
    auto [it, inserted] = dims.try_emplace(access.memref, std::nullopt);
    if (varying.size() == 1 && (inserted || it->second == varying[0]))
      it->second = varying[0];
    else
      it->second = 0; // left out
  });
  SmallVector<std::pair<Value, unsigned>> out;
  for (auto &[memref, dim] : dims)
    if (dim && *dim != 0)
      out.push_back({memref, *dim});
  return out;
}

/// The loops' trip counts, by induction variable.
using Trips = llvm::DenseMap<Value, int64_t>;

/// Whether `memref` is one the plans may partition: not an argument of the
/// function, which is its caller's memory (an `m_axi` port of the top
/// function), whose layout a schedule cannot change.
bool partitionable(Value memref, const PlanOptions &options) {
  return !options.argumentsArePorts || !isa<BlockArgument>(memref);
}

/// The most output channels per iteration, up to `parallel`, that divide
/// the channel count (a remainder would leave a guarded tail in every row);
/// 1 when none does.
int64_t channelFactor(AffineForOp channel, int64_t parallel) {
  std::optional<uint64_t> trips = getConstantTripCount(channel);
  if (!trips)
    return 1;
  while (parallel >= 2 && *trips % parallel != 0)
    --parallel;
  return std::max<int64_t>(parallel, 1);
}

/// How many positions index `d` of `read` covers while the loops in
/// `inside` run (the others held fixed): sum of |coefficient| x (trips - 1),
/// plus one. None when the index is not a sum of loops times constants.
std::optional<int64_t> covered(AffineReadOpInterface read, unsigned d,
                               const Trips &inside) {
  AffineMap map = read.getAffineMap();
  SmallVector<int64_t> flat;
  if (failed(getFlattenedAffineExpr(map.getResult(d), map.getNumDims(),
                                    map.getNumSymbols(), &flat)))
    return std::nullopt;
  ValueRange operands = read.getMapOperands();
  int64_t extent = 1;
  for (unsigned i = 0; i < map.getNumDims(); ++i) {
    auto trips = inside.find(operands[i]);
    if (flat[i] != 0 && trips != inside.end())
      extent += std::abs(flat[i]) * (trips->second - 1);
  }
  return extent;
}

Trips tripsOf(ArrayRef<StageLoop> loops) {
  Trips trips;
  for (const StageLoop &l : loops)
    if (std::optional<uint64_t> n = getConstantTripCount(l.op))
      trips[l.iv] = *n;
  return trips;
}

/// An on-chip copy of a stage's weights that are an `m_axi` argument (not
/// partitionable): buffer_at at the channel-block loop loads the block's
/// weights once, in one pipelined loop (a burst), and the unrolled loops
/// read the copy, which can be partitioned like on-chip weights. Each
/// weight is still read from the port once. `dims` gives, per dimension
/// of the weights (from 1), the copy's dimension (from 1), 0 where the copy
/// has none (an index fixed in a block).
struct WeightCopy {
  Value weights;
  MemRefType type;
  SmallVector<unsigned> dims;
  std::string name;
};

/// The copy of `weights` at the loop whose inner loops run `inside`, or
/// none when the stage reads it other than by one affine load. Its shape
/// is the box buffer_at keeps (BufferAtFootprint.cpp): the dimensions
/// indexed by an inner loop or wider than one. buffer_at checks the type,
/// so a shape computed wrong makes the plan not apply.
std::optional<WeightCopy> weightCopy(AffineForOp stage, Value weights,
                                     const Trips &inside) {
  SmallVector<AffineReadOpInterface> reads;
  for (Operation *user : weights.getUsers()) {
    if (!stage->isProperAncestor(user))
      continue;
    auto read = dyn_cast<AffineReadOpInterface>(user);
    if (!read)
      return std::nullopt;
    reads.push_back(read);
  }
  if (reads.size() != 1)
    return std::nullopt;
  AffineReadOpInterface read = reads.front();
  AffineMap map = read.getAffineMap();
  ValueRange operands = read.getMapOperands();
  WeightCopy copy{weights, MemRefType(), {}, ""};
  SmallVector<int64_t> shape;
  for (unsigned d = 0; d < map.getNumResults(); ++d) {
    std::optional<int64_t> extent = covered(read, d, inside);
    if (!extent)
      return std::nullopt;
    bool byInner = false;
    for (unsigned i = 0; i < map.getNumDims(); ++i)
      byInner |=
          inside.count(operands[i]) && map.getResult(d).isFunctionOfDim(i);
    if (!byInner && *extent == 1) {
      copy.dims.push_back(0);
      continue;
    }
    shape.push_back(*extent);
    copy.dims.push_back(shape.size());
  }
  auto type = cast<MemRefType>(weights.getType());
  copy.type = MemRefType::get(shape, type.getElementType());
  std::string stageName =
      stage->getAttrOfType<StringAttr>("stage_name").getValue().str();
  copy.name = stageName + "_weights";
  return copy;
}

/// The weight copies a stage can have: one per array of `arrays` that the
/// plans may not partition and the stage only reads by one affine load.
SmallVector<WeightCopy>
weightCopies(AffineForOp stage, ArrayRef<std::pair<Value, unsigned>> arrays,
             const Trips &inside, const PlanOptions &options) {
  SmallVector<WeightCopy> copies;
  for (auto [memref, dim] : arrays) {
    (void)dim;
    if (partitionable(memref, options) ||
        llvm::any_of(copies, [&, memref = memref](const WeightCopy &c) {
          return c.weights == memref;
        }))
      continue;
    if (std::optional<WeightCopy> copy = weightCopy(stage, memref, inside))
      copies.push_back(*copy);
  }
  return copies;
}

/// Whether each array of `arrays` may be partitioned or has a copy.
bool allBanked(ArrayRef<std::pair<Value, unsigned>> arrays,
               ArrayRef<WeightCopy> copies, const PlanOptions &options) {
  return llvm::all_of(arrays, [&](auto array) {
    return partitionable(array.first, options) ||
           llvm::any_of(copies, [&](const WeightCopy &c) {
             return c.weights == array.first;
           });
  });
}

/// Writes buffer_at for each copy at `block`, the loop of a channel block.
SmallVector<std::pair<WeightCopy, Value>>
writeCopies(PlanWriter &w, ArrayRef<WeightCopy> copies, Value block) {
  SmallVector<std::pair<WeightCopy, Value>> buffers;
  for (const WeightCopy &copy : copies)
    buffers.push_back(
        {copy, w.bufferAt(copy.weights, block, copy.type, copy.name)});
  return buffers;
}

/// Partitions the dimension `dim` (from 1) of `memref` the way `partition`
/// says, or the same dimension of its copy, which the unrolled loops read
/// instead; a dimension the copy does not have needs nothing.
void partitionOrCopy(Value memref, unsigned dim,
                     ArrayRef<std::pair<WeightCopy, Value>> copies,
                     const PlanOptions &options,
                     function_ref<void(Value, unsigned)> partition) {
  if (partitionable(memref, options)) {
    partition(memref, dim);
    return;
  }
  for (auto &[copy, buffer] : copies)
    if (copy.weights == memref && copy.dims[dim - 1] != 0)
      partition(buffer, copy.dims[dim - 1]);
}

bool channelParallel(func::FuncOp func, AffineForOp stage,
                     const PlanOptions &options) {
  int64_t parallel = options.parallel;
  SmallVector<StageLoop> chain = loopChain(stage);
  SmallVector<StageLoop> spatial = filtered(chain, false);
  SmallVector<StageLoop> reduction = filtered(chain, true);
  if (parallel < 2 || reduction.empty() || spatial.size() < 3)
    return false;
  const StageLoop &channel = spatial[spatial.size() - 3];
  parallel = channelFactor(channel.op, parallel);
  if (parallel < 2)
    return false;
  SmallVector<std::pair<Value, unsigned>> banks =
      channelDimensions(stage, channel.op);
  // Weights over m_axi get a copy per channel block where they can; the
  // others are read from the port (II 2 for four reads a cycle).
  Trips inside = tripsOf(reduction);
  inside[channel.iv] = parallel;
  SmallVector<WeightCopy> copies = weightCopies(stage, banks, inside, options);
  PlanWriter w(func, stage);
  auto [outer, inner] = w.split(w.loop(channel.name), parallel);
  SmallVector<Value> order = w.loops(reduction);
  SmallVector<Value> last = w.loops(ArrayRef(spatial).take_back(2));
  order.append(last);
  order.push_back(inner);
  w.reorder(order);
  w.pipelineFused(last);
  auto buffers = writeCopies(w, copies, outer);
  for (auto [memref, dim] : banks)
    partitionOrCopy(memref, dim, buffers, options,
                    [&](Value m, unsigned d) { w.partition(m, d, parallel); });
  return true;
}

/// The one read, in `stage`, of an array defined outside it whose index
/// moves with `row` and with a reduction loop: a convolution's (padded)
/// input, read through a window. Null when there is none or several.
AffineReadOpInterface windowedRead(AffineForOp stage, AffineForOp row,
                                   ArrayRef<StageLoop> reduction) {
  AffineReadOpInterface found;
  bool several = false;
  stage.walk([&](AffineReadOpInterface read) {
    if (!stage.isDefinedOutsideOfLoop(read.getMemRef()))
      return;
    ValueRange operands = read.getMapOperands();
    bool byRow = llvm::is_contained(operands, row.getInductionVar());
    bool byReduction = llvm::any_of(reduction, [&](const StageLoop &l) {
      return llvm::is_contained(operands, l.iv);
    });
    if (!byRow || !byReduction)
      return;
    several |= found && found != read;
    found = read;
  });
  return several ? AffineReadOpInterface() : found;
}

/// The shapes reuse_at gives the line buffer (at `row`) and the window
/// buffer (at `col`) of `read`'s array: per index, the positions covered
/// inside the loop (for the index moving with it, by the loops inside it
/// only: the window's span), dimensions of extent 1 dropped. `lineRowDims`
/// are the line buffer's dimensions the column loop does not walk (its
/// rows, and channels read at once). Written as ranked types
/// so that later partitions can name their dimensions; reuse_at checks
/// them, so a shape computed wrong makes the plan not apply.
struct ReuseShapes {
  SmallVector<int64_t> line, window;
  SmallVector<unsigned> lineRowDims; // from 1, partitioned completely
};

std::optional<ReuseShapes> reuseShapes(AffineReadOpInterface read, Value row,
                                       Value col, const Trips &insideRow,
                                       const Trips &insideCol) {
  ReuseShapes shapes;
  ValueRange operands = read.getMapOperands();
  AffineMap map = read.getAffineMap();
  auto uses = [&](unsigned d, Value iv) {
    for (unsigned i = 0; i < map.getNumDims(); ++i)
      if (operands[i] == iv && map.getResult(d).isFunctionOfDim(i))
        return true;
    return false;
  };
  Trips rowInner = insideRow, colInner = insideCol;
  rowInner.erase(row);
  colInner.erase(col);
  for (unsigned d = 0; d < map.getNumResults(); ++d) {
    bool moves = uses(d, row);
    std::optional<int64_t> line =
        covered(read, d, moves ? rowInner : insideRow);
    if (!line)
      return std::nullopt;
    if (*line == 1)
      continue;
    shapes.line.push_back(*line);
    if (!uses(d, col))
      shapes.lineRowDims.push_back(shapes.line.size());
    std::optional<int64_t> window =
        covered(read, d, uses(d, col) ? colInner : insideCol);
    if (!window)
      return std::nullopt;
    if (*window != 1)
      shapes.window.push_back(*window);
  }
  return shapes;
}

/// The dimensions (from 1) of the arrays other than `input`, defined
/// outside `stage`, indexed by one of `loops`: the kernel taps a pipelined
/// window reads at once.
SmallVector<std::pair<Value, unsigned>>
tapDimensions(AffineForOp stage, Value input, ArrayRef<StageLoop> loops) {
  llvm::SetVector<std::pair<Value, unsigned>> dims;
  stage.walk([&](AffineReadOpInterface read) {
    Value memref = read.getMemRef();
    if (memref == input || !stage.isDefinedOutsideOfLoop(memref))
      return;
    ValueRange operands = read.getMapOperands();
    AffineMap map = read.getAffineMap();
    for (unsigned d = 0; d < map.getNumResults(); ++d)
      for (unsigned i = 0; i < map.getNumDims(); ++i)
        for (const StageLoop &l : loops)
          if (operands[i] == l.iv && map.getResult(d).isFunctionOfDim(i))
            dims.insert({memref, d + 1});
  });
  return dims.takeVector();
}

/// Line and window buffers for a convolution: the loop order
/// (outer reductions, row, col, channel.inner, window taps), a line buffer
/// of the input at the row loop and a window buffer of it at the column
/// loop, the column loop pipelined. Each iteration then takes one new input
/// element and computes `parallel` channels' whole kernel window.
bool lineBuffers(func::FuncOp func, AffineForOp stage,
                 const PlanOptions &options) {
  if (!options.lineBuffers)
    return false;
  int64_t parallel = options.parallel;
  SmallVector<StageLoop> chain = loopChain(stage);
  SmallVector<StageLoop> spatial = filtered(chain, false);
  SmallVector<StageLoop> reduction = filtered(chain, true);
  if (reduction.size() < 2 || spatial.size() < 3)
    return false;
  const StageLoop &channel = spatial[spatial.size() - 3];
  const StageLoop &row = spatial[spatial.size() - 2];
  const StageLoop &col = spatial.back();
  AffineReadOpInterface read = windowedRead(stage, row.op, reduction);
  if (!read)
    return false;
  parallel = channelFactor(channel.op, parallel);
  ArrayRef<StageLoop> taps = ArrayRef(reduction).take_back(2);
  // The loops inside the row loop and inside the column loop once
  // reordered, with the channel loop's inner part (`parallel` trips).
  SmallVector<StageLoop> inner(taps);
  Trips insideCol = tripsOf(inner);
  if (parallel >= 2)
    insideCol[channel.iv] = parallel;
  Trips insideRow = insideCol;
  for (const StageLoop &l : {row, col})
    if (std::optional<uint64_t> n = getConstantTripCount(l.op))
      insideRow[l.iv] = *n;
  std::optional<ReuseShapes> shapes =
      reuseShapes(read, row.iv, col.iv, insideRow, insideCol);
  if (!shapes || shapes->line.empty() || shapes->window.empty())
    return false;
  SmallVector<std::pair<Value, unsigned>> banks =
      channelDimensions(stage, channel.op);
  SmallVector<std::pair<Value, unsigned>> tapDims =
      tapDimensions(stage, read.getMemRef(), taps);
  // The whole window is read at once: weights over `m_axi` are read from
  // an on-chip copy per channel block; where there can be none, the port
  // would serialize the window, and the channel-parallel plan is faster.
  Trips inside = tripsOf(reduction);
  if (parallel >= 2)
    inside[channel.iv] = parallel;
  SmallVector<std::pair<Value, unsigned>> copied(banks);
  copied.append(tapDims);
  SmallVector<WeightCopy> copies = weightCopies(stage, copied, inside, options);
  if (!allBanked(tapDims, copies, options))
    return false;

  PlanWriter w(func, stage);
  Value channelInner, block;
  if (parallel >= 2)
    std::tie(block, channelInner) = w.split(w.loop(channel.name), parallel);
  else
    block = w.loop(channel.name);
  SmallVector<Value> order =
      w.loops(ArrayRef(reduction).drop_back(taps.size()));
  Value rowLoop = w.loop(row.name), colLoop = w.loop(col.name);
  order.append({rowLoop, colLoop});
  if (channelInner)
    order.push_back(channelInner);
  order.append(w.loops(taps));
  w.reorder(order);
  Type element = cast<MemRefType>(read.getMemRef().getType()).getElementType();
  Value line = w.reuseAt(read.getMemRef(), rowLoop,
                         MemRefType::get(shapes->line, element));
  Value window =
      w.reuseAt(line, colLoop, MemRefType::get(shapes->window, element));
  w.pipeline(colLoop);
  auto buffers = writeCopies(w, copies, block);
  if (parallel >= 2)
    for (auto [memref, dim] : banks)
      partitionOrCopy(memref, dim, buffers, options, [&](Value m, unsigned d) {
        w.partition(m, d, parallel);
      });
  for (auto [memref, dim] : tapDims)
    partitionOrCopy(memref, dim, buffers, options,
                    [&](Value m, unsigned d) { w.partitionComplete(m, d); });
  for (unsigned dim : shapes->lineRowDims)
    w.partitionComplete(line, dim);
  w.partitionComplete(window, 0);
  return true;
}

bool reductionOutside(func::FuncOp func, AffineForOp stage) {
  SmallVector<StageLoop> chain = loopChain(stage);
  SmallVector<StageLoop> spatial = filtered(chain, false);
  SmallVector<StageLoop> reduction = filtered(chain, true);
  if (reduction.empty() || spatial.empty())
    return false;
  PlanWriter w(func, stage);
  SmallVector<Value> order = w.loops(reduction);
  SmallVector<Value> last =
      w.loops(ArrayRef(spatial).take_back(spatial.size() >= 2 ? 2 : 1));
  order.append(last);
  w.reorder(order);
  w.pipelineFused(last);
  return true;
}

bool fuseInnermostPair(func::FuncOp func, AffineForOp stage) {
  SmallVector<StageLoop> chain = loopChain(stage);
  if (chain.size() < 2 || !filtered(chain, true).empty())
    return false;
  PlanWriter w(func, stage);
  w.pipelineFused(w.loops(ArrayRef(chain).take_back(2)));
  return true;
}

bool pipelineInnermost(func::FuncOp func, AffineForOp stage) {
  SmallVector<StageLoop> chain = loopChain(stage);
  PlanWriter w(func, stage);
  w.pipeline(w.loop(chain.back().name));
  return true;
}

} // namespace

ArrayRef<SchedulePlan> schedulePlansInOrder() {
  static const SchedulePlan plans[] = {
      SchedulePlan::LineBuffers, SchedulePlan::ChannelParallel,
      SchedulePlan::ReductionOutside, SchedulePlan::FuseInnermostPair,
      SchedulePlan::PipelineInnermost};
  return plans;
}

StringRef schedulePlanName(SchedulePlan plan) {
  switch (plan) {
  case SchedulePlan::LineBuffers:
    return "line-buffers";
  case SchedulePlan::ChannelParallel:
    return "channel-parallel";
  case SchedulePlan::ReductionOutside:
    return "reduction-outside";
  case SchedulePlan::FuseInnermostPair:
    return "fuse-innermost-pair";
  case SchedulePlan::PipelineInnermost:
    return "pipeline-innermost";
  }
  llvm_unreachable("unknown plan");
}

SmallVector<AffineForOp> stagesOf(func::FuncOp func) {
  SmallVector<AffineForOp> stages;
  for (auto loop : func.getBody().getOps<AffineForOp>())
    if (loop->getAttrOfType<StringAttr>("stage_name") &&
        !getLoopName(loop).empty())
      stages.push_back(loop);
  return stages;
}

bool buildSchedulePlan(func::FuncOp func, AffineForOp stage, SchedulePlan plan,
                       const PlanOptions &options) {
  switch (plan) {
  case SchedulePlan::LineBuffers:
    return lineBuffers(func, stage, options);
  case SchedulePlan::ChannelParallel:
    return channelParallel(func, stage, options);
  case SchedulePlan::ReductionOutside:
    return reductionOutside(func, stage);
  case SchedulePlan::FuseInnermostPair:
    return fuseInnermostPair(func, stage);
  case SchedulePlan::PipelineInnermost:
    return pipelineInnermost(func, stage);
  }
  return false;
}

} // namespace hcl
