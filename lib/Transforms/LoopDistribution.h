//===- LoopDistribution.h - making a band perfect for reorder ---*- C++ -*-===//

#ifndef HCL_LIB_TRANSFORMS_LOOPDISTRIBUTION_H
#define HCL_LIB_TRANSFORMS_LOOPDISTRIBUTION_H

#include "mlir/Dialect/Affine/IR/AffineOps.h"

namespace hcl {

/// The loops from `outer` down to `inner` as a perfect band. A loop of the
/// band whose body holds other operations besides the next band loop is
/// distributed (fission) into up to three loops: the operations before the
/// band loop (`<name>.pre`), the band loop, and those after (`<name>.post`);
/// loop-invariant pure operations (constants) move in front of the loop first.
/// Distribution is refused with an error on `user` when a dependence would
/// run backwards between the parts, when a value (other than a constant) is
/// defined in one part and used in another, or when the next band loop sits
/// inside another operation (an affine.if).
mlir::FailureOr<llvm::SmallVector<mlir::affine::AffineForOp>>
distributeToPerfectBand(mlir::Operation *user, mlir::affine::AffineForOp outer,
                        mlir::affine::AffineForOp inner);

} // namespace hcl

#endif // HCL_LIB_TRANSFORMS_LOOPDISTRIBUTION_H
