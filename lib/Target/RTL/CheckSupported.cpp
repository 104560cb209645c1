//===- CheckSupported.cpp - what has a hardware form yet --------*- C++ -*-===//
//
// The RTL translation handles scf loops and conditionals, integer arith of
// any width, f32 and f64 operations that have a float unit or are wirings
// (FloatUnitEmitter.h, docs/rtl-float.md), loads and stores of statically
// shaped memrefs (arguments, results or local buffers), and calls of
// functions it handles (module instances), without recursion. Everything
// else is refused here, at the operation or argument at fault, before
// anything is printed.
//
//===----------------------------------------------------------------------===//

#include "Dataflow.h"
#include "FloatUnitEmitter.h"
#include "Fsm.h"

#include "hcl/Target/RTL.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/SymbolTable.h"

using namespace mlir;

namespace hcl {

static std::string typeName(Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  type.print(os);
  return text;
}

/// Why `type` has no hardware form yet; empty when it has one.
static std::string refusedType(Type type) {
  if (auto memref = dyn_cast<MemRefType>(type)) {
    if (!memref.hasStaticShape())
      return "dynamic shapes have no hardware form yet";
    return refusedType(memref.getElementType());
  }
  // The float units are binary32 and binary64 (docs/rtl-float.md).
  if (type.isF32() || type.isF64() || type.isIndex() || isa<IntegerType>(type))
    return "";
  if (isa<FloatType>(type))
    return "the float type " + typeName(type) +
           " has no hardware form (the float units are f32 and f64)";
  return "the type " + typeName(type) + " has no hardware form yet";
}

static bool isDatapathOp(Operation *op) {
  return isa<arith::ConstantOp, arith::AddIOp, arith::SubIOp, arith::MulIOp,
             arith::DivSIOp, arith::DivUIOp, arith::RemSIOp, arith::RemUIOp,
             arith::ShLIOp, arith::ShRSIOp, arith::ShRUIOp, arith::AndIOp,
             arith::OrIOp, arith::XOrIOp, arith::CmpIOp, arith::SelectOp,
             arith::ExtSIOp, arith::ExtUIOp, arith::TruncIOp,
             arith::IndexCastOp, arith::IndexCastUIOp, arith::MinSIOp,
             arith::MaxSIOp, arith::MinUIOp, arith::MaxUIOp,
             LLVM::BitReverseOp>(op);
}

/// Why `op` has no hardware form yet; empty when it has one.
static std::string refusedOp(Operation *op) {
  StringRef dialect = op->getDialect() ? op->getDialect()->getNamespace() : "";
  if (rtl::isFloatUnit(op) || rtl::isFloatWire(op))
    return "";
  if (std::string why = rtl::refusedFloatOp(op); !why.empty())
    return why;
  if (dialect == "math")
    return "math functions have no hardware form yet";
  if (isa<func::CallIndirectOp>(op))
    return "indirect calls have no hardware form";
  if (auto call = dyn_cast<func::CallOp>(op)) {
    auto callee = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
        call, call.getCalleeAttr());
    if (!callee || callee.isExternal())
      return "a call to a function without a body has no hardware form";
    if (llvm::any_of(callee.getResultTypes(),
                     [](Type type) { return isa<MemRefType>(type); }))
      return "a call that returns a memref has no hardware form yet";
    llvm::SmallPtrSet<Value, 4> passed;
    for (Value operand : call.getOperands()) {
      if (!isa<MemRefType>(operand.getType()))
        continue;
      Value root = rtl::memoryRoot(operand);
      if (!root)
        return "a view passed to a call has no hardware form yet";
      if (!passed.insert(root).second)
        return "a memory passed twice to one call has no hardware form yet "
               "(it has one port)";
    }
    return "";
  }
  if (isa<memref::LoadOp, memref::StoreOp>(op)) {
    Value memref = isa<memref::LoadOp>(op)
                       ? cast<memref::LoadOp>(op).getMemRef()
                       : cast<memref::StoreOp>(op).getMemRef();
    if (!rtl::memoryRoot(memref))
      return "an access through a view has no hardware form yet";
    return "";
  }
  if (isa<memref::AllocOp, memref::AllocaOp, memref::DeallocOp, scf::ForOp,
          scf::WhileOp, scf::IfOp, scf::YieldOp, scf::ConditionOp,
          func::ReturnOp>(op) ||
      isDatapathOp(op))
    return "";
  if (auto get = dyn_cast<memref::GetGlobalOp>(op)) {
    // hcl-rtl-constant-globals made every other one a ROM.
    auto global = SymbolTable::lookupNearestSymbolFrom<memref::GlobalOp>(
        get, get.getNameAttr());
    std::string name = "'memref.get_global' of @" + get.getName().str();
    if (global && !global.getConstant())
      return name + ", which is not constant, has no hardware form yet (a "
                    "constant global is a ROM)";
    return name + " has no hardware form here (a constant global with "
                  "an initial value of integers or floats is a ROM, unless "
                  "the function returns it)";
  }
  if (dialect == "hcl")
    return "'" + op->getName().getStringRef().str() +
           "' (an hcl operation) has no hardware form yet";
  return "'" + op->getName().getStringRef().str() +
         "' has no hardware form yet";
}

