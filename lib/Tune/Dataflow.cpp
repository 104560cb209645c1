//===- Dataflow.cpp - choices between stages ------------------------------===//

#include "hcl/Tune/Dataflow.h"

#include "hcl/Dialect/HCL/Naming.h"
#include "hcl/Tune/ProgramStructure.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

#include "llvm/ADT/DenseSet.h"

#include <set>
#include <tuple>

using namespace mlir;

namespace hcl::tuner {

namespace {
/// One top-level stage and the arrays it reads and writes.
struct StageAccess {
  Operation *op;
  std::string name;
  llvm::DenseSet<Value> reads, writes;
};
} // namespace

static std::vector<StageAccess> stageAccesses(func::FuncOp func) {
  std::vector<StageAccess> stages;
  for (Operation &op : func.getBody().getOps()) {
    StringRef name = getStageName(&op);
    if (name.empty())
      continue;
    StageAccess s{&op, name.str(), {}, {}};
    op.walk([&](Operation *inner) {
      if (auto load = dyn_cast<affine::AffineLoadOp>(inner))
        s.reads.insert(load.getMemRef());
      else if (auto load = dyn_cast<memref::LoadOp>(inner))
        s.reads.insert(load.getMemRef());
      else if (auto store = dyn_cast<affine::AffineStoreOp>(inner))
        s.writes.insert(store.getMemRef());
      else if (auto store = dyn_cast<memref::StoreOp>(inner))
        s.writes.insert(store.getMemRef());
    });
    stages.push_back(std::move(s));
  }
  return stages;
}

/// Whether `array` is used by anything but loads and stores in stages
/// (returned, passed to a call, viewed): then it cannot become a FIFO.
static bool usedOutsideStages(Value array) {
  for (Operation *user : array.getUsers())
    if (!isa<affine::AffineLoadOp, affine::AffineStoreOp, memref::LoadOp,
             memref::StoreOp, memref::DeallocOp>(user))
      return true;
  return false;
}

/// The arrays one stage writes and one other reads, with the two stages.
static std::vector<std::tuple<int, std::string, std::string>>
streamable(func::FuncOp func) {
  std::vector<StageAccess> stages = stageAccesses(func);
  std::vector<std::tuple<int, std::string, std::string>> out;
  for (auto [index, array] : llvm::enumerate(arraysOf(func))) {
    if (!array || !array.getDefiningOp<memref::AllocOp>() ||
        usedOutsideStages(array))
      continue;
    std::vector<const StageAccess *> writers, readers;
    for (const StageAccess &s : stages) {
      if (s.writes.contains(array))
        writers.push_back(&s);
      if (s.reads.contains(array))
        readers.push_back(&s);
    }
    if (writers.size() == 1 && readers.size() == 1 && writers[0] != readers[0])
      out.emplace_back(static_cast<int>(index), writers[0]->name,
                       readers[0]->name);
  }
  return out;
}

std::vector<StreamChoice> streamOptions(func::FuncOp func) {
  std::vector<StreamChoice> out;
  for (auto &[array, producer, consumer] : streamable(func))
    out.push_back({array, consumer});
  return out;
}

std::map<int, std::string> streamProducers(func::FuncOp func) {
  std::map<int, std::string> out;
  for (auto &[array, producer, consumer] : streamable(func))
    out[array] = producer;
  return out;
}

/// The name of the outermost loop of a stage (the stage op itself when it
/// is a loop).
static std::string outermostLoop(Operation *stage) {
  if (auto loop = dyn_cast<affine::AffineForOp>(stage))
    return getLoopName(loop).str();
  return "";
}

std::vector<FuseChoice> fusionOptions(func::FuncOp func) {
  std::vector<StageAccess> stages = stageAccesses(func);
  std::vector<FuseChoice> out;
  for (size_t p = 0; p < stages.size(); ++p) {
    std::set<size_t> readers;
    for (size_t c = 0; c < stages.size(); ++c)
      if (c != p && llvm::any_of(stages[p].writes, [&](Value v) {
            return stages[c].reads.contains(v);
          }))
        readers.insert(c);
    if (readers.size() != 1 || *readers.begin() < p)
      continue;
    const StageAccess &consumer = stages[*readers.begin()];
    std::string loop = outermostLoop(consumer.op);
    if (!loop.empty())
      out.push_back({stages[p].name, consumer.name, loop});
  }
  return out;
}

} // namespace hcl::tuner
