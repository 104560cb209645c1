//===- Dataflow.cpp - streams and dataflow processes in HLS C++ -----------===//

#include "Dataflow.h"

#include "hcl/Analysis/StreamTrace.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/SymbolTable.h"

using namespace mlir;

namespace hcl {

bool hasStreams(ModuleOp module) {
  return llvm::any_of(module.getOps<func::FuncOp>(),
                      [](func::FuncOp f) { return hasStreamAllocs(f); });
}

FailureOr<StreamValues> findStreams(ModuleOp module) {
  StreamValues streams;
  SmallVector<Value> work;
  module.walk([&](memref::AllocOp alloc) {
    if (auto depth = alloc->getAttrOfType<IntegerAttr>("stream_depth")) {
      streams.depth[alloc.getResult()] = depth.getInt();
      work.push_back(alloc.getResult());
    }
  });
  // A stream passed to a call makes the callee's argument a stream.
  while (!work.empty()) {
    Value stream = work.pop_back_val();
    for (OpOperand &use : stream.getUses()) {
      auto call = dyn_cast<func::CallOp>(use.getOwner());
      if (!call)
        continue;
      auto callee = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
          call, call.getCalleeAttr());
      if (!callee || callee.isExternal())
        return call.emitError("hls-cpp: stream '")
               << bufferName(stream) << "' is passed to @" << call.getCallee()
               << ", which has no body";
      Value arg = callee.getArgument(use.getOperandNumber());
      // A copy: inserting may grow the map under a reference into it.
      int64_t depth = streams.depth.lookup(stream);
      if (streams.depth.try_emplace(arg, depth).second)
        work.push_back(arg);
    }
  }
  // Every call must agree on which arguments are streams.
  WalkResult result = module.walk([&](func::CallOp call) {
    auto callee = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
        call, call.getCalleeAttr());
    if (!callee || callee.isExternal())
      return WalkResult::advance();
    for (auto [operand, arg] :
         llvm::zip(call.getOperands(), callee.getArguments()))
      if (streams.contains(operand) != streams.contains(arg)) {
        call.emitError("hls-cpp: argument ")
            << arg.getArgNumber() << " of @" << call.getCallee()
            << " is a stream at one call and an array at another";
        return WalkResult::interrupt();
      }
    return WalkResult::advance();
  });
  if (result.wasInterrupted())
    return failure();
  return streams;
}

std::vector<SmallVector<int>> callDependences(func::FuncOp func,
                                              const StreamValues &streams) {
  llvm::DenseMap<Value, unsigned> channels;
  for (Operation &op : func.getBody().front())
    if (isStreamAlloc(op))
      channels[op.getResult(0)] = channels.size();
  FailureOr<std::vector<DataflowProcess>> processes =
      traceDataflowProcesses(func, channels, /*maxEvents=*/0);
  if (failed(processes))
    return {};
  return processDependences(*processes);
}

} // namespace hcl
