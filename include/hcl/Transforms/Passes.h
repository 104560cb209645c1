//===- Passes.h - hcl customization passes ----------------------*- C++ -*-===//

#ifndef HCL_TRANSFORMS_PASSES_H
#define HCL_TRANSFORMS_PASSES_H

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace hcl {

#define GEN_PASS_DECL
#include "hcl/Transforms/Passes.h.inc"

/// Runs --hcl-apply-customizations on `module`.
mlir::LogicalResult applySchedule(mlir::ModuleOp module);

/// Runs --hcl-strip-schedule on `module`.
mlir::LogicalResult stripSchedule(mlir::ModuleOp module);

/// Erases the schedule but hcl.quantize / hcl.downsize, then applies those:
/// the algorithm with the scheduled program's data types.
mlir::LogicalResult applyDataTypesOnly(mlir::ModuleOp module);

/// Whether `module` holds hcl.quantize or hcl.downsize.
bool hasDataTypeCustomizations(mlir::ModuleOp module);

#define GEN_PASS_REGISTRATION
#include "hcl/Transforms/Passes.h.inc"

} // namespace hcl

#endif // HCL_TRANSFORMS_PASSES_H
