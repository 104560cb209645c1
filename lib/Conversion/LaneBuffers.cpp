//===- LaneBuffers.cpp - where a vector loop's staged reads may live ------===//
//
// Reads that the affine vectorizer cannot take as one transfer (a stride-2
// row, a vector spanning two rows) are done before the vector loop into a
// small stack buffer of one element per lane, which the loop then reads
// with stride 1. These are the checks and the buffer they share.
//
//===----------------------------------------------------------------------===//

#include "CpuLoops.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Affine/IR/AffineValueMap.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace mlir::affine;

func::FuncOp hcl::enclosingFunctionOfSequentialNest(AffineForOp loop) {
  for (Operation *op = loop->getParentOp(); op; op = op->getParentOp()) {
    if (auto func = dyn_cast<func::FuncOp>(op))
      return func;
    if (!isa<AffineForOp, AffineIfOp>(op))
      return {};
  }
  return {};
}

std::optional<unsigned> hcl::laneDimension(const AffineValueMap &map,
                                           AffineForOp loop) {
  std::optional<unsigned> position;
  for (unsigned i = 0; i < map.getNumOperands(); ++i) {
    Value operand = map.getOperand(i);
    if (operand == loop.getInductionVar()) {
      if (i >= map.getNumDims())
        return std::nullopt;
      position = i;
    } else if (!loop.isDefinedOutsideOfLoop(operand)) {
      return std::nullopt;
    }
  }
  return position;
}

bool hcl::mayWrite(AffineForOp loop, Value memref) {
  return loop
      .walk([&](Operation *op) {
        if (auto write = dyn_cast<AffineWriteOpInterface>(op))
          return write.getMemRef() == memref ? WalkResult::interrupt()
                                             : WalkResult::advance();
        if (isa<AffineReadOpInterface, AffineYieldOp, AffineForOp>(op) ||
            isMemoryEffectFree(op))
          return WalkResult::advance();
        return WalkResult::interrupt();
      })
      .wasInterrupted();
}

Value hcl::laneBuffer(func::FuncOp func, Location loc, int64_t width,
                      Type element) {
  OpBuilder entry(&func.getBody().front(), func.getBody().front().begin());
  return memref::AllocaOp::create(entry, loc,
                                  MemRefType::get({width}, element));
}
