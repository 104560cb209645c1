//===- ReuseWindow.h - the stencil window reuse_at buffers ------*- C++ -*-===//
//
// reuse_at(T, s, x) keeps in a buffer the part of T that the reads of one
// iteration of loop x need, and slides it by one along x. This analysis
// finds that window (the HeteroCL memory-optimization paper's span formula):
// each read index of T is split into the part fixed in one iteration of x
// ("outer": loops around x, symbols), the axis x itself, and the part that
// moves inside the iteration
// ("inner": loops nested in x, constants). Exactly one dimension of T, the
// reuse dimension, moves with x; its span is the width of the inner offsets
// there. The other dimensions keep the range the inner offsets cover, and
// dimensions of extent 1 are dropped from the buffer.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_LIB_TRANSFORMS_REUSEWINDOW_H
#define HCL_LIB_TRANSFORMS_REUSEWINDOW_H

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "llvm/ADT/MapVector.h"

namespace hcl {

/// sum(coefficient * value) + constant, for an affine index without
/// divisions or modulos.
struct LinearIndex {
  llvm::MapVector<mlir::Value, int64_t> coefficients;
  int64_t constant = 0;

  int64_t coefficientOf(mlir::Value v) const {
    auto it = coefficients.find(v);
    return it == coefficients.end() ? 0 : it->second;
  }
  bool sameTerms(const LinearIndex &other) const;
};

/// One read of the target inside the axis, per dimension of the target: its
/// inner part (inner loop terms and the constant).
struct WindowRead {
  mlir::affine::AffineLoadOp load;
  llvm::SmallVector<LinearIndex> inner;
};

struct ReuseWindow {
  unsigned reuseDim = 0;
  /// How far the window moves along the reuse dimension per iteration of
  /// the axis (a convolution's stride).
  int64_t stride = 1;
  /// Per dimension of the target: the outer part of every read (the same
  /// for all reads), the lowest inner offset, and how many positions the
  /// inner offsets cover. extent[reuseDim] is the span.
  llvm::SmallVector<LinearIndex> outer;
  llvm::SmallVector<int64_t> lowest;
  llvm::SmallVector<int64_t> extent;
  /// The dimensions of the target the buffer keeps, in order.
  llvm::SmallVector<unsigned> bufferDims;
  llvm::SmallVector<WindowRead> reads;

  int64_t span() const { return extent[reuseDim]; }
  llvm::SmallVector<int64_t> bufferShape() const;
};

/// Analyzes the reads of `target` inside `axis`; errors are emitted on
/// `user` (no reads, writes, non-affine users, non-linear indices, reads
/// moving by different strides, no reuse along the axis).
mlir::FailureOr<ReuseWindow> analyzeReuseWindow(mlir::Operation *user,
                                                mlir::Value target,
                                                mlir::affine::AffineForOp axis);

/// The index of `access` (an affine load or store) in each dimension, as
/// linear expressions of values; failure when one is not linear.
mlir::FailureOr<llvm::SmallVector<LinearIndex>>
getLinearIndices(mlir::Operation *access);

/// The affine map and operands that compute `indices` (one result each).
std::pair<mlir::AffineMap, llvm::SmallVector<mlir::Value>>
buildIndexMap(llvm::ArrayRef<LinearIndex> indices, mlir::MLIRContext *ctx);

} // namespace hcl

#endif // HCL_LIB_TRANSFORMS_REUSEWINDOW_H
