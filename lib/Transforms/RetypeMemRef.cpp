//===- RetypeMemRef.cpp - change a buffer's type across functions ---------===//

#include "RetypeMemRef.h"

#include "hcl/Dialect/HCL/HCLOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "mlir/IR/SymbolTable.h"

using namespace mlir;

namespace hcl {

namespace {

/// Collects the linked values with a worklist, remembering which function
/// arguments and results they reach so the other callers and returns can be
/// checked once everything is known.
class LinkedMemRefs {
public:
  LinkedMemRefs(Operation *op, StringRef primitive,
                function_ref<bool(Operation *)> isAccess, bool allowGlobals)
      : op(op), primitive(primitive), isAccess(isAccess),
        allowGlobals(allowGlobals), module(op->getParentOfType<ModuleOp>()) {}

  LogicalResult collect(Value buffer);
  SetVector<Value> takeValues() { return std::move(values); }

private:
  LogicalResult visitRoot(Value buffer);
  LogicalResult visitUse(OpOperand &use);
  LogicalResult visitReturn(func::FuncOp func, unsigned index);
  LogicalResult checkCallers(func::FuncOp func, unsigned index);
  LogicalResult checkReturns(func::FuncOp func, unsigned index);
  /// The func.call ops to `func`; an error when something else refers to it.
  FailureOr<SmallVector<func::CallOp>> getCalls(func::FuncOp func);
  InFlightDiagnostic emitErrorWithNote(Operation *at, const Twine &note);

  void add(Value value) {
    if (values.insert(value))
      worklist.push_back(value);
  }

  Operation *op;
  StringRef primitive;
  function_ref<bool(Operation *)> isAccess;
  bool allowGlobals;
  ModuleOp module;
  SetVector<Value> values;
  SmallVector<Value> worklist;
  SetVector<std::pair<Operation *, unsigned>> arguments, results;
};

InFlightDiagnostic LinkedMemRefs::emitErrorWithNote(Operation *at,
                                                    const Twine &note) {
  InFlightDiagnostic diag = op->emitError();
  diag << primitive << " ";
  diag.attachNote(at->getLoc()) << note;
  return diag;
}

LogicalResult LinkedMemRefs::visitRoot(Value buffer) {
  if (auto arg = dyn_cast<BlockArgument>(buffer)) {
    auto func = dyn_cast<func::FuncOp>(arg.getOwner()->getParentOp());
    if (!func || arg.getOwner() != &func.front())
      return op->emitError(primitive)
             << " needs a buffer (memref.alloc, memref.alloca) or a function "
                "argument; the target is a block argument of '"
             << arg.getOwner()->getParentOp()->getName() << "'";
    arguments.insert({func, arg.getArgNumber()});
    return success();
  }
  Operation *def = buffer.getDefiningOp();
  if (isa<memref::AllocOp, memref::AllocaOp>(def))
    return success();
  if (auto get = dyn_cast<memref::GetGlobalOp>(def)) {
    if (!allowGlobals)
      return op->emitError(primitive)
             << " cannot change the element type of memref.global @"
             << get.getName() << " (its initial value would need converting)";
    // Every memref.get_global of the symbol changes with the global.
    auto global = SymbolTable::lookupNearestSymbolFrom<memref::GlobalOp>(
        get, get.getNameAttr());
    std::optional<SymbolTable::UseRange> uses =
        global ? SymbolTable::getSymbolUses(global, module) : std::nullopt;
    if (!uses)
      return op->emitError(primitive)
             << " cannot find every use of memref.global @" << get.getName();
    for (const SymbolTable::SymbolUse &use : *uses) {
      auto other = dyn_cast<memref::GetGlobalOp>(use.getUser());
      if (!other)
        return emitErrorWithNote(use.getUser(), "referred to here")
               << "cannot change the type of memref.global @" << get.getName()
               << ", which '" << use.getUser()->getName() << "' refers to";
      add(other.getResult());
    }
    return success();
  }
  return op->emitError(primitive)
         << " needs a buffer (memref.alloc, memref.alloca) or a function "
            "argument; the target is the result of '"
         << def->getName() << "'";
}

FailureOr<SmallVector<func::CallOp>>
LinkedMemRefs::getCalls(func::FuncOp func) {
  SmallVector<func::CallOp> calls;
  std::optional<SymbolTable::UseRange> uses =
      SymbolTable::getSymbolUses(func, module);
  if (!uses) // an unregistered op with regions might refer to it
    return op->emitError(primitive)
           << " cannot find every use of @" << func.getSymName();
  for (const SymbolTable::SymbolUse &use : *uses) {
    if (auto call = dyn_cast<func::CallOp>(use.getUser())) {
      calls.push_back(call);
      continue;
    }
    return emitErrorWithNote(use.getUser(), "referred to here")
           << "cannot change the type of @" << func.getSymName() << ", which '"
           << use.getUser()->getName() << "' refers to without calling it";
  }
  return calls;
}

LogicalResult LinkedMemRefs::visitReturn(func::FuncOp func, unsigned index) {
  if (!results.insert({func, index}))
    return success();
  FailureOr<SmallVector<func::CallOp>> calls = getCalls(func);
  if (failed(calls))
    return failure();
  for (func::CallOp call : *calls)
    add(call.getResult(index));
  return success();
}

LogicalResult LinkedMemRefs::visitUse(OpOperand &use) {
  Operation *user = use.getOwner();
  unsigned index = use.getOperandNumber();
  if (isScheduleOp(user) || isAccess(user))
    return success();
  if (auto call = dyn_cast<func::CallOp>(user)) {
    auto callee = module.lookupSymbol<func::FuncOp>(call.getCallee());
    if (!callee || callee.isExternal())
      return emitErrorWithNote(call, "passed here")
             << "cannot change the type of an argument of @" << call.getCallee()
             << ", which has no body";
    arguments.insert({callee, index});
    add(callee.getArgument(index));
    return success();
  }
  if (isa<func::ReturnOp>(user))
    return visitReturn(user->getParentOfType<func::FuncOp>(), index);
  return emitErrorWithNote(user, "used here")
         << "cannot change the type of a buffer used by '" << user->getName()
         << "'";
}

LogicalResult LinkedMemRefs::checkCallers(func::FuncOp func, unsigned index) {
  FailureOr<SmallVector<func::CallOp>> calls = getCalls(func);
  if (failed(calls))
    return failure();
  for (func::CallOp call : *calls)
    if (!values.contains(call.getOperand(index)))
      return emitErrorWithNote(call, "called here with another buffer")
             << "would change argument " << index << " of @"
             << func.getSymName()
             << ", which is also called with a buffer of the old type";
  return success();
}

LogicalResult LinkedMemRefs::checkReturns(func::FuncOp func, unsigned index) {
  WalkResult walk = func.walk([&](func::ReturnOp ret) {
    if (values.contains(ret.getOperand(index)))
      return WalkResult::advance();
    emitErrorWithNote(ret, "returned here")
        << "would change result " << index << " of @" << func.getSymName()
        << ", which also returns a buffer of the old type";
    return WalkResult::interrupt();
  });
  return failure(walk.wasInterrupted());
}

LogicalResult LinkedMemRefs::collect(Value buffer) {
  if (failed(visitRoot(buffer)))
    return failure();
  add(buffer);
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    for (OpOperand &use : value.getUses())
      if (failed(visitUse(use)))
        return failure();
  }
  // Other callers and returns are checked last: a value they pass may join
  // the set through another path.
  for (auto [func, index] : arguments)
    if (failed(checkCallers(cast<func::FuncOp>(func), index)))
      return failure();
  for (auto [func, index] : results)
    if (failed(checkReturns(cast<func::FuncOp>(func), index)))
      return failure();
  return success();
}

} // namespace

