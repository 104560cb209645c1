//===- RetypeElements.cpp - store a buffer in another element type --------===//

#include "RetypeElements.h"
#include "RetypeMemRef.h"

#include "hcl/Dialect/HCL/HCLOps.h"
#include "hcl/Transforms/ScheduleContext.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;
using namespace mlir::affine;

namespace hcl {

bool isUnsignedBuffer(Value buffer) {
  auto arg = dyn_cast<BlockArgument>(buffer);
  if (!arg)
    return false;
  Operation *owner = arg.getOwner()->getParentOp();
  return isa<func::FuncOp>(owner) &&
         isUnsignedArgument(owner, arg.getArgNumber());
}

static void convertLoad(Operation *load, Type newElement,
                        ElementConversion fromLoaded) {
  Value loaded = load->getResult(0);
  loaded.setType(newElement);
  OpBuilder builder(load->getContext());
  builder.setInsertionPointAfter(load);
  Value restored = fromLoaded(builder, load->getLoc(), loaded);
  loaded.replaceAllUsesExcept(restored, restored.getDefiningOp());
}

static void convertStore(Operation *store, ElementConversion toStored) {
  OpBuilder builder(store);
  Value stored = store->getOperand(0);
  store->setOperand(0, toStored(builder, store->getLoc(), stored));
}

bool isBufferAccess(Operation *user) {
  return isa<AffineLoadOp, AffineStoreOp, memref::LoadOp, memref::StoreOp,
             memref::DeallocOp>(user);
}

LogicalResult retypeElements(Operation *op, StringRef primitive, Value target,
                             Type newElement, ScheduleContext &ctx,
                             ElementConversion toStored,
                             ElementConversion fromLoaded) {
  Value buffer = ctx.resolveMemRef(target);
  auto type = cast<MemRefType>(buffer.getType());
  FailureOr<SetVector<Value>> linked =
      collectLinkedMemRefs(op, primitive, buffer, isBufferAccess);
  if (failed(linked))
    return failure();
  for (Value value : *linked)
    for (Operation *user : llvm::to_vector(value.getUsers())) {
      if (isa<AffineLoadOp, memref::LoadOp>(user))
        convertLoad(user, newElement, fromLoaded);
      else if (isa<AffineStoreOp, memref::StoreOp>(user))
        convertStore(user, toStored);
    }
  setLinkedMemRefType(*linked,
                      MemRefType::Builder(type).setElementType(newElement));
  return success();
}

} // namespace hcl
