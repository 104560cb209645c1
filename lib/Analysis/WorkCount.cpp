//===- WorkCount.cpp - operations and off-chip bytes ----------------------===//
//
// The roofline's work: a function's arithmetic operations and the bytes it
// moves off chip, its callees' at each call.
//
//===----------------------------------------------------------------------===//

#include "LatencyModel.h"
#include "LoopModel.h"

#include "hcl/Analysis/OperatorCost.h"
#include "hcl/Dialect/HCL/HCLOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;
using namespace mlir::affine;

namespace hcl {

static bool isArithmetic(Operation *op) {
  // Fixed-point arithmetic counts; conversions and bit access are wiring.
  if (isa<AddFixedOp, SubFixedOp, MulFixedOp, DivFixedOp, MinFixedOp,
          MaxFixedOp, CmpFixedOp>(op))
    return true;
  StringRef dialect = op->getName().getDialectNamespace();
  if (dialect != "arith" && dialect != "math")
    return false;
  return !op->hasTrait<OpTrait::ConstantLike>() &&
         !isa<arith::IndexCastOp, arith::IndexCastUIOp>(op) &&
         !op->getResult(0).getType().isIndex();
}

/// How often `op` runs per call: the trip counts around it, a triangular
/// loop's summed over the iterations of the loops that bound it, a loop of
/// unknown trip count at its max_trip_count, or once.
static int64_t executions(Operation *op, bool &exact) {
  return iterationsAround(op, exact);
}

/// Adds `func`'s arithmetic operations and off-chip bytes, `times` calls of
/// it, to `result`, with its callees' at each call; `offchip` are its
/// values that live off chip; `exact` becomes false where a trip count is
/// not known.
void countWork(func::FuncOp func, const llvm::SmallPtrSetImpl<Value> &offchip,
               int64_t times, FunctionEstimate &result,
               llvm::SmallPtrSetImpl<Operation *> &active, bool &exact) {
  if (!active.insert(func).second)
    return;
  func.walk([&](Operation *op) {
    if (op->getNumResults() == 1 && isArithmetic(op))
      result.flops = satAdd(result.flops, satMul(times, executions(op, exact)));
    if (isa<AffineReadOpInterface, AffineWriteOpInterface, memref::LoadOp,
            memref::StoreOp>(op)) {
      Value memref = isa<AffineReadOpInterface, memref::LoadOp>(op)
                         ? memrefOfRead(op)
                         : memrefOfWrite(op);
      if (offchip.contains(memref)) {
        Type element = cast<MemRefType>(memref.getType()).getElementType();
        result.offchipBytes = satAdd(
            result.offchipBytes, satMul(satMul(times, executions(op, exact)),
                                        (dataWidth(element) + 7) / 8));
      }
    }
    if (auto call = dyn_cast<func::CallOp>(op))
      if (func::FuncOp callee = calleeOf(call)) {
        llvm::SmallPtrSet<Value, 8> calleeOffchip;
        for (auto [operand, arg] :
             llvm::zip(call.getOperands(), callee.getArguments()))
          if (offchip.contains(operand))
            calleeOffchip.insert(arg);
        countWork(callee, calleeOffchip, satMul(times, executions(call, exact)),
                  result, active, exact);
      }
  });
  active.erase(func);
}

} // namespace hcl
