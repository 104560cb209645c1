//===- FunctionLatency.cpp - functions, calls and dataflow regions --------===//
//
// A function's latency, a call's, and a dataflow region's: its processes
// overlapped where streams connect them.
//
//===----------------------------------------------------------------------===//

#include "LatencyModel.h"
#include "LoopModel.h"

#include "hcl/Analysis/StreamTrace.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;
using namespace mlir::affine;

namespace hcl {

std::optional<Span> LatencyModel::functionLatency(func::FuncOp func,
                                                  const std::string &path,
                                                  bool unrolled) {
  if (!active.insert(func).second)
    return std::nullopt;
  std::optional<Span> latency;
  if (isDataflowRegion(func)) {
    if (std::optional<int64_t> l = dataflowLatency(func, path))
      latency = Span::exactly(*l);
  } else {
    latency = blockLatency(func.getBody().front(), path, unrolled);
  }
  // The handshake's cycle (rtl: the one with ap_done high).
  if (latency)
    *latency += Span::exactly(target.callCycles);
  active.erase(func);
  return latency;
}

std::optional<Span> LatencyModel::callLatency(func::CallOp call,
                                              const std::string &path,
                                              bool unrolled) {
  func::FuncOp callee = calleeOf(call);
  auto stage = call->getAttrOfType<StringAttr>("outlined_stage");
  std::string name = stage ? stage.getValue().str() : callee.getSymName().str();
  std::optional<Span> latency = functionLatency(
      callee, path.empty() ? name : path + "/" + name, unrolled);
  // The caller's cycle that starts it (rtl: its state raising ap_start).
  if (latency)
    *latency += Span::exactly(target.callStartCycles);
  return latency;
}

bool LatencyModel::isDataflowRegion(func::FuncOp func) {
  return func->hasAttr("dataflow") &&
         llvm::any_of(func.getBody().front(), [](Operation &op) {
           return isa<memref::AllocOp>(op) && op.hasAttr("stream_depth");
         });
}

std::optional<int64_t> LatencyModel::dataflowLatency(func::FuncOp func,
                                                     const std::string &path) {
  llvm::DenseMap<Value, unsigned> channels;
  for (Operation &op : func.getBody().front())
    if (isa<memref::AllocOp>(op) && op.hasAttr("stream_depth"))
      channels[op.getResult(0)] = channels.size();
  FailureOr<std::vector<DataflowProcess>> processes =
      traceDataflowProcesses(func, channels, /*maxEvents=*/0);
  if (failed(processes))
    return std::nullopt;
  std::vector<SmallVector<int>> deps = processDependences(*processes);
  size_t n = processes->size();
  std::vector<int64_t> start(n, 0), finish(n, 0);
  int64_t latency = 0;
  for (size_t p = 0; p < n; ++p) {
    const DataflowProcess &process = (*processes)[p];
    std::optional<int64_t> own = processLatency(process.root, path);
    if (!own)
      return std::nullopt;
    for (int d : deps[p])
      start[p] = std::max(start[p], finish[d]);
    SmallVector<size_t> producers;
    for (size_t q = 0; q < p; ++q)
      if (llvm::any_of(process.channelsRead, [&](unsigned c) {
            return (*processes)[q].channelsWritten.contains(c);
          }))
        producers.push_back(q);
    // A consumer's first read follows its producer's first write of the
    // channel (which may come after a part of the producer that does not
    // write it).
    for (size_t q : producers)
      for (auto [buffer, c] : channels)
        if (process.channelsRead.contains(c) &&
            (*processes)[q].channelsWritten.contains(c))
          start[p] = std::max(
              start[p], start[q] +
                            firstAccessDelay((*processes)[q].root, buffer) -
                            firstAccessDelay(process.root, buffer) + 1);
    finish[p] = start[p] + *own;
    for (size_t q : producers)
      finish[p] = std::max(finish[p], finish[q] + target.streamCycles);
    latency = std::max(latency, finish[p]);
  }
  return latency;
}

std::optional<int64_t> LatencyModel::processLatency(Operation *root,
                                                    const std::string &path) {
  std::optional<Span> span;
  if (isEstimatedLoop(root))
    span = loopLatency(root, path, false);
  else if (auto call = dyn_cast<func::CallOp>(root); call && calleeOf(call))
    span = callLatency(call, path, false);
  else
    return latencyOf(target, root);
  if (!span || !span->isExact())
    return std::nullopt;
  return span->lo;
}

int64_t LatencyModel::firstAccessDelay(Operation *root, Value buffer) {
  Operation *first = nullptr;
  root->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (!first && llvm::is_contained(op->getOperands(), buffer) &&
        isa<AffineReadOpInterface, AffineWriteOpInterface, memref::LoadOp,
            memref::StoreOp>(op))
      first = op;
  });
  int64_t delay = 0;
  for (Operation *op = first; op && op != root; op = op->getParentOp()) {
    for (Operation &before : *op->getBlock()) {
      if (&before == op)
        break;
      if (auto known = computed.find(&before); known != computed.end())
        delay += known->second.lo;
    }
    if (isEstimatedLoop(op->getParentOp()))
      delay += target.loopEntryCycles;
  }
  return delay;
}

} // namespace hcl
