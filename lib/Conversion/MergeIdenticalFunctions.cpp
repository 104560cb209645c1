//===- MergeIdenticalFunctions.cpp - compile each distinct stage once -----===//
//
// A model repeats its layers: ResNet's blocks, MobileNet's inverted
// residuals and a transformer's layers have the same shapes again and again,
// and once their stages are functions of their own (weights and buffers
// arrive as arguments) those functions differ only in their names. LLVM
// would optimize and generate the same code hundreds of times; the JIT's
// compile time then grows with the model's nodes instead of with its
// distinct layers. Private functions whose bodies are the same, ignoring
// the stage names that only label them, become one: calls to the others
// call the first, and the others go.
//
//===----------------------------------------------------------------------===//

#include "hcl/Conversion/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Debug.h"

namespace hcl {
#define GEN_PASS_DEF_MERGEIDENTICALFUNCTIONS
#include "hcl/Conversion/Passes.h.inc"
} // namespace hcl

#define DEBUG_TYPE "hcl-merge-identical-functions"

using namespace mlir;

namespace {

/// The text of `function` without what only names it: its symbol and the
/// `stage_name` of its loops. Two functions with the same text compute the
/// same thing from the same arguments.
std::string bodyText(func::FuncOp function) {
  OpBuilder builder(function);
  auto copy = cast<func::FuncOp>(builder.clone(*function));
  copy.setSymName("f");
  copy.walk([](Operation *op) { op->removeAttr("stage_name"); });
  std::string text;
  llvm::raw_string_ostream os(text);
  // Numbered within the copy alone, as if it were the only function.
  copy->print(os, OpPrintingFlags().printGenericOpForm().useLocalScope());
  copy.erase();
  return text;
}

/// Functions that something other than a direct call refers to (a function
/// pointer, a symbol in an attribute) keep their identity.
llvm::DenseSet<StringAttr> referencedOtherwise(ModuleOp module) {
  llvm::DenseSet<StringAttr> names;
  module.walk([&](Operation *op) {
    if (isa<func::CallOp, func::FuncOp>(op))
      return;
    std::optional<SymbolTable::UseRange> uses = SymbolTable::getSymbolUses(op);
    if (!uses)
      return;
    for (const SymbolTable::SymbolUse &use : *uses)
      names.insert(use.getSymbolRef().getRootReference());
  });
  return names;
}

struct MergeIdenticalFunctionsPass
    : hcl::impl::MergeIdenticalFunctionsBase<MergeIdenticalFunctionsPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    llvm::DenseSet<StringAttr> pinned = referencedOtherwise(module);
    llvm::StringMap<func::FuncOp> firstWithText;
    llvm::DenseMap<StringAttr, StringAttr> replacement;
    SmallVector<func::FuncOp> duplicates;
    for (auto function : module.getOps<func::FuncOp>()) {
      if (function.isExternal() || !function.isPrivate() ||
          pinned.contains(function.getSymNameAttr()))
        continue;
      auto [first, inserted] =
          firstWithText.try_emplace(bodyText(function), function);
      if (inserted)
        continue;
      replacement[function.getSymNameAttr()] = first->second.getSymNameAttr();
      duplicates.push_back(function);
    }
    if (duplicates.empty())
      return;
    LLVM_DEBUG(llvm::dbgs() << DEBUG_TYPE ": " << duplicates.size()
                            << " functions repeat another\n");
    module.walk([&](func::CallOp call) {
      auto it = replacement.find(call.getCalleeAttr().getAttr());
      if (it != replacement.end())
        call.setCalleeAttr(FlatSymbolRefAttr::get(it->second));
    });
    for (func::FuncOp duplicate : duplicates)
      duplicate.erase();
  }
};

} // namespace
