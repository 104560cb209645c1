//===- CheckDataflow.cpp - what a dataflow region's module is built from --===//
//
// After hcl-rtl-outline-dataflow a dataflow region is allocations and calls
// of its processes; its module (DataflowEmitter.cpp) connects them. A
// process's module stalls while one of its accesses waits, so everything
// in it must hold its state under `ap_stall`: the multi-cycle units (a
// divider, a float unit) take it as their clock enable, and the instances
// of calls, which run on their own, are refused there, at the operation.
//
//===----------------------------------------------------------------------===//

#include "Dataflow.h"

#include "hcl/Transforms/OutlineDataflow.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/SymbolTable.h"

using namespace mlir;

namespace hcl::rtl {

/// How a process uses its stream argument `index`: it must only read it or
/// only write it, with loads and stores.
static LogicalResult checkStreamUse(func::CallOp call, func::FuncOp callee,
                                    unsigned index) {
  bool reads = false, writes = false;
  for (Operation *user : callee.getArgument(index).getUsers()) {
    if (isa<memref::LoadOp>(user))
      reads = true;
    else if (isa<memref::StoreOp>(user))
      writes = true;
    else
      return user->emitError("rtl: a stream can only be read and written "
                             "by loads and stores (a FIFO)");
  }
  if (reads && writes)
    return call.emitError("rtl: @")
           << callee.getSymName() << " both reads and writes a stream";
  return success();
}

LogicalResult checkDataflowRegion(func::FuncOp func) {
  for (Operation &op : func.getBody().front()) {
    if (auto ret = dyn_cast<func::ReturnOp>(op)) {
      for (Value value : ret.getOperands())
        if (!isa<MemRefType>(value.getType()))
          return ret.emitError("rtl: a scalar result of a dataflow region "
                               "has no hardware form yet");
      continue;
    }
    if (isa<arith::ConstantOp, memref::AllocOp, memref::DeallocOp>(op))
      continue;
    auto call = dyn_cast<func::CallOp>(op);
    if (!call)
      return op.emitError("rtl: '")
             << op.getName() << "' outside the processes of a dataflow "
             << "region has no hardware form";
    auto callee = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
        call, call.getCalleeAttr());
    for (auto [index, operand] : llvm::enumerate(call.getOperands())) {
      Operation *def = operand.getDefiningOp();
      if (def && isStreamAlloc(*def)) {
        if (failed(checkStreamUse(call, callee, index)))
          return failure();
        continue;
      }
      if (!isa<MemRefType>(operand.getType()) &&
          !(isa<BlockArgument>(operand) &&
            operand.getParentRegion() == &func.getBody()))
        return call.emitError("rtl: a scalar passed to a process of a "
                              "dataflow region must be an argument of @")
               << func.getSymName();
    }
  }
  return success();
}

LogicalResult checkProcess(func::FuncOp func) {
  WalkResult walk = func.getBody().walk([&](Operation *op) {
    if (!isa<func::CallOp>(op))
      return WalkResult::advance();
    op->emitError("rtl: a call in a process of a dataflow region has no "
                  "hardware form yet: the process stalls on its streams "
                  "and shared memories, and a call runs on without it");
    return WalkResult::interrupt();
  });
  return failure(walk.wasInterrupted());
}

} // namespace hcl::rtl
