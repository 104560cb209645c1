//===- OneElementBuffers.cpp - trivial buffers as scalars -----------------===//
//
// The ONNX-to-Bambu thesis: "a buffer of single size is replaced with a
// variable"; when it is a filter's output, "the filter returns the computed
// value". A local one-element buffer accessed only by loads and stores becomes
// a rank-0 memref.alloca, which the C emitter writes as a plain variable. A
// one-element buffer parameter that a filter only writes before reading it
// becomes a local variable whose final value the filter returns; its
// callers store the returned value into the buffer.
//
//===----------------------------------------------------------------------===//

#include "Steps.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;
using namespace mlir::affine;

namespace hcl::bambu {

namespace {

bool isOneElement(Value memref) {
  auto type = dyn_cast<MemRefType>(memref.getType());
  return type && type.hasStaticShape() && type.getNumElements() == 1 &&
         type.getRank() > 0;
}

bool onlyAccessed(Value memref) {
  return llvm::all_of(memref.getUsers(), [&](Operation *user) {
    if (auto store = dyn_cast<AffineStoreOp>(user))
      return store.getMemRef() == memref;
    return isa<AffineLoadOp>(user);
  });
}

/// Every access to `from` goes to the rank-0 `to` instead.
void retarget(Value from, Value to) {
  for (Operation *user : llvm::make_early_inc_range(from.getUsers())) {
    OpBuilder b(user);
    if (auto load = dyn_cast<AffineLoadOp>(user))
      load.replaceAllUsesWith(
          AffineLoadOp::create(b, user->getLoc(), to, ValueRange{})
              .getResult());
    else
      AffineStoreOp::create(b, user->getLoc(),
                            cast<AffineStoreOp>(user).getValueToStore(), to,
                            ValueRange{});
    user->erase();
  }
}

Value localScalar(OpBuilder &b, Location loc, Value memref) {
  Type element = cast<MemRefType>(memref.getType()).getElementType();
  auto alloca = memref::AllocaOp::create(b, loc, MemRefType::get({}, element));
  alloca->setAttr("name", b.getStringAttr(valueName(memref)));
  return alloca;
}

void scalarizeLocals(func::FuncOp func) {
  SmallVector<Operation *> buffers;
  func.walk([&](Operation *op) {
    if (isa<memref::AllocOp, memref::AllocaOp>(op) &&
        isOneElement(op->getResult(0)) && onlyAccessed(op->getResult(0)))
      buffers.push_back(op);
  });
  for (Operation *op : buffers) {
    OpBuilder b(op);
    retarget(op->getResult(0), localScalar(b, op->getLoc(), op->getResult(0)));
    op->erase();
  }
}

/// Whether `op` runs whenever its function does: only loops that run at
/// least once enclose it.
bool unconditional(Operation *op) {
  for (Operation *p = op->getParentOp(); !isa<func::FuncOp>(p);
       p = p->getParentOp()) {
    auto loop = dyn_cast<AffineForOp>(p);
    std::optional<int64_t> trips = loop ? tripCount(loop) : std::nullopt;
    if (!trips || *trips < 1)
      return false;
  }
  return true;
}

/// The filter's one-element output parameter, if it has exactly one whose
/// first access, in program order, is a store that always runs: the
/// filter never reads a value it did not write.
std::optional<unsigned> outputParameter(func::FuncOp filter) {
  if (filter.getNumResults() != 0)
    return std::nullopt;
  std::optional<unsigned> found;
  for (BlockArgument arg : filter.getArguments()) {
    if (!isOneElement(arg) || !onlyAccessed(arg) || arg.use_empty())
      continue;
    bool written = llvm::any_of(
        arg.getUsers(), [](Operation *u) { return isa<AffineStoreOp>(u); });
    Operation *first = nullptr;
    filter.walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (!first && llvm::is_contained(op->getOperands(), Value(arg)))
        first = op;
    });
    if (!written || !isa<AffineStoreOp>(first) || !unconditional(first))
      continue;
    if (found)
      return std::nullopt;
    found = arg.getArgNumber();
  }
  return found;
}

void returnOutput(func::FuncOp filter, unsigned index, ModuleOp module) {
  BlockArgument arg = filter.getArgument(index);
  Block &body = filter.getBody().front();
  OpBuilder b(&body, body.begin());
  Value local = localScalar(b, filter.getLoc(), arg);
  retarget(arg, local);
  auto ret = cast<func::ReturnOp>(body.getTerminator());
  b.setInsertionPoint(ret);
  Value value = AffineLoadOp::create(b, ret.getLoc(), local, ValueRange{});
  ret->setOperands(ValueRange{value});
  filter.setType(FunctionType::get(
      filter.getContext(), filter.getArgumentTypes(), {value.getType()}));
  SmallVector<func::CallOp> calls;
  module.walk([&](func::CallOp call) {
    if (call.getCallee() == filter.getSymName())
      calls.push_back(call);
  });
  for (func::CallOp call : calls) {
    OpBuilder cb(call);
    auto returning =
        func::CallOp::create(cb, call.getLoc(), filter, call.getOperands());
    Value buffer = call.getOperand(index);
    auto rank = cast<MemRefType>(buffer.getType()).getRank();
    SmallVector<AffineExpr> zeros(rank, cb.getAffineConstantExpr(0));
    AffineStoreOp::create(cb, call.getLoc(), returning.getResult(0), buffer,
                          AffineMap::get(0, 0, zeros, cb.getContext()),
                          ValueRange{});
    call->erase();
  }
}

} // namespace

void scalarizeOneElementBuffers(ModuleOp module) {
  for (auto func : llvm::make_early_inc_range(module.getOps<func::FuncOp>())) {
    if (func.isExternal())
      continue;
    scalarizeLocals(func);
    if (!func->hasAttr(kFilterAttr))
      continue;
    if (std::optional<unsigned> output = outputParameter(func))
      returnOutput(func, *output, module);
  }
}

} // namespace hcl::bambu
