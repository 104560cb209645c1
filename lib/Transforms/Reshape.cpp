//===- Reshape.cpp - hcl.reshape: give a buffer another shape -------------===//
//
// %B = hcl.reshape %A : memref<4x4xf32> to memref<16xf32> gives A the new
// shape in place, with the same elements in row-major order. Every access is
// rewritten to the new shape: the old indices are linearized and split again,
// inside the access map so affine accesses stay affine:
//
//   affine.load %A[%i, %j] : memref<4x4xf32>
//     ->  affine.load %A[%i * 4 + %j] : memref<16xf32>
//
// A's type changes with every function argument, result and call it is
// passed through (RetypeMemRef.h); later schedule operations naming %B act
// on A.
//
//===----------------------------------------------------------------------===//

#include "RetypeMemRef.h"

#include "hcl/Dialect/HCL/PartitionLayout.h"
#include "hcl/Transforms/Primitives.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;
using namespace mlir::affine;

namespace hcl {

namespace {

/// The row-major position given by `indices` in `from`, as indices into `to`.
SmallVector<AffineExpr> reshapeIndices(ArrayRef<AffineExpr> indices,
                                       ArrayRef<int64_t> from,
                                       ArrayRef<int64_t> to,
                                       MLIRContext *context) {
  AffineExpr linear = getAffineConstantExpr(0, context);
  for (auto [index, size] : llvm::zip(indices, from))
    linear = linear * size + index;
  int64_t stride = ShapedType::getNumElements(to);
  SmallVector<AffineExpr> result;
  for (auto [dim, size] : llvm::enumerate(to)) {
    stride /= size;
    AffineExpr index = linear.floorDiv(stride);
    // The leading index is in range already; the others wrap.
    result.push_back(dim == 0 ? index : index % size);
  }
  return result;
}

void rewriteAffineAccess(Operation *access, StringRef mapName, AffineMap map,
                         ArrayRef<int64_t> from, ArrayRef<int64_t> to) {
  SmallVector<AffineExpr> indices =
      reshapeIndices(map.getResults(), from, to, map.getContext());
  auto newMap = AffineMap::get(map.getNumDims(), map.getNumSymbols(), indices,
                               map.getContext());
  access->setAttr(mapName, AffineMapAttr::get(newMap));
}

/// memref.load/store index with plain values: the new indices are
/// affine.apply ops of the old ones.
SmallVector<Value> reshapeValues(Operation *access, ValueRange indices,
                                 ArrayRef<int64_t> from, ArrayRef<int64_t> to) {
  MLIRContext *context = access->getContext();
  SmallVector<AffineExpr> dims;
  for (unsigned d = 0; d < indices.size(); ++d)
    dims.push_back(getAffineDimExpr(d, context));
  OpBuilder builder(access);
  SmallVector<Value> result;
  for (AffineExpr expr : reshapeIndices(dims, from, to, context))
    result.push_back(AffineApplyOp::create(
        builder, access->getLoc(), AffineMap::get(indices.size(), 0, expr),
        indices));
  return result;
}

void rewriteAccess(Operation *access, ArrayRef<int64_t> from,
                   ArrayRef<int64_t> to) {
  if (auto load = dyn_cast<AffineLoadOp>(access))
    return rewriteAffineAccess(load, load.getMapAttrStrName(),
                               load.getAffineMap(), from, to);
  if (auto store = dyn_cast<AffineStoreOp>(access))
    return rewriteAffineAccess(store, store.getMapAttrStrName(),
                               store.getAffineMap(), from, to);
  if (auto load = dyn_cast<memref::LoadOp>(access)) {
    SmallVector<Value> indices =
        reshapeValues(load, load.getIndices(), from, to);
    load.getIndicesMutable().assign(indices);
    return;
  }
  if (auto store = dyn_cast<memref::StoreOp>(access)) {
    SmallVector<Value> indices =
        reshapeValues(store, store.getIndices(), from, to);
    store.getIndicesMutable().assign(indices);
  }
}

/// The type the target takes, or an error when it cannot be reshaped.
FailureOr<MemRefType> getReshapedType(ReshapeOp op, MemRefType type) {
  if (hasPartitionLayout(type))
    return op.emitError("the target is already partitioned (")
           << type << "): reshape before partition";
  if (!type.getLayout().isIdentity())
    return op.emitError("reshape needs a target without a layout map, got ")
           << type;
  auto written = cast<MemRefType>(op.getResult().getType());
  if (written.getNumElements() != type.getNumElements())
    return op.emitError("reshape must keep the number of elements: the target ")
           << type << " has " << type.getNumElements() << ", " << written
           << " has " << written.getNumElements();
  auto reshaped =
      MemRefType::get(written.getShape(), type.getElementType(),
                      MemRefLayoutAttrInterface(), type.getMemorySpace());
  if (reshaped != written)
    return op.emitError("reshape of the target makes ")
           << reshaped << ", not the " << written << " written here";
  return reshaped;
}

} // namespace

LogicalResult ReshapeOp::apply(ScheduleContext &ctx) {
  ReshapeOp op = *this;
  Value target = ctx.resolveMemRef(op.getTarget());
  auto type = cast<MemRefType>(target.getType());
  FailureOr<MemRefType> reshaped = getReshapedType(op, type);
  if (failed(reshaped))
    return failure();
  auto isAccess = [](Operation *user) {
    return isa<AffineLoadOp, AffineStoreOp, memref::LoadOp, memref::StoreOp,
               memref::DeallocOp>(user);
  };
  FailureOr<SetVector<Value>> linked =
      collectLinkedMemRefs(op, "reshape", target, isAccess,
                           /*allowGlobals=*/true);
  if (failed(linked))
    return failure();
  // Rewriting an access reassigns its operands, which relinks the memref's
  // use list: walk a copy (AddressSanitizer found the use after free).
  for (Value value : *linked) {
    SetVector<Operation *> users(value.getUsers().begin(),
                                 value.getUsers().end());
    for (Operation *user : users)
      rewriteAccess(user, type.getShape(), reshaped->getShape());
  }
  setLinkedMemRefType(*linked, *reshaped);
  ctx.mapMemRef(op.getResult(), target);
  return success();
}

} // namespace hcl
