//===- ObservedGlobals.cpp - what a program leaves in its memref.globals --===//
//
// Part of hcl check: see ObservedGlobals.h.
//
//===----------------------------------------------------------------------===//

#include "ObservedGlobals.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/SymbolTable.h"

#include "llvm/ADT/SetVector.h"

using namespace mlir;

namespace hcl::driver {

/// `entry` and the functions it calls, directly or not.
static SmallVector<func::FuncOp> reachableFunctions(ModuleOp module,
                                                    func::FuncOp entry) {
  llvm::SetVector<Operation *> reached;
  reached.insert(entry);
  for (size_t next = 0; next < reached.size(); ++next)
    reached[next]->walk([&](func::CallOp call) {
      if (auto callee = module.lookupSymbol<func::FuncOp>(call.getCallee()))
        reached.insert(callee);
    });
  SmallVector<func::FuncOp> functions;
  for (Operation *op : reached)
    functions.push_back(cast<func::FuncOp>(op));
  return functions;
}

/// The globals `entry` names, directly or through the functions it calls,
/// whose contents a run can change and that start from known contents: an
/// uninitialized or external global starts from whatever the previous run
/// left, so comparing it would compare histories.
static SmallVector<memref::GlobalOp> writableGlobals(ModuleOp module,
                                                     func::FuncOp entry) {
  llvm::SetVector<Operation *> globals;
  for (func::FuncOp function : reachableFunctions(module, entry))
    function.walk([&](memref::GetGlobalOp get) {
      auto global = module.lookupSymbol<memref::GlobalOp>(get.getNameAttr());
      if (global && !global.getConstant() && !global.isExternal() &&
          !global.isUninitialized())
        globals.insert(global);
    });
  SmallVector<memref::GlobalOp> result;
  for (Operation *op : globals)
    result.push_back(cast<memref::GlobalOp>(op));
  return result;
}

/// A constant global holding `global`'s initial value, next to it.
static memref::GlobalOp addInitialCopy(SymbolTable &symbols,
                                       memref::GlobalOp global) {
  OpBuilder builder(global);
  builder.setInsertionPointAfter(global);
  auto initial = memref::GlobalOp::create(
      builder, global.getLoc(), (global.getSymName() + "_initial").str(),
      builder.getStringAttr("private"), global.getType(),
      *global.getInitialValue(), /*constant=*/true, global.getAlignmentAttr());
  symbols.insert(initial); // renamed if the name is taken
  return initial;
}

static Value getGlobal(OpBuilder &builder, Location loc,
                       memref::GlobalOp global) {
  return memref::GetGlobalOp::create(builder, loc, global.getType(),
                                     global.getSymName());
}

std::vector<std::string> returnWritableGlobals(ModuleOp module,
                                               func::FuncOp entry) {
  if (entry.isExternal() || !SymbolTable::symbolKnownUseEmpty(entry, module))
    return {};
  SmallVector<memref::GlobalOp> globals = writableGlobals(module, entry);
  if (globals.empty())
    return {};

  SymbolTable symbols(module);
  OpBuilder builder(entry.getContext());
  builder.setInsertionPointToStart(&entry.front());
  std::vector<std::string> names;
  SmallVector<Type> resultTypes(entry.getResultTypes());
  for (memref::GlobalOp global : globals) {
    memref::GlobalOp initial = addInitialCopy(symbols, global);
    Location loc = entry.getLoc();
    memref::CopyOp::create(builder, loc, getGlobal(builder, loc, initial),
                           getGlobal(builder, loc, global));
    names.push_back("@" + global.getSymName().str());
    resultTypes.push_back(MemRefType::get(global.getType().getShape(),
                                          global.getType().getElementType()));
  }

  entry.walk([&](func::ReturnOp ret) {
    OpBuilder at(ret);
    SmallVector<Value> operands(ret.getOperands());
    for (memref::GlobalOp global : globals) {
      auto type = cast<MemRefType>(resultTypes[operands.size()]);
      Value copy = memref::AllocOp::create(at, ret.getLoc(), type);
      memref::CopyOp::create(at, ret.getLoc(),
                             getGlobal(at, ret.getLoc(), global), copy);
      operands.push_back(copy);
    }
    ret.getOperandsMutable().assign(operands);
  });
  entry.setFunctionType(
      builder.getFunctionType(entry.getArgumentTypes(), resultTypes));
  return names;
}

} // namespace hcl::driver
