//===- PortRewrites.cpp - building blocks of the amc passes ---------------===//

#include "PortRewrites.h"

using namespace mlir;

namespace hcl::amc {

CreatePortOp buildCreatePort(OpBuilder &builder, Location loc, Value memref,
                             ArrayRef<int64_t> banks, Type type) {
  DenseI64ArrayAttr banksAttr =
      banks.empty() ? DenseI64ArrayAttr() : builder.getDenseI64ArrayAttr(banks);
  return CreatePortOp::create(builder, loc, type, memref, banksAttr);
}

void eraseUnusedPortChain(Value port) {
  Operation *op = port.getDefiningOp();
  if (!op || isa<AllocOp>(op) || !op->use_empty())
    return;
  SmallVector<Value> operands(op->getOperands());
  op->erase();
  for (Value operand : operands)
    eraseUnusedPortChain(operand);
}

} // namespace hcl::amc
