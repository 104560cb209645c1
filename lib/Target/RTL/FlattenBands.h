//===- FlattenBands.h - one pipeline for a perfect nest ---------*- C++ -*-===//
//
// A pipelined loop that is the whole body of its parent loops (a perfect
// nest, a "band") would fill and drain its pipeline once per iteration of
// the parents. HLS tools flatten such a nest into one pipeline over all
// its iterations, and the estimator counts it so (TargetModel's
// flattensNests): the RTL does the same. The band becomes one scf.for over
// the product of the trip counts whose induction variables are counters
// carried from one iteration to the next (a wrap of an inner counter steps
// the next outer one), so that the scheduler sees one pipelined loop with
// carried registers and nothing else changes.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_LIB_TARGET_RTL_FLATTENBANDS_H
#define HCL_LIB_TARGET_RTL_FLATTENBANDS_H

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/IR/BuiltinOps.h"

#include <optional>

namespace hcl::rtl {

/// On the outermost loop of a band to flatten: the number of its loops,
/// the pipelined one included.
constexpr llvm::StringLiteral kFlattenAttr = "rtl.flatten";

/// Marks each band around a pipelined affine loop (kFlattenAttr on its
/// outermost loop): the loops around the pipelined one whose body is only
/// the next loop, each with constant bounds and no iter_args, not unrolled
/// and not under a pipelined loop themselves. The pipelined loop needs
/// constant bounds too. Run before anything is unrolled or hoisted, on the
/// IR the estimator sees, so that both flatten the same nests.
void markFlattenedBands(mlir::ModuleOp module);

/// The band `pipelined` is the innermost loop of (outermost first), when
/// markFlattenedBands marked one.
std::optional<llvm::SmallVector<mlir::affine::AffineForOp>>
markedBand(mlir::affine::AffineForOp pipelined);

/// Moves the allocations hoistAllocationsFromPipelines put in a marked
/// band's bodies before the band (their deallocations after it), so that
/// the band stays perfect.
void hoistAllocationsFromBands(mlir::ModuleOp module);

/// The carried distances by memory (as memoryDistances) of the band's one
/// flattened loop: a dependence of distance (d1, ..., dn) along the band's
/// loops is d1 * T2 * ... * Tn + ... + dn iterations apart; the smallest
/// such value over the dependences MLIR's analysis finds.
mlir::DictionaryAttr
bandDistances(llvm::ArrayRef<mlir::affine::AffineForOp> band);

/// After lower-affine: rewrites each marked band (its scf.for loops) into
/// one scf.for with the pipelined loop's attributes.
void flattenBands(mlir::ModuleOp module);

} // namespace hcl::rtl

#endif // HCL_LIB_TARGET_RTL_FLATTENBANDS_H