static LogicalResult checkReturn(func::ReturnOp ret) {
  for (Value value : ret.getOperands()) {
    if (!isa<MemRefType>(value.getType()))
      continue;
    if (isa<BlockArgument>(value) ||
        !isa_and_nonnull<memref::AllocOp, memref::AllocaOp>(
            value.getDefiningOp()))
      return ret.emitError("rtl: a returned memref must be an allocation of "
                           "the function");
  }
  return success();
}

static LogicalResult checkFunction(func::FuncOp func,
                                   llvm::SmallPtrSetImpl<Operation *> &active);

LogicalResult checkRTLSupported(func::FuncOp func) {
  llvm::SmallPtrSet<Operation *, 4> active;
  return checkFunction(func, active);
}

/// Checks `func` and, through its calls, its callees; `active` holds the
/// functions being checked, callers first.
static LogicalResult checkFunction(func::FuncOp func,
                                   llvm::SmallPtrSetImpl<Operation *> &active) {
  active.insert(func);
  for (auto [index, type] : llvm::enumerate(func.getArgumentTypes())) {
    std::string why = refusedType(type);
    if (!why.empty())
      return emitError(func.getArgument(index).getLoc())
             << "rtl: argument " << index << ": " << why;
  }
  for (Type type : func.getResultTypes())
    if (std::string why = refusedType(type); !why.empty())
      return func.emitError("rtl: a result: ") << why;
  WalkResult walk = func.getBody().walk([](Operation *op) {
    // A constant the canonicalizer hoisted has lost its location; its users
    // are refused at theirs.
    if (op->hasTrait<OpTrait::ConstantLike>() && isa<UnknownLoc>(op->getLoc()))
      return WalkResult::advance();
    // A type's reason first: an f16 is refused as such, whatever the
    // operation.
    std::string why;
    for (Type type : op->getResultTypes())
      if (why.empty())
        why = refusedType(type);
    for (Type type : op->getOperandTypes())
      if (why.empty())
        why = refusedType(type);
    if (why.empty())
      why = refusedOp(op);
    if (!why.empty()) {
      op->emitError("rtl: ") << why;
      return WalkResult::interrupt();
    }
    if (auto ret = dyn_cast<func::ReturnOp>(op))
      if (failed(checkReturn(ret)))
        return WalkResult::interrupt();
    return WalkResult::advance();
  });
  if (walk.wasInterrupted())
    return failure();
  if (rtl::isDataflowRegion(func) && failed(rtl::checkDataflowRegion(func)))
    return failure();
  if (rtl::isProcess(func) && failed(rtl::checkProcess(func)))
    return failure();
  // Each callee is a module the caller instantiates.
  WalkResult calls = func.getBody().walk([&](func::CallOp call) {
    auto callee = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
        call, call.getCalleeAttr());
    if (active.contains(callee)) {
      call.emitError("rtl: recursion has no hardware form");
      return WalkResult::interrupt();
    }
    if (failed(checkFunction(callee, active)))
      return WalkResult::interrupt();
    return WalkResult::advance();
  });
  active.erase(func);
  return failure(calls.wasInterrupted());
}

} // namespace hcl
