//===- CpuSchedule.cpp - a CPU schedule for unscheduled code --------------===//
//
// An imported model's convolutions and matmuls sum into one output in their
// innermost loops: a chain of dependent scalar adds that LLVM can neither
// vectorize (reassociating would change the float result) nor overlap. This
// pass moves each such stage's reduction loops outside its innermost spatial
// loop, so that the innermost loop updates consecutive outputs from one
// weight: a vector multiply-add per iteration, with each output's terms
// still summed in their original order. It writes ordinary schedule
// operations (Passes.td describes them), only where they apply.
//
//===----------------------------------------------------------------------===//

#include "hcl/Dialect/HCL/HCLOps.h"
#include "hcl/Dialect/HCL/Naming.h"
#include "hcl/Transforms/Passes.h"

#include "mlir/Dialect/Affine/Analysis/AffineAnalysis.h"
#include "mlir/Dialect/Affine/Analysis/LoopAnalysis.h"
#include "mlir/Dialect/Affine/IR/AffineValueMap.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/Debug.h"

namespace hcl {
#define GEN_PASS_DEF_CPUSCHEDULE
#include "hcl/Transforms/Passes.h.inc"
} // namespace hcl

#define DEBUG_TYPE "hcl-cpu-schedule"

using namespace mlir;
using namespace mlir::affine;

