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

/// True when `loop`'s bounds use the induction variable of a loop in `band`
/// (a triangular nest).
bool boundsUseBand(mlir::affine::AffineForOp loop,
                   llvm::ArrayRef<mlir::affine::AffineForOp> band);

/// An error on `user` when a loop of the band has bounds that depend on
/// another loop of the band, which tiling cannot express.
mlir::LogicalResult
checkBoundsIndependent(mlir::Operation *user,
                       llvm::ArrayRef<mlir::affine::AffineForOp> band);

/// An error on `user` when `factor` is larger than `loop`'s constant trip
/// count (`primitive` names split or tile in the message).
mlir::LogicalResult checkFactorFits(mlir::Operation *user,
                                    mlir::affine::AffineForOp loop,
                                    int64_t factor, llvm::StringRef primitive);

/// Folds the affine.apply ops that tiling and normalization leave behind
/// into the loads, stores and bounds that use them, so nests stay perfect
/// and read like hand-written affine code. Only affine patterns run.
mlir::LogicalResult foldAffineApplies(mlir::Operation *scope);
/// The same, on the operations of `scopes` alone (and those it makes).
mlir::LogicalResult foldAffineApplies(llvm::ArrayRef<mlir::Operation *> scopes);

} // namespace hcl

#endif // HCL_LIB_TRANSFORMS_LOOPBAND_H
