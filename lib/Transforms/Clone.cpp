//===- Clone.cpp - hcl.clone: a copy of a function per stage --------------===//
//
// hcl.clone(@f, %s1, %s2) gives the calls of @f that each handle names a
// copy of @f of their own, so that each can be scheduled, and becomes
// hardware, apart from the others. A handle names the calls with its
// stage_name / op_name; when no call is so named and the handle names @f
// itself (HeteroCL-MLIR's spelling), it names every call of @f in the
// function. The copies run the same code, so the program's results do not
// change; the copy's own schedule operations come with it and are applied
// when the pass reaches the copy.
//
//===----------------------------------------------------------------------===//

#include "hcl/Dialect/HCL/Naming.h"
#include "hcl/Transforms/Primitives.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/SymbolTable.h"

using namespace mlir;

namespace hcl {

namespace {

/// The calls of `target` in `func` that the handle `name` names.
SmallVector<func::CallOp> namedCalls(func::FuncOp func, StringRef target,
                                     StringRef name) {
  SmallVector<func::CallOp> byStage, byCallee;
  func.walk([&](func::CallOp call) {
    if (getStageName(call) == name)
      byStage.push_back(call);
    else if (call.getCallee() == target && name == target)
      byCallee.push_back(call);
  });
  return byStage.empty() ? byCallee : byStage;
}

} // namespace

LogicalResult CloneOp::apply(ScheduleContext &ctx) {
  CloneOp op = *this;
  func::FuncOp func = ctx.getFunction();
  auto module = func->getParentOfType<ModuleOp>();
  SymbolTable symbols(module);
  auto target = symbols.lookup<func::FuncOp>(op.getTarget());
  for (Value handle : op.getStages()) {
    std::optional<StringRef> name = getStageHandleName(handle);
    if (!name)
      return op.emitError("the stage handle does not come from "
                          "hcl.create_op_handle");
    SmallVector<func::CallOp> calls = namedCalls(func, op.getTarget(), *name);
    if (calls.empty())
      return op.emitError("stage '")
             << *name << "' names no call of @" << op.getTarget() << " in @"
             << func.getSymName() << ": name the call (stage_name) or give @"
             << op.getTarget() << "'s own name";
    for (func::CallOp call : calls)
      if (call.getCallee() != op.getTarget())
        return op.emitError("stage '")
               << *name << "' is a call of @" << call.getCallee()
               << ", not of @" << op.getTarget();
    func::FuncOp copy = target.clone();
    copy.setSymName((op.getTarget() + "_" + *name).str());
    copy.setPrivate();
    // Placed after @f; SymbolTable::insert makes the name unique.
    StringAttr copyName =
        symbols.insert(copy, std::next(target->getIterator()));
    for (func::CallOp call : calls)
      call.setCallee(copyName);
  }
  return success();
}

} // namespace hcl
