//===- InitHCL.h - register hcl's dialects and passes -----------*- C++ -*-===//

#ifndef HCL_INITHCL_H
#define HCL_INITHCL_H

#include "mlir/IR/DialectRegistry.h"

namespace hcl {

/// The dialects an hcl program may use: hcl plus the upstream dialects of the
/// algorithm (func, affine, scf, arith, math, memref, llvm, linalg, ...).
/// linalg parses so HeteroCL-MLIR programs load; the driver lowers it to
/// affine loops (--hcl-lower-linalg-to-affine).
void registerHCLDialects(mlir::DialectRegistry &registry);

/// Every hcl pass and pipeline, for textual pipelines.
void registerHCLPasses();

} // namespace hcl

#endif // HCL_INITHCL_H