namespace {

StringRef stageName(AffineForOp stage) {
  auto name = stage->getAttrOfType<StringAttr>("stage_name");
  return name ? name.getValue() : StringRef();
}

/// A stage's loops from the outermost down, following the one loop of each
/// body, as spatial loops around reduction loops (none for an elementwise
/// stage); empty when the nest has another shape (several loops in a body,
/// spatial loops inside a reduction, a loop without a name).
struct ReductionNest {
  SmallVector<AffineForOp> spatial, reduction;
};

std::optional<ReductionNest> loopNest(AffineForOp stage) {
  ReductionNest nest;
  for (AffineForOp loop = stage; loop;) {
    bool isReduction = loop->hasAttr("reduction");
    if (!isReduction && !nest.reduction.empty())
      return std::nullopt;
    (isReduction ? nest.reduction : nest.spatial).push_back(loop);
    auto inner = loop.getBody()->getOps<AffineForOp>();
    if (!inner.empty() && !llvm::hasSingleElement(inner))
      return std::nullopt;
    loop = inner.empty() ? AffineForOp() : *inner.begin();
  }
  if (nest.spatial.empty())
    return std::nullopt;
  for (AffineForOp loop :
       llvm::concat<AffineForOp>(nest.spatial, nest.reduction))
    if (hcl::getLoopName(loop).empty())
      return std::nullopt;
  return nest;
}

/// The plans, most productive first: a register block of outputs (rows of
/// the second-innermost spatial loop by vectors of the innermost, kept in
/// registers while the reduction runs), else the reduction loops moved
/// outside the innermost spatial loop (one vectorizable row); without a
/// reduction, the innermost loop vectorized.
enum class CpuPlan { RegisterBlock, ReductionOutside, VectorizeRow };

constexpr CpuPlan kPlans[] = {CpuPlan::RegisterBlock, CpuPlan::ReductionOutside,
                              CpuPlan::VectorizeRow};

/// The iterations of the nest, when its trip counts are known.
std::optional<uint64_t> nestWork(const ReductionNest &nest) {
  uint64_t work = 1;
  for (AffineForOp loop :
       llvm::concat<const AffineForOp>(nest.spatial, nest.reduction)) {
    std::optional<uint64_t> n = getConstantTripCount(loop);
    if (!n)
      return std::nullopt;
    work *= *n;
  }
  return work;
}

/// The largest of `choices` that divides `n`, or 0.
uint64_t largestDivisor(uint64_t n, ArrayRef<uint64_t> choices) {
  for (uint64_t c : choices)
    if (n % c == 0)
      return c;
  return 0;
}

/// Writes one stage's schedule operations before the terminator of `func`.
class StageWriter {
public:
  StageWriter(func::FuncOp func, AffineForOp stage)
      : b(func.getBody().back().getTerminator()), loc(stage.getLoc()) {
    handle = hcl::CreateStageHandleOp::create(
        b, loc, b.getStringAttr(stageName(stage)));
  }
  Value loop(AffineForOp op) {
    return hcl::CreateLoopHandleOp::create(
        b, loc, handle, b.getStringAttr(hcl::getLoopName(op)));
  }
  SmallVector<Value> loops(ArrayRef<AffineForOp> ops) {
    SmallVector<Value> handles;
    for (AffineForOp op : ops)
      handles.push_back(loop(op));
    return handles;
  }
  hcl::SplitOp split(Value l, int64_t factor) {
    return hcl::SplitOp::create(b, loc, handle, l, b.getI64IntegerAttr(factor));
  }
  hcl::TileOp tile(Value x, Value y, int64_t fx, int64_t fy) {
    return hcl::TileOp::create(b, loc, handle, x, y, b.getI64IntegerAttr(fx),
                               b.getI64IntegerAttr(fy));
  }
  void reorder(ValueRange loops) {
    hcl::ReorderOp::create(b, loc, handle, loops);
  }
  Value fuse(Value outer, Value inner) {
    return hcl::FuseOp::create(b, loc, handle, ValueRange{outer, inner});
  }
  void unroll(Value l) {
    hcl::UnrollOp::create(b, loc, handle, l, b.getI64IntegerAttr(0));
  }
  void vectorize(Value l, int64_t width) {
    hcl::VectorizeOp::create(b, loc, handle, l, b.getI64IntegerAttr(width));
  }
  void parallel(Value l) { hcl::ParallelOp::create(b, loc, handle, l); }

private:
  OpBuilder b;
  Location loc;
  Value handle;
};

/// The outermost of `loops` with more than one iteration, if any.
std::optional<size_t> firstSeveral(ArrayRef<AffineForOp> loops) {
  for (auto [i, loop] : llvm::enumerate(loops)) {
    std::optional<uint64_t> n = getConstantTripCount(loop);
    if (n && *n > 1)
      return i;
  }
  return std::nullopt;
}

/// The threads a stage runs on: more than one when asked for and the stage
/// has at least `minWork` iterations. Every parallel loop is a fork and a
/// join, and the join waits until each thread has had a core: on a loaded
/// machine 50-100 us per loop, more than a ResNet-20 convolution (2.4
/// million iterations) takes on one thread.
struct Threads {
  int64_t count;
  uint64_t minWork;
};

bool wantsThreads(const ReductionNest &nest, Threads threads) {
  std::optional<uint64_t> work = nestWork(nest);
  return threads.count > 1 && work && *work >= threads.minWork;
}

/// Whether every access in `stage` either does not depend on `iv` or walks
/// its array's last dimension with a step of 1 along it, so that vectors
/// along `iv` are plain vector loads, stores and broadcasts. (A pool's
/// column walk, a transposed operand are not: there `vectorize` would fall
/// back to LLVM, which may refuse, and warn.) With `stride2Reads`, reads
/// may also step by 2 (a stride-2 convolution's input), which the CPU
/// lowering reads as two vectors and a shuffle.
bool contiguousAlong(AffineForOp stage, AffineForOp loop,
                     bool stride2Reads = false) {
  Value iv = loop.getInductionVar();
  bool contiguous = true;
  stage.walk([&](Operation *op) {
    if (isa<memref::LoadOp, memref::StoreOp>(op)) {
      contiguous = false;
      return;
    }
    if (!isa<AffineReadOpInterface, AffineWriteOpInterface>(op))
      return;
    MemRefAccess access(op);
    AffineValueMap map;
    access.getAccessMap(&map);
    std::optional<unsigned> position;
    for (unsigned i = 0; i < map.getNumOperands(); ++i) {
      Value operand = map.getOperand(i);
      if (operand == iv)
        position = i;
      else if (Operation *def = operand.getDefiningOp();
               def && stage->isAncestor(def))
        contiguous = false; // an index computed in the nest: unknown
    }
    if (!position)
      return;
    AffineMap m = map.getAffineMap();
    MLIRContext *ctx = m.getContext();
    AffineExpr d = getAffineDimExpr(*position, ctx);
    for (auto [i, expr] : llvm::enumerate(m.getResults())) {
      if (!expr.isFunctionOfDim(*position))
        continue;
      AffineExpr step = simplifyAffineExpr(expr.replace(d, d + 1) - expr,
                                           m.getNumDims(), m.getNumSymbols());
      auto constant = dyn_cast<AffineConstantExpr>(step);
      int64_t allowed = stride2Reads && isa<AffineReadOpInterface>(op) ? 2 : 1;
      if (i + 1 != m.getNumResults() || !constant ||
          (constant.getValue() != 1 && constant.getValue() != allowed))
        contiguous = false;
    }
  });
  return contiguous;
}

/// Whether some read in `stage` moves along `cols` but not along
/// `channels`: a convolution's input, which every output channel reads.
/// Then a block over several channels loads each such vector once for all
/// of them, each channel's weight a broadcast.
bool sharedAcross(AffineForOp stage, AffineForOp channels, AffineForOp cols) {
  Value channel = channels.getInductionVar(), col = cols.getInductionVar();
  bool shared = false;
  stage.walk([&](AffineReadOpInterface read) {
    ValueRange operands = read.getMapOperands();
    shared |= llvm::is_contained(operands, col) &&
              !llvm::is_contained(operands, channel);
  });
  return shared;
}

/// The shape of a register block: `channels` x `rows` outputs of `width`
/// columns, the columns in vectors of up to 16 floats (an AVX-512
/// register).
struct BlockShape {
  uint64_t channels, rows, width;
};

/// Per reduction step a block loads `rows` x (vectors per row) inputs and
/// broadcasts `channels` weights, and does a vector multiply-add per
/// accumulator: the shape with the most multiply-adds per load among those
/// of at most 16 accumulators (registers are left for the operands), the
/// larger block on a tie.
BlockShape chooseBlock(uint64_t nChannels, uint64_t nRows, uint64_t width) {
  uint64_t vectors = std::max<uint64_t>(1, width / 16);
  BlockShape best{1, 1, width};
  double bestScore = 0;
  for (uint64_t c : {8, 4, 2, 1}) {
    if (nChannels % c)
      continue;
    for (uint64_t r : {8, 4, 2, 1}) {
      uint64_t accumulators = c * r * vectors;
      if (nRows % r || accumulators > 16)
        continue;
      double score = double(accumulators) / double(r * vectors + c);
      if (score > bestScore + 1e-9 ||
          (score > bestScore - 1e-9 &&
           accumulators > best.channels * best.rows * vectors)) {
        best = {c, r, width};
        bestScore = score;
      }
    }
  }
  return best;
}

/// How many whole rows of `cols` one AVX-512 vector of 16 lanes spans:
/// above 1 when the rows are shorter than 16 (an 8x8 plane), the accesses
/// are contiguous along them (reads may step by 2), and every array
/// written along them has rows
/// of exactly `nCols` elements, so that consecutive rows are consecutive
/// in memory (the CPU lowering then reads and writes such a vector as one,
/// and reads other arrays' rows as runs). 1 otherwise.
uint64_t rowsPerVector(AffineForOp stage, AffineForOp cols, uint64_t nCols,
                       uint64_t nRows) {
  if (nCols >= 16 || 16 % nCols || nRows % (16 / nCols) ||
      !contiguousAlong(stage, cols, true))
    return 1;
  Value col = cols.getInductionVar();
  bool rowsMatch = true;
  stage.walk([&](AffineWriteOpInterface write) {
    auto type = cast<MemRefType>(write.getMemRef().getType());
    if (llvm::is_contained(write.getMapOperands(), col) &&
        (type.getRank() < 2 || type.getShape().back() != int64_t(nCols)))
      rowsMatch = false;
  });
  return rowsMatch ? 16 / nCols : 1;
}

/// Rows of the register block by vectors of `width` along the innermost
/// spatial loop (up to 32 floats: two AVX-512 registers), and several
/// output channels when they share the input (chooseBlock).
bool registerBlock(func::FuncOp func, AffineForOp stage,
                   const ReductionNest &nest, Threads threads) {
  if (nest.spatial.size() < 2)
    return false;
  AffineForOp rows = nest.spatial[nest.spatial.size() - 2];
  AffineForOp cols = nest.spatial.back();
  std::optional<uint64_t> nRows = getConstantTripCount(rows);
  std::optional<uint64_t> nCols = getConstantTripCount(cols);
  if (!nRows || !nCols || !contiguousAlong(stage, cols, true))
    return false;
  uint64_t width = largestDivisor(*nCols, {32, 16, 8, 4});
  if (width == 0)
    return false;
  AffineForOp channels;
  std::optional<uint64_t> nChannels;
  if (nest.spatial.size() >= 3) {
    channels = nest.spatial[nest.spatial.size() - 3];
    nChannels = getConstantTripCount(channels);
  }
  bool blockChannels =
      nChannels && *nChannels > 1 && sharedAcross(stage, channels, cols);
  // Short rows: a block row is a vector of `perVector` rows.
  uint64_t perVector =
      width == *nCols ? rowsPerVector(stage, cols, *nCols, *nRows) : 1;
  uint64_t vectorWidth = width * perVector, vectorRows = *nRows / perVector;
  BlockShape shape = blockChannels
                         ? chooseBlock(*nChannels, vectorRows, vectorWidth)
                         : chooseBlock(1, vectorRows, vectorWidth);
  if (!blockChannels)
    shape.rows = largestDivisor(vectorRows, {8, 4, 2, 1});
  StageWriter w(func, stage);
  Value channelInner;
  SmallVector<Value> order;
  if (shape.channels > 1) {
    hcl::SplitOp split = w.split(w.loop(channels), shape.channels);
    order.push_back(split.getOuter());
    channelInner = split.getInner();
  }
  Value rowLoop = w.loop(rows);
  Value colLoop = w.loop(cols);
  hcl::TileOp tiled = w.tile(rowLoop, colLoop, shape.rows * perVector, width);
  // The block's rows and columns: the tile's, or with short rows, groups of
  // rows and the vectors that each span `perVector` rows.
  Value blockRows = tiled.getXInner(), blockCols = tiled.getYInner();
  if (perVector > 1) {
    hcl::SplitOp rowGroups = w.split(tiled.getXInner(), perVector);
    blockRows = rowGroups.getOuter();
    blockCols = w.fuse(rowGroups.getInner(), tiled.getYInner());
  }
  // The channel split left its inner loop above the tile's outer loops:
  // listed too, they move back above the reduction.
  if (channelInner) {
    order.push_back(tiled.getXOuter());
    order.push_back(tiled.getYOuter());
  }
  order.append(w.loops(nest.reduction));
  if (channelInner)
    order.push_back(channelInner);
  order.push_back(blockRows);
  order.push_back(blockCols);
  w.reorder(order);
  if (shape.rows > 1)
    w.unroll(blockRows);
  if (channelInner)
    w.unroll(channelInner);
  w.vectorize(blockCols, vectorWidth);
  // The lowering reads a stride-2 row before the vector loop into a stack
  // buffer, which threads would share: such a stage keeps one thread.
  if (!wantsThreads(nest, threads) || !contiguousAlong(stage, cols))
    return true;
  ArrayRef<AffineForOp> outer = ArrayRef(nest.spatial).drop_back(2);
  if (std::optional<size_t> i = firstSeveral(outer)) {
    if (channelInner && outer[*i] == channels) {
      if (*nChannels / shape.channels > 1)
        w.parallel(order.front());
    } else {
      w.parallel(w.loop(outer[*i]));
    }
  } else if (vectorRows / shape.rows > 1) {
    w.parallel(tiled.getXOuter());
  }
  return true;
}

/// No `parallel` here: LLVM vectorizes such a row itself (a stride-2 input
/// as interleaved loads), but not once the loop is the body of a parallel
/// region, whose arrays it no longer knows apart; a stride-2 convolution
/// ran 4x slower on one thread.
///
/// Where the row is contiguous but no vector width divides it (LeNet-5's
/// conv2 makes rows of 10), several output channels share the row's input
/// loads as in a register block: the channel loop split by up to 4, its
/// inner part unrolled and jammed just outside the row (LeNet-5 ran 15%
/// faster). Not for a strided input: LLVM's code for the jammed rows of
/// ResNet-20's stride-2 convolutions was slower than for one.
bool reductionOutside(func::FuncOp func, AffineForOp stage,
                      const ReductionNest &nest) {
  StageWriter w(func, stage);
  AffineForOp cols = nest.spatial.back();
  size_t n = nest.spatial.size();
  AffineForOp channels = n >= 3 ? nest.spatial[n - 3] : AffineForOp();
  std::optional<uint64_t> nChannels =
      channels ? getConstantTripCount(channels) : std::nullopt;
  uint64_t block = nChannels ? largestDivisor(*nChannels, {4, 2}) : 0;
  if (block == 0 || !contiguousAlong(stage, cols) ||
      !sharedAcross(stage, channels, cols)) {
    SmallVector<Value> order = w.loops(nest.reduction);
    order.push_back(w.loop(cols));
    w.reorder(order);
    return true;
  }
  hcl::SplitOp split = w.split(w.loop(channels), block);
  SmallVector<Value> order{split.getOuter()};
  order.append(w.loops(ArrayRef(nest.spatial).slice(n - 2, 1)));
  order.append(w.loops(nest.reduction));
  order.push_back(split.getInner());
  order.push_back(w.loop(cols));
  w.reorder(order);
  w.unroll(split.getInner());
  return true;
}

/// An elementwise stage's innermost loop in vectors. LLVM vectorizes most
/// such rows itself, but not all: an activation's 4-D rows it read with
/// gathers and wrote with scatters.
bool vectorizeRow(func::FuncOp func, AffineForOp stage,
                  const ReductionNest &nest) {
  AffineForOp row = nest.spatial.back();
  std::optional<uint64_t> n = getConstantTripCount(row);
  uint64_t width = n ? largestDivisor(*n, {32, 16, 8, 4}) : 0;
  if (width == 0 || !contiguousAlong(stage, row))
    return false;
  StageWriter w(func, stage);
  w.vectorize(w.loop(row), width);
  return true;
}

/// Writes the stage's schedule by `plan`. Returns false, writing nothing,
/// when the plan does not fit the nest or would change nothing (one output
/// per row: nothing to vectorize along it).
bool writeStageSchedule(func::FuncOp func, AffineForOp stage, CpuPlan plan,
                        Threads threads) {
  std::optional<ReductionNest> nest = loopNest(stage);
  if (!nest || (plan == CpuPlan::VectorizeRow) != nest->reduction.empty())
    return false;
  std::optional<uint64_t> trips = getConstantTripCount(nest->spatial.back());
  if (trips && *trips < 2)
    return false;
  switch (plan) {
  case CpuPlan::RegisterBlock:
    return registerBlock(func, stage, *nest, threads);
  case CpuPlan::ReductionOutside:
    return reductionOutside(func, stage, *nest);
  case CpuPlan::VectorizeRow:
    return vectorizeRow(func, stage, *nest);
  }
  return false;
}

struct CpuSchedulePass : hcl::impl::CpuScheduleBase<CpuSchedulePass> {
  using CpuScheduleBase::CpuScheduleBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<std::pair<func::FuncOp, AffineForOp>> candidates;
    for (auto func : module.getOps<func::FuncOp>()) {
      if (func.isExternal() || hcl::holdsScheduleOps(func))
        continue;
      for (auto stage : func.getBody().getOps<AffineForOp>())
        if (!stageName(stage).empty() && loopNest(stage))
          candidates.push_back({func, stage});
    }
    // Usually every stage's first plan applies: one trial for all of them.
    SmallVector<Operation *> written = writeAll(candidates);
    if (written.empty())
      return;
    OwningOpRef<ModuleOp> trial = module.clone();
    if (!applies(*trial)) {
      erase(written);
      written = writeEachThatApplies(candidates);
      trial = module.clone();
      // Stages that apply alone could still not apply together.
      if (written.empty() || !applies(*trial)) {
        erase(written);
        return;
      }
    }
    // The trial is the applied schedule: keeping it spares applying it again.
    if (apply)
      module.getBodyRegion().takeBody(trial->getBodyRegion());
  }

