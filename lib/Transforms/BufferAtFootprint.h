//===- BufferAtFootprint.h - what one iteration touches ---------*- C++ -*-===//

#ifndef HCL_LIB_TRANSFORMS_BUFFERATFOOTPRINT_H
#define HCL_LIB_TRANSFORMS_BUFFERATFOOTPRINT_H

#include "mlir/Analysis/FlatLinearValueConstraints.h"
#include "mlir/Dialect/Affine/Analysis/AffineStructures.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"

namespace hcl {

/// The box of the target that one iteration of the buffer_at axis touches:
/// per dimension of the target, its lower bound (a function of `origin`,
/// the values fixed in an iteration: the axis, the loops around it and the
/// function's symbols) and its constant extent.
struct BufferFootprint {
  llvm::SmallVector<int64_t> extents;
  /// One map per target dimension, its dimensions are `origin`.
  llvm::SmallVector<mlir::AffineMap> lowerBounds;
  llvm::SmallVector<mlir::Value> origin;
  /// Per target dimension: it is a dimension of the buffer (some access
  /// indexes it with a loop inside the axis, or the box is wider than one).
  llvm::SmallVector<bool> kept;
  /// Per target dimension: the loop inside the axis whose copy the fill and
  /// write-back loops are (named after, and taking its hints), null when
  /// the dimension is fixed or indexed by several loops.
  llvm::SmallVector<mlir::affine::AffineForOp> mirrored;
  /// The constraints on `origin` (the iteration domain of the loops around
  /// the box), to decide where the copies must stop at the target's edge.
  mlir::affine::FlatAffineValueConstraints originDomain;
};

/// The footprint of `accesses` (the affine loads and stores of the target
/// inside `axis`), or an error on `user` when it is not a box: an index that
/// combines loops inside the axis into something with holes (a stride, a
/// diagonal, two indices following one loop) or a loop whose bounds depend
/// on another loop inside the axis (a triangle).
mlir::FailureOr<BufferFootprint>
computeBufferFootprint(mlir::Operation *user, mlir::affine::AffineForOp axis,
                       llvm::ArrayRef<mlir::Operation *> accesses);

/// True when `expr` (a function of `origin`) plus `offset` is negative for
/// every point of `domain`, i.e. `expr + offset >= 0` never holds. False
/// when it cannot tell.
bool neverNonNegative(const mlir::affine::FlatAffineValueConstraints &domain,
                      mlir::AffineExpr expr, llvm::ArrayRef<mlir::Value> origin,
                      int64_t offset);

} // namespace hcl

#endif // HCL_LIB_TRANSFORMS_BUFFERATFOOTPRINT_H