FailureOr<SetVector<Value>>
collectLinkedMemRefs(Operation *op, StringRef primitive, Value buffer,
                     function_ref<bool(Operation *)> isAccess,
                     bool allowGlobals) {
  LinkedMemRefs linked(op, primitive, isAccess, allowGlobals);
  if (failed(linked.collect(buffer)))
    return failure();
  return linked.takeValues();
}

void setLinkedMemRefType(const SetVector<Value> &values, Type type) {
  // Function types are recomputed after every value has its new type.
  SetVector<func::FuncOp> changed;
  llvm::DenseMap<func::FuncOp, SmallVector<unsigned>> changedResults;
  for (Value value : values) {
    value.setType(type);
    // A global changes with its memref.get_global results; its initial
    // value keeps its elements in row-major order.
    if (auto get = value.getDefiningOp<memref::GetGlobalOp>())
      if (auto global = SymbolTable::lookupNearestSymbolFrom<memref::GlobalOp>(
              get, get.getNameAttr());
          global && global.getType() != type) {
        auto memref = cast<MemRefType>(type);
        auto tensor =
            RankedTensorType::get(memref.getShape(), memref.getElementType());
        if (auto dense = dyn_cast_or_null<DenseElementsAttr>(
                global.getInitialValueAttr()))
          global.setInitialValueAttr(dense.reshape(tensor));
        else if (auto resource = dyn_cast_or_null<DenseResourceElementsAttr>(
                     global.getInitialValueAttr()))
          global.setInitialValueAttr(
              DenseResourceElementsAttr::get(tensor, resource.getRawHandle()));
        global.setTypeAttr(TypeAttr::get(type));
      }
    if (auto arg = dyn_cast<BlockArgument>(value))
      changed.insert(cast<func::FuncOp>(arg.getOwner()->getParentOp()));
    for (OpOperand &use : value.getUses()) {
      if (!isa<func::ReturnOp>(use.getOwner()))
        continue;
      auto func = use.getOwner()->getParentOfType<func::FuncOp>();
      changed.insert(func);
      changedResults[func].push_back(use.getOperandNumber());
    }
  }
  for (func::FuncOp func : changed) {
    SmallVector<Type> outputs(func.getResultTypes());
    for (unsigned index : changedResults.lookup(func))
      outputs[index] = type;
    func.setFunctionType(FunctionType::get(
        func.getContext(), func.front().getArgumentTypes(), outputs));
  }
}

} // namespace hcl
