//===- LoopBand.h - helpers for bands of perfectly nested loops -*- C++ -*-===//

#ifndef HCL_LIB_TRANSFORMS_LOOPBAND_H
#define HCL_LIB_TRANSFORMS_LOOPBAND_H

#include "mlir/Dialect/Affine/IR/AffineOps.h"

namespace hcl {

/// Tiles the perfectly nested `band` by `sizes` with MLIR's
/// tilePerfectlyNested (partial tiles are handled with min bounds), then
/// normalizes every new loop to start at 0 with step 1. The new loops are
/// named `<name>.outer` and `<name>.inner`, keep the originals' annotations,
/// and the outermost takes over the stage name. Returns the outer loops
/// followed by the inner loops.
mlir::FailureOr<llvm::SmallVector<mlir::affine::AffineForOp>>
tileBand(mlir::Operation *user, llvm::ArrayRef<mlir::affine::AffineForOp> band,
         llvm::ArrayRef<unsigned> sizes);

/// The perfectly nested loops from `outer` down to `inner` (inclusive), or
/// an error on `user` when something else sits between them.
mlir::FailureOr<llvm::SmallVector<mlir::affine::AffineForOp>>
getPerfectBand(mlir::Operation *user, mlir::affine::AffineForOp outer,
               mlir::affine::AffineForOp inner);

} // namespace hcl

#endif // HCL_LIB_TRANSFORMS_LOOPBAND_H
