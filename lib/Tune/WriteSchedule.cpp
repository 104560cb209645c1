//===- WriteSchedule.cpp - a candidate as hcl schedule ops ----------------===//

#include "hcl/Tune/WriteSchedule.h"

#include "hcl/Dialect/HCL/HCLDialect.h"
#include "hcl/Dialect/HCL/HCLOps.h"
#include "hcl/Tune/ProgramStructure.h"

#include <map>

using namespace mlir;

namespace hcl::tuner {

namespace {
/// Creates each stage and loop handle once, the first time it is named.
class Handles {
public:
  Handles(OpBuilder &b, Location loc) : b(b), loc(loc) {}
  Value stage(const std::string &name) {
    Value &v = stages[name];
    if (!v)
      v = CreateStageHandleOp::create(b, loc, name);
    return v;
  }
  Value loop(const std::string &stageName, const std::string &name) {
    Value &v = loops[{stageName, name}];
    if (!v)
      v = CreateLoopHandleOp::create(b, loc, stage(stageName), name);
    return v;
  }

private:
  OpBuilder &b;
  Location loc;
  std::map<std::string, Value> stages;
  std::map<std::pair<std::string, std::string>, Value> loops;
};
} // namespace

static PartitionKind kindOf(Kind kind) {
  switch (kind) {
  case Kind::Cyclic:
    return PartitionKind::Cyclic;
  case Kind::Block:
    return PartitionKind::Block;
  case Kind::Complete:
    return PartitionKind::Complete;
  }
  return PartitionKind::Cyclic;
}

/// A buffer's type is left unranked: the primitive gives it its shape.
static Type bufferType(Value array) {
  return UnrankedMemRefType::get(
      cast<MemRefType>(array.getType()).getElementType(), nullptr);
}

static void writeReuse(OpBuilder &b, Location loc, Handles &handles,
                       Value array, const ReuseChoice &reuse) {
  Value buffer = array;
  for (auto [i, loop] : llvm::enumerate(reuse.loops)) {
    buffer = ReuseAtOp::create(b, loc, bufferType(array),
                               handles.stage(reuse.stage), buffer,
                               handles.loop(reuse.stage, loop), StringAttr());
    if (i < reuse.partitionDims.size())
      for (int64_t dim : reuse.partitionDims[i])
        PartitionOp::create(b, loc, buffer, PartitionKind::Complete, dim, 0);
  }
}

static void writeReorder(OpBuilder &b, Location loc, Handles &handles,
                         const BandSchedule &band) {
  if (!band.reordered())
    return;
  // Only the loops from the first that moves: a loop listed is distributed
  // when it holds more than the next (so an outer one left in place is not).
  size_t first = 0;
  while (band.order[first] == band.original[first])
    ++first;
  SmallVector<Value> loops;
  for (size_t i = first; i < band.order.size(); ++i)
    loops.push_back(handles.loop(band.stage, band.order[i]));
  ReorderOp::create(b, loc, handles.stage(band.stage), loops);
}

static void writeUnrollPipeline(OpBuilder &b, Location loc, Handles &handles,
                                const BandSchedule &band) {
  const std::string &s = band.stage;
  if (band.reordered())
    for (const std::string &loop : band.distributed)
      PipelineOp::create(b, loc, handles.stage(s), handles.loop(s, loop), 1);
  if (band.unrolledLoops > 0 && band.unrolledLoops < band.order.size()) {
    size_t pipelined = band.order.size() - 1 - band.unrolledLoops;
    for (size_t k = pipelined + 1; k < band.order.size(); ++k)
      UnrollOp::create(b, loc, handles.stage(s), handles.loop(s, band.order[k]),
                       0);
    PipelineOp::create(b, loc, handles.stage(s),
                       handles.loop(s, band.order[pipelined]), 1);
    return;
  }
  Value inner = handles.loop(s, band.order.back());
  if (band.unroll <= 1) {
    PipelineOp::create(b, loc, handles.stage(s), inner, 1);
    return;
  }
  auto split = SplitOp::create(b, loc, handles.stage(s), inner, band.unroll);
  UnrollOp::create(b, loc, handles.stage(s), split.getInner(), 0);
  PipelineOp::create(b, loc, handles.stage(s), split.getOuter(), 1);
}

LogicalResult writeSchedule(func::FuncOp func, const Schedule &schedule) {
  // A program without schedule ops may not have loaded the dialect yet.
  func->getContext()->getOrLoadDialect<HCLDialect>();
  std::vector<Value> arrays = arraysOf(func);
  auto arrayAt = [&](int i) -> Value {
    return i >= 0 && static_cast<size_t>(i) < arrays.size() ? arrays[i]
                                                            : Value();
  };
  OpBuilder b(func.getBody().back().getTerminator());
  Location loc = b.getUnknownLoc();
  Handles handles(b, loc);
  for (const PartitionChoice &p : schedule.partitions) {
    Value array = arrayAt(p.array);
    if (!array)
      return failure();
    PartitionOp::create(b, loc, array, kindOf(p.kind), p.dim,
                        p.kind == Kind::Complete ? 0 : p.factor);
  }
  // Reorders first: a reuse buffer's loop must be where it will run.
  for (const BandSchedule &band : schedule.bands)
    writeReorder(b, loc, handles, band);
  for (const ReuseChoice &reuse : schedule.reuses) {
    Value array = arrayAt(reuse.array);
    if (!array)
      return failure();
    writeReuse(b, loc, handles, array, reuse);
  }
  for (const BandSchedule &band : schedule.bands)
    writeUnrollPipeline(b, loc, handles, band);
  for (const BufferChoice &buffer : schedule.buffers) {
    Value array = arrayAt(buffer.array);
    if (!array)
      return failure();
    BufferAtOp::create(b, loc, bufferType(array), handles.stage(buffer.stage),
                       array, handles.loop(buffer.stage, buffer.loop),
                       StringAttr());
  }
  // Between stages last: a fusion copies the producer's scheduled loops, a
  // stream's legality depends on the orders written above.
  for (const FuseChoice &f : schedule.fusions)
    ComputeAtOp::create(b, loc, handles.stage(f.producer),
                        handles.stage(f.consumer),
                        handles.loop(f.consumer, f.loop));
  for (const StreamChoice &c : schedule.streams) {
    Value array = arrayAt(c.array);
    if (!array)
      return failure();
    ToOp::create(b, loc, array, handles.stage(c.consumer), IntegerAttr());
  }
  return success();
}

} // namespace hcl::tuner
