//===- BandLegality.h - may a band of loops be permuted or tiled? -*- C++
//-*-===//
//
// MLIR's isValidLoopInterchangePermutation and isTilingValid read dependence
// components from the outermost loop around the accesses, not from the band,
// and isTilingValid misses constant negative distances. These checks look at
// exactly the band: dependences carried by a loop outside (around) the band
// do not constrain it.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_LIB_TRANSFORMS_BANDLEGALITY_H
#define HCL_LIB_TRANSFORMS_BANDLEGALITY_H

#include "mlir/Dialect/Affine/IR/AffineOps.h"

namespace hcl {

/// An operation in `root` whose memory accesses affine analysis cannot
/// see and that may conflict with a write there (a memref.store or call; a
/// memref.load of memory the nest writes), or null. Legality checks treat
/// such an access as a dependence of unknown distance.
mlir::Operation *findUnanalyzableAccess(mlir::Operation *root);

/// True when moving band[i] to position permutation[i] keeps every
/// dependence lexicographically positive.
bool isValidBandPermutation(llvm::ArrayRef<mlir::affine::AffineForOp> band,
                            llvm::ArrayRef<unsigned> permutation);

/// True when the band is fully permutable (no dependence distance in it can
/// be negative), which makes rectangular tiling legal.
bool isBandTilable(llvm::ArrayRef<mlir::affine::AffineForOp> band);

} // namespace hcl

#endif // HCL_LIB_TRANSFORMS_BANDLEGALITY_H
