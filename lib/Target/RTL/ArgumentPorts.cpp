//===- ArgumentPorts.cpp - the ports of a module's memory arguments -------===//
//
// ArgumentPorts.h: which memory arguments get a second port.
//
//===----------------------------------------------------------------------===//

#include "ArgumentPorts.h"

#include "hcl/Analysis/BankAccesses.h"
#include "hcl/Analysis/TargetModel.h"

#include "mlir/IR/Operation.h"
#include "llvm/ADT/DenseMap.h"

using namespace mlir;

namespace hcl::rtl {

/// The pipelined loop (`pipeline_ii`) `op` is in, or null.
static Operation *pipelineOf(Operation *op) {
  for (Operation *parent = op->getParentOp(); parent;
       parent = parent->getParentOp())
    if (parent->hasAttr("pipeline_ii"))
      return parent;
  return nullptr;
}

unsigned argumentPorts(Value root) {
  auto argument = dyn_cast_or_null<BlockArgument>(root);
  if (rtlArgumentPorts() < 2 || !argument || !hasPortPerBank(argument))
    return 1;
  // By pipelined loop: its accesses of the argument.
  llvm::DenseMap<Operation *, int> uses;
  for (Operation *user : argument.getUsers())
    if (Operation *pipeline = pipelineOf(user))
      if (++uses[pipeline] >= 2)
        return 2;
  return 1;
}

} // namespace hcl::rtl
