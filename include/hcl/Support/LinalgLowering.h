//===- LinalgLowering.h - linalg operations as affine loops -----*- C++ -*-===//
//
// HeteroCL-MLIR programs may hold linalg operations (`linalg.fill`,
// `linalg.matmul` on memrefs). Schedules, the JIT and the HLS emitter work on
// affine loop nests, so the driver rewrites them with MLIR's
// convert-linalg-to-affine-loops before anything else.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_SUPPORT_LINALGLOWERING_H
#define HCL_SUPPORT_LINALGLOWERING_H

#include "mlir/IR/BuiltinOps.h"

namespace hcl {

/// Rewrites every linalg operation of `module` into affine loops (nothing to
/// do, and success, when there is none). linalg on tensors is refused by the
/// pass with its own error.
mlir::LogicalResult lowerLinalgToAffine(mlir::ModuleOp module);

} // namespace hcl

#endif // HCL_SUPPORT_LINALGLOWERING_H