  static void erase(ArrayRef<Operation *> ops) {
    for (Operation *op : llvm::reverse(ops))
      op->erase();
  }

  /// Writes, for each candidate, the first plan that applies alone (on a
  /// copy of the module as it is now, unscheduled); returns the operations
  /// written.
  SmallVector<Operation *> writeEachThatApplies(
      ArrayRef<std::pair<func::FuncOp, AffineForOp>> candidates) {
    OwningOpRef<ModuleOp> unscheduled = getOperation().clone();
    SmallVector<Operation *> written;
    for (auto [func, stage] : candidates)
      for (CpuPlan plan : kPlans)
        if (appliesAlone(*unscheduled, func.getName(), stageName(stage),
                         plan)) {
          LLVM_DEBUG(llvm::dbgs()
                     << DEBUG_TYPE ": stage '" << stageName(stage) << "': plan "
                     << static_cast<int>(plan) << "\n");
          written.append(writeRecorded(func, stage, plan));
          break;
        }
    return written;
  }

  /// Writes the stage's schedule by `plan`; returns the operations written.
  SmallVector<Operation *> writeRecorded(func::FuncOp func, AffineForOp stage,
                                         CpuPlan plan) {
    Operation *terminator = func.getBody().back().getTerminator();
    Operation *before = terminator->getPrevNode();
    SmallVector<Operation *> written;
    if (!writeStageSchedule(func, stage, plan, {threads, minParallelWork}))
      return written;
    for (Operation *op = before ? before->getNextNode()
                                : &func.getBody().back().front();
         op != terminator; op = op->getNextNode())
      written.push_back(op);
    return written;
  }

