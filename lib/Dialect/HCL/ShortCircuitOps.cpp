//===- ShortCircuitOps.cpp - hcl.and, hcl.or ------------------------------===//
//
// HeteroCL-MLIR's short-circuit logic: regions that each yield an i1, run
// in order until one decides the result.
//
//===----------------------------------------------------------------------===//

#include "hcl/Dialect/HCL/HCLOps.h"

using namespace mlir;
using namespace hcl;

static LogicalResult verifyShortCircuit(Operation *op) {
  if (op->getNumRegions() == 0)
    return op->emitOpError("has no regions: write `arith.constant ")
           << (isa<AndOp>(op) ? "true" : "false")
           << "` for an empty conjunction or disjunction";
  for (Region &region : op->getRegions())
    if (!isa<YieldOp>(region.front().getTerminator()))
      return op->emitOpError("regions end with hcl.yield of an i1");
  return success();
}

LogicalResult AndOp::verify() { return verifyShortCircuit(*this); }
LogicalResult OrOp::verify() { return verifyShortCircuit(*this); }
