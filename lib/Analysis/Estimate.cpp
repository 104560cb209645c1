//===- Estimate.cpp - a function's estimate -------------------------------===//
//
// A function's estimate: its latency (LatencyModel.h), every loop's II
// (ResourceMII.cpp for ports and units, Recurrence.cpp for RecMII), its
// resources (Resources.cpp) and its work for the roofline (WorkCount.cpp).
// Latency: a pipelined loop takes depth + II * (trips - 1) cycles, others
// trips * body latency.
//
//===----------------------------------------------------------------------===//

#include "hcl/Analysis/Estimate.h"
#include "LatencyModel.h"
#include "LoopModel.h"

#include "hcl/Analysis/OperatorCost.h"
#include "hcl/Dialect/HCL/PartitionLayout.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/SymbolTable.h"

#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace mlir::affine;

namespace hcl {

Value memrefOfRead(Operation *op) {
  if (auto load = dyn_cast<memref::LoadOp>(op))
    return load.getMemRef();
  return cast<AffineReadOpInterface>(op).getMemRef();
}

Value memrefOfWrite(Operation *op) {
  if (auto store = dyn_cast<memref::StoreOp>(op))
    return store.getMemRef();
  return cast<AffineWriteOpInterface>(op).getMemRef();
}

bool isOnChipArray(Value memref) {
  return isa_and_present<memref::AllocOp, memref::AllocaOp,
                         memref::GetGlobalOp>(memref.getDefiningOp());
}

bool isRegisterArray(Value memref) {
  bool local = isOnChipArray(memref);
  auto type = dyn_cast<MemRefType>(memref.getType());
  return local && type && hasOneElementBanks(type);
}

int loadLatencyOf(const TargetModel &target, Operation *op) {
  Value memref = memrefOfRead(op);
  if (target.registersAreWires && isRegisterArray(memref))
    return 0;
  return target.loadLatency;
}

int latencyOf(const TargetModel &target, Operation *op) {
  StringRef name = op->getName().getStringRef();
  // A global (the weights of a network) is a ROM that exists before the
  // function runs: naming it takes no time.
  if (op->getNumResults() == 0 || op->hasTrait<OpTrait::ConstantLike>() ||
      isa<memref::GetGlobalOp>(op))
    return target.latencyOfKind(name, false, true);
  // Non-affine accesses (a gather's data-dependent index) are memory ports.
  if (isa<memref::LoadOp>(op))
    return target.loadLatency;
  Type t = op->getResult(0).getType();
  bool isFloat = isa<FloatType>(t) ||
                 llvm::any_of(op->getOperandTypes(),
                              [](Type o) { return isa<FloatType>(o); });
  // Index arithmetic and casts are wires.
  bool isFree = !isFloat && (t.isIndex() || name.contains("cast"));
  int base = target.latencyOfKind(name, isFloat, isFree);
  if (isFloat || isFree)
    return base;
  // A divider takes a cycle per quotient bit, plus the target's extra ones.
  if (base != 0 &&
      isa<arith::DivSIOp, arith::DivUIOp, arith::RemSIOp, arith::RemUIOp>(op)) {
    bool isSigned = isa<arith::DivSIOp, arith::RemSIOp>(op);
    return static_cast<int>(getElementTypeOrSelf(t).getIntOrFloatBitWidth()) +
           target.dividerExtraCycles +
           (isSigned ? target.signedDividerExtraCycles : 0);
  }
  return scaleLatencyByWidth(op, base);
}

func::FuncOp calleeOf(func::CallOp call) {
  auto callee = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
      call, call.getCalleeAttr());
  return callee && !callee.isExternal() ? callee : func::FuncOp();
}

Resources estimateResources(func::FuncOp func);

FunctionEstimate estimateFunction(func::FuncOp func,
                                  const TargetModel &target) {
  FunctionEstimate result;
  result.resources = estimateResources(func);
  result.name = func.getSymName().str();
  LatencyModel estimator(target, result);
  std::optional<Span> latency = estimator.functionLatency(func, "", false);
  if (latency && latency->isExact()) {
    result.latency = latency->lo;
  } else if (latency) {
    result.worstCaseLatency = latency->hi;
    result.latencyLowerBound = latency->lo;
  }
  for (LoopEstimate &loop : result.loops)
    if (loop.varies && loop.minTripCount && loop.runs > 0)
      loop.notes.push_back(
          "trip count set by the loops around it: " +
          std::to_string(*loop.minTripCount) + " to " +
          std::to_string(*loop.maxTripCount) + ", " +
          llvm::formatv("{0:f1}", static_cast<double>(loop.iterations) /
                                      static_cast<double>(loop.runs))
              .str() +
          " on average, each run counted");
  // Off-chip: the arguments and the buffers the function returns.
  llvm::SmallPtrSet<Value, 8> offchip;
  for (BlockArgument arg : func.getArguments())
    offchip.insert(arg);
  func.walk([&](func::ReturnOp ret) {
    for (Value v : ret.getOperands())
      offchip.insert(v);
  });
  llvm::SmallPtrSet<Operation *, 4> active;
  bool exactWork = true;
  countWork(func, offchip, 1, result, active, exactWork);
  if (!exactWork)
    result.notes.push_back(
        "loops of unknown trip count: the operation and byte counts take "
        "max_trip_count iterations of each, or one where none is given");
  return result;
}

} // namespace hcl
