//===- Pack.cpp - hcl.pack / hcl.unpack: several elements in one word -----===//
//
//   %P = hcl.pack(%B : memref<10x16xi8>, 1, 4) -> memref<10x4xi32>
//
// B's buffer becomes P: element j of the axis is bits
// [(j mod 4) * 8, (j mod 4) * 8 + 8) of word j floordiv 4. A load becomes a
// load of the word and an hcl.get_slice; a store a read-modify-write with
// hcl.set_slice. hcl.unpack is the inverse: a wide element is assembled from
// `factor` narrow loads, and stored as `factor` narrow stores.
//
// Affine accesses stay affine (the word index is `e floordiv f`, the bit
// offset `(e mod f) * w` through affine.apply); memref.load / store index
// with arith on `index`.
//
//===----------------------------------------------------------------------===//

#include "RetypeElements.h"
#include "RetypeMemRef.h"

#include "hcl/Transforms/Primitives.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Affine/Utils.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;
using namespace mlir::affine;

namespace hcl {

namespace {

/// One access of the buffer: its indices as an affine map of `operands`
/// (an identity map over the indices of a memref.load / store).
struct Access {
  Operation *op;
  AffineMap map;
  SmallVector<Value> operands;
  bool isAffine;
  Value stored; // null for loads
  Value memref;
};

Access describe(Operation *op) {
  if (auto load = dyn_cast<AffineLoadOp>(op))
    return {op,      load.getAffineMap(), load.getMapOperands(), true,
            nullptr, load.getMemRef()};
  if (auto store = dyn_cast<AffineStoreOp>(op))
    return {op,   store.getAffineMap(),    store.getMapOperands(),
            true, store.getValueToStore(), store.getMemRef()};
  unsigned rank =
      cast<MemRefType>(
          op->getOperand(isa<memref::StoreOp>(op) ? 1 : 0).getType())
          .getRank();
  AffineMap identity =
      AffineMap::getMultiDimIdentityMap(rank, op->getContext());
  if (auto load = dyn_cast<memref::LoadOp>(op))
    return {op,    identity, llvm::to_vector(load.getIndices()),
            false, nullptr,  load.getMemRef()};
  auto store = cast<memref::StoreOp>(op);
  return {op,
          identity,
          llvm::to_vector(store.getIndices()),
          false,
          store.getValueToStore(),
          store.getMemRef()};
}

/// Builds loads, stores and index arithmetic for the accesses of one buffer.
class PackedAccessBuilder {
public:
  PackedAccessBuilder(const Access &access, unsigned axis)
      : access(access), buffer(access.memref), axis(axis), b(access.op),
        loc(access.op->getLoc()) {}

  /// The access's indices with the axis index replaced by `f(e)`.
  AffineMap withAxis(llvm::function_ref<AffineExpr(AffineExpr)> f) {
    SmallVector<AffineExpr> results(access.map.getResults());
    results[axis] = f(results[axis]);
    return AffineMap::get(access.map.getNumDims(), access.map.getNumSymbols(),
                          results, b.getContext());
  }

  /// An index computed from the axis index (affine.apply, or arith for
  /// memref accesses, whose indices need not be affine).
  Value axisValue(llvm::function_ref<AffineExpr(AffineExpr)> f) {
    AffineExpr e = access.map.getResult(axis);
    if (access.isAffine)
      return AffineApplyOp::create(b, loc,
                                   AffineMap::get(access.map.getNumDims(),
                                                  access.map.getNumSymbols(),
                                                  f(e), b.getContext()),
                                   access.operands);
    return expandAffineExpr(b, loc, f(e), access.operands, {});
  }

  Value load(AffineMap map) {
    if (access.isAffine)
      return AffineLoadOp::create(b, loc, buffer, map, access.operands);
    return memref::LoadOp::create(b, loc, buffer, indices(map));
  }

  void store(Value value, AffineMap map) {
    if (access.isAffine)
      AffineStoreOp::create(b, loc, value, buffer, map, access.operands);
    else
      memref::StoreOp::create(b, loc, value, buffer, indices(map));
  }

  OpBuilder &builder() { return b; }
  Location location() { return loc; }

private:
  SmallVector<Value> indices(AffineMap map) {
    SmallVector<Value> result;
    for (AffineExpr e : map.getResults())
      result.push_back(expandAffineExpr(b, loc, e, access.operands, {}));
    return result;
  }

