//===- ThreeAddress.cpp - one operation per statement ---------------------===//
//
// The ONNX-to-Bambu thesis: "each IR operation is split into multiple
// statements that perform basic operations". Arithmetic is already one
// operation per SSA value; what remains compound are the affine maps of loads,
// stores and affine.apply. Each is expanded into index arithmetic (arith ops,
// one per statement in C) and the access becomes a memref.load / memref.store
// of plain index values. Loop bounds and affine.if conditions stay affine.
//
//===----------------------------------------------------------------------===//

#include "Steps.h"

#include "mlir/Dialect/Affine/Utils.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;
using namespace mlir::affine;

namespace hcl::bambu {

namespace {

SmallVector<Value> indices(OpBuilder &b, Operation *op, AffineMap map,
                           ValueRange operands) {
  std::optional<SmallVector<Value, 8>> expanded =
      expandAffineMap(b, op->getLoc(), map, operands);
  return SmallVector<Value>(expanded->begin(), expanded->end());
}

void expand(Operation *op) {
  OpBuilder b(op);
  if (auto load = dyn_cast<AffineLoadOp>(op)) {
    auto index = indices(b, op, load.getAffineMap(), load.getMapOperands());
    load.replaceAllUsesWith(
        memref::LoadOp::create(b, op->getLoc(), load.getMemRef(), index)
            .getResult());
  } else if (auto store = dyn_cast<AffineStoreOp>(op)) {
    auto index = indices(b, op, store.getAffineMap(), store.getMapOperands());
    memref::StoreOp::create(b, op->getLoc(), store.getValueToStore(),
                            store.getMemRef(), index);
  } else if (auto apply = dyn_cast<AffineApplyOp>(op)) {
    auto value = indices(b, op, apply.getAffineMap(), apply.getMapOperands());
    apply.replaceAllUsesWith(value.front());
  } else {
    return;
  }
  op->erase();
}

} // namespace

void expandToThreeAddress(func::FuncOp func) {
  SmallVector<Operation *> ops;
  func.walk([&](Operation *op) {
    if (isa<AffineLoadOp, AffineStoreOp, AffineApplyOp>(op))
      ops.push_back(op);
  });
  for (Operation *op : ops)
    expand(op);
}

} // namespace hcl::bambu
