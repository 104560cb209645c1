//===- Dataflow.cpp - streams and dataflow processes in HLS C++ -----------===//

#include "Dataflow.h"

#include "hcl/Analysis/StreamTrace.h"
#include "hcl/Dialect/HCL/Naming.h"
#include "hcl/Target/HLSCpp/Passes.h"
#include "hcl/Transforms/OutlineRegion.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/SymbolTable.h"

using namespace mlir;

namespace hcl {

/// Marks the functions outlineDataflowProcesses makes: `hcl hls --top all`
/// writes projects for the user's functions, not for these.
static constexpr llvm::StringLiteral kDataflowProcessAttr =
    "hcl.dataflow_process";

static bool isStreamAlloc(Operation &op) {
  return isa<memref::AllocOp>(op) && op.hasAttr("stream_depth");
}

static bool hasStreamAllocs(func::FuncOp func) {
  return llvm::any_of(func.getBody().front(), isStreamAlloc);
}

bool hasStreams(ModuleOp module) {
  return llvm::any_of(module.getOps<func::FuncOp>(), [](func::FuncOp f) {
    return !f.isExternal() && hasStreamAllocs(f);
  });
}

/// `process` preceded by the buffers only it uses (a reuse buffer, a local
/// array), moved next to it, so that they become the function's own arrays
/// rather than channels of the region.
static SmallVector<Operation *> withLocalBuffers(Operation *process) {
  SmallVector<Operation *> ops;
  for (Operation *op = process->getBlock()->empty()
                           ? nullptr
                           : &process->getBlock()->front();
       op != process; op = op->getNextNode()) {
    if (!isa<memref::AllocOp, memref::AllocaOp>(op) ||
        op->hasAttr("stream_depth") || op->getResult(0).use_empty())
      continue;
    bool local =
        llvm::all_of(op->getResult(0).getUsers(), [&](Operation *user) {
          return process->isAncestor(user) || isa<memref::DeallocOp>(user);
        });
    if (local)
      ops.push_back(op);
  }
  for (Operation *op : ops) {
    for (Operation *user :
         llvm::make_early_inc_range(op->getResult(0).getUsers()))
      if (isa<memref::DeallocOp>(user))
        user->erase(); // C arrays need no freeing
    op->moveBefore(process);
  }
  ops.push_back(process);
  return ops;
}

bool isOutlinedDataflowProcess(func::FuncOp func) {
  return func->hasAttr(kDataflowProcessAttr);
}

LogicalResult outlineDataflowProcesses(ModuleOp module) {
  for (auto func : llvm::to_vector(module.getOps<func::FuncOp>())) {
    if (func.isExternal() || !hasStreamAllocs(func))
      continue;
    SmallVector<Operation *> processes;
    for (Operation &op : func.getBody().front())
      if (isDataflowProcess(&op) && !isa<func::CallOp>(op))
        processes.push_back(&op);
    for (Operation *process : processes) {
      StringRef stage = getStageName(process);
      std::string name = func.getSymName().str() + "_" +
                         (stage.empty() ? std::string("process") : stage.str());
      func::CallOp call = outlineIntoCall(withLocalBuffers(process), name);
      SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(call,
                                                         call.getCalleeAttr())
          ->setAttr(kDataflowProcessAttr, UnitAttr::get(func.getContext()));
      if (!stage.empty())
        call->setAttr("outlined_stage",
                      StringAttr::get(func.getContext(), stage));
    }
  }
  return success();
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