  const Access &access;
  Value buffer;
  unsigned axis;
  OpBuilder b;
  Location loc;
};

/// pack: narrow element e lives in word e floordiv f at bit (e mod f) * w.
void rewriteForPack(const Access &access, unsigned axis, int64_t factor,
                    int64_t width) {
  PackedAccessBuilder build(access, axis);
  OpBuilder &b = build.builder();
  Location loc = build.location();
  AffineMap word =
      build.withAxis([&](AffineExpr e) { return e.floorDiv(factor); });
  Value lo =
      build.axisValue([&](AffineExpr e) { return (e % factor) * width; });
  Value hi = build.axisValue(
      [&](AffineExpr e) { return (e % factor) * width + (width - 1); });
  Value wide = build.load(word);
  if (!access.stored) {
    Value narrow =
        GetSliceOp::create(b, loc, b.getIntegerType(width), wide, hi, lo);
    access.op->getResult(0).replaceAllUsesWith(narrow);
  } else {
    build.store(SetSliceOp::create(b, loc, wide, hi, lo, access.stored), word);
  }
  access.op->erase();
}

/// unpack: wide element e is narrow elements e * f ... e * f + f - 1, the
/// first in the low bits.
void rewriteForUnpack(const Access &access, unsigned axis, int64_t factor,
                      int64_t narrowWidth) {
  PackedAccessBuilder build(access, axis);
  OpBuilder &b = build.builder();
  Location loc = build.location();
  Type wideType = b.getIntegerType(narrowWidth * factor);
  Value wide = access.stored;
  if (!wide)
    wide = arith::ConstantOp::create(b, loc, b.getIntegerAttr(wideType, 0));
  for (int64_t k = 0; k < factor; ++k) {
    AffineMap element =
        build.withAxis([&](AffineExpr e) { return e * factor + k; });
    Value lo = arith::ConstantIndexOp::create(b, loc, k * narrowWidth);
    Value hi =
        arith::ConstantIndexOp::create(b, loc, (k + 1) * narrowWidth - 1);
    if (access.stored) {
      Value narrow = GetSliceOp::create(b, loc, b.getIntegerType(narrowWidth),
                                        access.stored, hi, lo);
      build.store(narrow, element);
    } else {
      wide = SetSliceOp::create(b, loc, wide, hi, lo, build.load(element));
    }
  }
  if (!access.stored)
    access.op->getResult(0).replaceAllUsesWith(wide);
  access.op->erase();
}

template <typename OpTy>
LogicalResult applyPacking(OpTy op, ScheduleContext &ctx, StringRef primitive,
                           bool isPack) {
  Value buffer = ctx.resolveMemRef(op.getTarget());
  auto type = cast<MemRefType>(buffer.getType());
  if (!type.getLayout().isIdentity())
    return op.emitError(primitive)
           << " needs a buffer without a layout map (pack before partition), "
              "got "
           << type;
  FailureOr<SetVector<Value>> linked =
      collectLinkedMemRefs(op, primitive, buffer, isBufferAccess);
  if (failed(linked))
    return failure();
  auto axis = static_cast<unsigned>(op.getAxis());
  int64_t factor = op.getFactor();
  int64_t narrowWidth = isPack ? type.getElementTypeBitWidth()
                               : type.getElementTypeBitWidth() / factor;
  SmallVector<Access> accesses;
  for (Value value : *linked)
    for (Operation *user : value.getUsers())
      if (isa<AffineLoadOp, AffineStoreOp, memref::LoadOp, memref::StoreOp>(
              user))
        accesses.push_back(describe(user));
  // New loads take their type from the buffer: retype it first.
  setLinkedMemRefType(*linked, op.getResult().getType());
  for (const Access &access : accesses) {
    if (isPack)
      rewriteForPack(access, axis, factor, narrowWidth);
    else
      rewriteForUnpack(access, axis, factor, narrowWidth);
  }
  ctx.mapMemRef(op.getResult(), buffer);
  return success();
}

} // namespace

LogicalResult PackOp::apply(ScheduleContext &ctx) {
  return applyPacking(*this, ctx, "pack", /*isPack=*/true);
}

LogicalResult UnpackOp::apply(ScheduleContext &ctx) {
  return applyPacking(*this, ctx, "unpack", /*isPack=*/false);
}

} // namespace hcl
