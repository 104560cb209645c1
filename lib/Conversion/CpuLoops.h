//===- CpuLoops.h - steps of hcl-cpu-loops ----------------------*- C++ -*-===//

#ifndef HCL_LIB_CONVERSION_CPULOOPS_H
#define HCL_LIB_CONVERSION_CPULOOPS_H

#include <string>

namespace mlir {
class Operation;
namespace affine {
class AffineForOp;
} // namespace affine
} // namespace mlir

namespace hcl {

/// Turns each vector read/write pair of loop-invariant indices in an affine
/// loop (a register block's accumulators) into a value the loop carries,
/// when no other access in the loop may touch the same elements.
void hoistVectorAccumulators(mlir::Operation *root);

/// Why MLIR's affine vectorizer would not vectorize `loop` lane by lane
/// (a stride other than 1, an inner bound that depends on the loop, an
/// operation it does not widen, ...), or an empty string when it would.
std::string whyNotVectorizable(mlir::affine::AffineForOp loop);

} // namespace hcl

#endif // HCL_LIB_CONVERSION_CPULOOPS_H
