//===- AliasedArguments.cpp - is a mismatch one array passed twice? -------===//
//
// Part of hcl check: see AliasedArguments.h.
//
//===----------------------------------------------------------------------===//

#include "AliasedArguments.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;

namespace hcl::driver {

/// What names the array `value` is: its memref.global when it is one (two
/// memref.get_global of one global are one array), else the value itself.
static const void *arrayIdentity(Value value) {
  if (auto get = value.getDefiningOp<memref::GetGlobalOp>())
    return get.getNameAttr().getAttr().getAsOpaquePointer();
  return value.getAsOpaquePointer();
}

/// The array, as the message names it.
static std::string describeArray(Value value) {
  if (auto get = value.getDefiningOp<memref::GetGlobalOp>())
    return "memref.global @" + get.getName().str();
  return "one array";
}

std::optional<std::string> explainByAliasedArguments(ModuleOp module) {
  std::optional<std::string> explanation;
  module.walk([&](func::CallOp call) {
    llvm::DenseMap<const void *, SmallVector<unsigned>> positions;
    SmallVector<const void *> order;
    for (auto [index, operand] : llvm::enumerate(call.getOperands())) {
      if (!isa<BaseMemRefType>(operand.getType()))
        continue;
      auto &list = positions[arrayIdentity(operand)];
      if (list.empty())
        order.push_back(arrayIdentity(operand));
      list.push_back(index);
    }
    for (const void *array : order) {
      const SmallVector<unsigned> &list = positions[array];
      if (list.size() < 2)
        continue;
      std::string argumentList = llvm::join(
          llvm::map_range(list, [](unsigned i) { return std::to_string(i); }),
          ", ");
      explanation =
          "@" + call->getParentOfType<func::FuncOp>().getSymName().str() +
          " passes " + describeArray(call.getOperand(list.front())) +
          " as arguments " + argumentList + " of @" + call.getCallee().str() +
          ": the schedule's transformations take distinct "
          "arguments to be distinct arrays (as C's restrict "
          "does), so they may read what the unscheduled program "
          "has not written yet; pass each argument its own array";
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return explanation;
}

} // namespace hcl::driver
