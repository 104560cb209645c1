//===- Naming.h - how stages and loops are named in hcl IR ------*- C++ -*-===//
//
// A stage is an operation (usually the outermost affine.for of a nest) that
// carries a `stage_name` string attribute; a loop carries `loop_name`. Schedule
// operations find them by these names.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_DIALECT_HCL_NAMING_H
#define HCL_DIALECT_HCL_NAMING_H

#include "mlir/IR/Operation.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

namespace hcl {

inline constexpr llvm::StringLiteral kStageNameAttr = "stage_name";
inline constexpr llvm::StringLiteral kLoopNameAttr = "loop_name";
/// HeteroCL-MLIR's later name for `stage_name`; read as its alias.
inline constexpr llvm::StringLiteral kOpNameAttr = "op_name";

/// The value of a `stage_name` (or its alias `op_name`) / `loop_name`
/// attribute, or "" when absent.
llvm::StringRef getStageName(mlir::Operation *op);
llvm::StringRef getLoopName(mlir::Operation *op);

/// Renames every `op_name` in `scope` to `stage_name` (unless the operation
/// has both), so primitives that move a stage's name move the one attribute.
void adoptOpNames(mlir::Operation *scope);

/// Every operation nested in `scope` whose `stage_name` is `name`.
llvm::SmallVector<mlir::Operation *> findStageOps(mlir::Operation *scope,
                                                  llvm::StringRef name);

/// The first operation nested in (or equal to) `scope` whose `loop_name` is
/// `name`, or null.
mlir::Operation *findLoopOp(mlir::Operation *scope, llvm::StringRef name);

/// True for names that primitives give the loops they create
/// (`i.outer`, `i.inner`, `i_j_fused`, `j_init`, `j_back`, `i.pre`, `i.post`,
/// compute_at's `B.j`): such a loop may not exist until an earlier schedule
/// operation has been applied.
bool isDerivedLoopName(llvm::StringRef name);

} // namespace hcl

#endif // HCL_DIALECT_HCL_NAMING_H