  /// Writes every candidate's first plan that fits its nest; returns the
  /// operations written.
  SmallVector<Operation *>
  writeAll(ArrayRef<std::pair<func::FuncOp, AffineForOp>> candidates) {
    SmallVector<Operation *> written;
    for (auto [func, stage] : candidates)
      for (CpuPlan plan : kPlans) {
        SmallVector<Operation *> ops = writeRecorded(func, stage, plan);
        if (ops.empty())
          continue;
        written.append(ops);
        break;
      }
    return written;
  }

  /// Whether the stage's schedule, alone, applies on a copy of
  /// `unscheduled`.
  bool appliesAlone(ModuleOp unscheduled, StringRef funcName, StringRef name,
                    CpuPlan plan) {
    OwningOpRef<ModuleOp> trial = unscheduled.clone();
    auto func = trial->lookupSymbol<func::FuncOp>(funcName);
    if (!func)
      return false;
    for (auto stage : func.getBody().getOps<AffineForOp>())
      if (stageName(stage) == name)
        return writeStageSchedule(func, stage, plan,
                                  {threads, minParallelWork}) &&
               applies(*trial);
    return false;
  }

  /// Whether the schedule of `trial` applies; its messages are dropped (a
  /// schedule that does not apply is no error of the user's).
  bool applies(ModuleOp trial) {
    ScopedDiagnosticHandler quiet(&getContext(),
                                  [](Diagnostic &) { return success(); });
    PassManager pm(&getContext());
    pm.addPass(hcl::createApplyCustomizations());
    return succeeded(pm.run(trial));
  }
};

} // namespace
