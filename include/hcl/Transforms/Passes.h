//===- Passes.h - hcl customization passes ----------------------*- C++ -*-===//

#ifndef HCL_TRANSFORMS_PASSES_H
#define HCL_TRANSFORMS_PASSES_H

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace hcl {

#define GEN_PASS_DECL
#include "hcl/Transforms/Passes.h.inc"

/// Attaches hcl::ScheduleOpInterface to every schedule primitive of the hcl
/// dialect (their `apply` is in lib/Transforms). --hcl-apply-customizations
/// registers it itself; hcl::registerHCLDialects does too.
void registerSchedulePrimitives(mlir::DialectRegistry &registry);

/// Runs --hcl-apply-customizations on `module`.
mlir::LogicalResult applySchedule(mlir::ModuleOp module);

/// Runs --hcl-strip-schedule on `module`.
mlir::LogicalResult stripSchedule(mlir::ModuleOp module);

/// Erases the schedule but hcl.quantize / hcl.downsize, then applies those:
/// the algorithm with the scheduled program's data types.
mlir::LogicalResult applyDataTypesOnly(mlir::ModuleOp module);

/// Whether `module` holds hcl.quantize or hcl.downsize.
bool hasDataTypeCustomizations(mlir::ModuleOp module);

/// Reports, as a located error on the access, every access of `root` that
/// the bounds analysis finds out of range at some iteration of an exactly
/// known iteration domain (--hcl-verify-bounds); failure if there is one.
mlir::LogicalResult verifyBounds(mlir::Operation *root);

/// The module attribute --hcl-insert-bounds-checks describes its check sites
/// in (an array of strings, indexed by site number), and the runtime
/// function the checks call: hcl_bounds_violation(i64 site, memref<?xi64>
/// indices).
inline constexpr llvm::StringLiteral kBoundsSitesAttrName = "hcl.bounds_sites";
inline constexpr llvm::StringLiteral kBoundsViolationFunction =
    "hcl_bounds_violation";
/// The name a function argument has in the source (a front-end tensor's
/// name, `%A` in a .mlir file), for the bounds messages; the JIT drops it.
inline constexpr llvm::StringLiteral kArgNameAttrName = "hcl.arg_name";

#define GEN_PASS_REGISTRATION
#include "hcl/Transforms/Passes.h.inc"

} // namespace hcl

#endif // HCL_TRANSFORMS_PASSES_H
