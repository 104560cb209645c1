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

#include "mlir/Dialect/Affine/Analysis/AffineAnalysis.h"
#include "mlir/Dialect/Affine/Analysis/LoopAnalysis.h"
#include "mlir/Dialect/Affine/IR/AffineValueMap.h"

using namespace mlir;
using namespace mlir::affine;

namespace hcl {
namespace {

struct StageLoop {
  AffineForOp op;
  std::string name;
  bool reduction;
};

/// The chain of loops from `root` down, following the one loop in each
/// body (stopping where a body has none or several).
SmallVector<StageLoop> loopChain(AffineForOp root) {
  SmallVector<StageLoop> chain;
  for (AffineForOp loop = root; loop;) {
    chain.push_back(
        {loop, getLoopName(loop).str(), loop->hasAttr("reduction")});
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

bool channelParallel(func::FuncOp func, AffineForOp stage, int64_t parallel) {
  SmallVector<StageLoop> chain = loopChain(stage);
  SmallVector<StageLoop> spatial = filtered(chain, false);
  SmallVector<StageLoop> reduction = filtered(chain, true);
  if (parallel < 2 || reduction.empty() || spatial.size() < 3)
    return false;
  const StageLoop &channel = spatial[spatial.size() - 3];
  // The most channels per iteration, up to `parallel`, that divide the
  // channel count (a remainder would leave a guarded tail in every row).
  std::optional<uint64_t> trips = getConstantTripCount(channel.op);
  if (!trips)
    return false;
  while (parallel >= 2 && *trips % parallel != 0)
    --parallel;
  if (parallel < 2)
    return false;
  SmallVector<std::pair<Value, unsigned>> banks =
      channelDimensions(stage, channel.op);
  PlanWriter w(func, stage);
  auto [outer, inner] = w.split(w.loop(channel.name), parallel);
  (void)outer;
  SmallVector<Value> order = w.loops(reduction);
  SmallVector<Value> last = w.loops(ArrayRef(spatial).take_back(2));
  order.append(last);
  order.push_back(inner);
  w.reorder(order);
  w.pipelineFused(last);
  for (auto [memref, dim] : banks)
    w.partition(memref, dim, parallel);
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
      SchedulePlan::ChannelParallel, SchedulePlan::ReductionOutside,
      SchedulePlan::FuseInnermostPair, SchedulePlan::PipelineInnermost};
  return plans;
}

StringRef schedulePlanName(SchedulePlan plan) {
  switch (plan) {
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
                       int64_t parallel) {
  switch (plan) {
  case SchedulePlan::ChannelParallel:
    return channelParallel(func, stage, parallel);
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
