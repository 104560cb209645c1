//===- OutlineDataflow.cpp - each process of a dataflow region a call -----===//
//
// Shared by the HLS C++ emitter (hcl-hls-outline-dataflow) and the RTL
// preparation (hcl-rtl-outline-dataflow).
//
//===----------------------------------------------------------------------===//

#include "hcl/Transforms/OutlineDataflow.h"

#include "hcl/Analysis/StreamTrace.h"
#include "hcl/Dialect/HCL/Naming.h"
#include "hcl/Transforms/OutlineRegion.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/SymbolTable.h"

using namespace mlir;

namespace hcl {

/// Marks the functions outlineDataflowProcesses makes: `hcl hls --top all`
/// writes projects for the user's functions, not for these.
static constexpr llvm::StringLiteral kDataflowProcessAttr =
    "hcl.dataflow_process";

bool isStreamAlloc(Operation &op) {
  return isa<memref::AllocOp>(op) && op.hasAttr("stream_depth");
}

bool hasStreamAllocs(func::FuncOp func) {
  return !func.isExternal() &&
         llvm::any_of(func.getBody().front(),
                      [](Operation &op) { return isStreamAlloc(op); });
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

} // namespace hcl
