//===- FilterExtraction.cpp - the stage graph as filter functions ---------===//
//
// The ONNX-to-Bambu thesis: each stage (a top-level loop nest) becomes a
// filter, a C function whose parameters are the buffers and values it uses; the
// entry function keeps the buffers the stages share and calls the root filters
// in program order, so producers run before their consumers. Inside a filter,
// a reduction into a one-element buffer (an initializing store, a loop nest
// that updates only that buffer, and the read of the result) becomes a
// child filter that returns the value, as the seed's X_im_padded_U_sum_3.
// Constants are copied into a filter and a buffer used by one filter only
// moves into it, so neither becomes a parameter.
//
//===----------------------------------------------------------------------===//

#include "Steps.h"

#include "hcl/Dialect/HCL/Naming.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;
using namespace mlir::affine;

namespace hcl::bambu {

namespace {

bool isInside(ArrayRef<Operation *> ops, Operation *op) {
  return llvm::any_of(ops, [&](Operation *o) { return o->isAncestor(op); });
}

/// The values `ops` use but do not define, in first-use order.
llvm::SetVector<Value> capturedValues(ArrayRef<Operation *> ops) {
  llvm::SetVector<Value> captured;
  for (Operation *top : ops)
    top->walk([&](Operation *op) {
      for (Value v : op->getOperands()) {
        Operation *owner = v.getDefiningOp();
        if (!owner)
          owner = cast<BlockArgument>(v).getOwner()->getParentOp();
        if (!isInside(ops, owner))
          captured.insert(v);
      }
    });
  return captured;
}

/// A buffer defined outside `ops` and used only inside them.
bool isPrivateBuffer(Value v, ArrayRef<Operation *> ops) {
  if (!v.getDefiningOp<memref::AllocOp>() &&
      !v.getDefiningOp<memref::AllocaOp>())
    return false;
  return llvm::all_of(v.getUsers(),
                      [&](Operation *user) { return isInside(ops, user); });
}

/// Moves `ops` (consecutive, in one block) into a new filter function named
/// `name` placed before `parent`, and calls it in their place. `result`, a
/// value the last op defines or null, becomes the filter's return value.
func::CallOp outline(ArrayRef<Operation *> ops, Value result, StringRef name,
                     func::FuncOp parent) {
  llvm::SetVector<Value> captured = capturedValues(ops);
  SmallVector<Operation *> copied; // constants and private buffers
  SmallVector<Value> params;
  for (Value v : captured) {
    Operation *def = v.getDefiningOp();
    // A global is named, not passed: its C array is at file scope.
    if ((def && (def->hasTrait<OpTrait::ConstantLike>() ||
                 isa<memref::GetGlobalOp>(def))) ||
        isPrivateBuffer(v, ops))
      copied.push_back(def);
    else
      params.push_back(v);
  }
  OpBuilder builder(parent);
  SmallVector<Type> paramTypes;
  SmallVector<Attribute> paramNames;
  for (Value v : params) {
    paramTypes.push_back(v.getType());
    paramNames.push_back(builder.getStringAttr(valueName(v)));
  }
  SmallVector<Type> resultTypes;
  if (result)
    resultTypes.push_back(result.getType());
  auto filter =
      func::FuncOp::create(builder, ops.front()->getLoc(), name,
                           builder.getFunctionType(paramTypes, resultTypes));
  filter.setPrivate();
  filter->setAttr(kFilterAttr, builder.getUnitAttr());
  filter->setAttr(kParamNamesAttr, builder.getArrayAttr(paramNames));
  Block *body = filter.addEntryBlock();
  IRMapping mapping;
  for (auto [v, arg] : llvm::zip(params, body->getArguments()))
    mapping.map(v, arg);
  builder.setInsertionPointToStart(body);
  for (Operation *op : copied)
    builder.clone(*op, mapping);
  for (Operation *op : ops)
    builder.clone(*op, mapping);
  func::ReturnOp::create(builder, ops.back()->getLoc(),
                         result ? ValueRange{mapping.lookup(result)}
                                : ValueRange{});

  builder.setInsertionPoint(ops.front());
  auto call =
      func::CallOp::create(builder, ops.front()->getLoc(), filter, params);
  if (result)
    result.replaceAllUsesWith(call.getResult(0));
  for (Operation *op : llvm::reverse(ops))
    op->erase();
  for (Operation *op : copied)
    if (op->use_empty())
      op->erase();
  return call;
}

/// A one-element buffer that is local to the function.
bool isOneElementLocal(Value memref) {
  auto type = dyn_cast<MemRefType>(memref.getType());
  return type && type.hasStaticShape() && type.getNumElements() == 1 &&
         (memref.getDefiningOp<memref::AllocOp>() ||
          memref.getDefiningOp<memref::AllocaOp>());
}

/// Whether every store in `loop` writes `memref`.
bool updatesOnly(AffineForOp loop, Value memref) {
  bool only = true;
  loop.walk([&](Operation *op) {
    if (auto store = dyn_cast<AffineStoreOp>(op))
      only &= store.getMemRef() == memref;
    else if (isa<memref::StoreOp, func::CallOp>(op))
      only = false;
  });
  return only;
}

/// `store init, acc; for ... { acc updated }; %r = load acc`: the ops of a
/// reduction that can be a child filter, or none.
SmallVector<Operation *, 3> reductionAt(AffineStoreOp init) {
  Value acc = init.getMemRef();
  if (!isOneElementLocal(acc))
    return {};
  auto loop = dyn_cast_or_null<AffineForOp>(init->getNextNode());
  if (!loop || !updatesOnly(loop, acc))
    return {};
  auto read = dyn_cast_or_null<AffineLoadOp>(loop->getNextNode());
  if (!read || read.getMemRef() != acc)
    return {};
  return {init, loop, read};
}

/// Child filters for the reductions in `filter`.
void extractReductions(func::FuncOp filter, unsigned &counter) {
  SmallVector<SmallVector<Operation *, 3>> reductions;
  filter.walk([&](AffineStoreOp store) {
    auto ops = reductionAt(store);
    if (!ops.empty())
      reductions.push_back(ops);
  });
  for (auto &ops : reductions) {
    auto read = cast<AffineLoadOp>(ops.back());
    std::string name =
        valueName(read.getMemRef()) + "_fun_" + std::to_string(counter++);
    // The read stays in the child: it is the value the child returns.
    outline(ops, read.getResult(), name, filter);
  }
}

} // namespace

LogicalResult extractFilters(ModuleOp module) {
  SmallVector<func::FuncOp> entries;
  for (auto func : module.getOps<func::FuncOp>())
    if (!func.isExternal())
      entries.push_back(func);
  unsigned counter = 0;
  SmallVector<func::FuncOp> filters;
  for (func::FuncOp entry : entries) {
    SmallVector<AffineForOp> stages(
        entry.getBody().front().getOps<AffineForOp>());
    for (AffineForOp stage : stages) {
      StringRef stageName = getStageName(stage);
      if (stageName.empty())
        stageName = getLoopName(stage);
      std::string name = (stageName.empty() ? "stage" : stageName.str()) +
                         "_fun_" + std::to_string(counter++);
      func::CallOp call = outline({stage}, Value(), name, entry);
      filters.push_back(module.lookupSymbol<func::FuncOp>(call.getCallee()));
    }
  }
  for (func::FuncOp filter : filters)
    extractReductions(filter, counter);
  return success();
}

} // namespace hcl::bambu
