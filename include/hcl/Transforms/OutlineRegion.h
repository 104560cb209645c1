//===- OutlineRegion.h - operations into a function of their own -*- C++
//-*-===//

#ifndef HCL_TRANSFORMS_OUTLINEREGION_H
#define HCL_TRANSFORMS_OUTLINEREGION_H

#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace hcl {

/// The values `ops` use from outside them, in order of first use, memrefs
/// first; constants are not among them (the function makes its own).
llvm::SmallVector<mlir::Value>
outlinedFreeValues(llvm::ArrayRef<mlir::Operation *> ops);

/// A new private function before the one holding `ops`, named `name`, with
/// a copy of `ops` and `values` as its arguments. `ops` stay where they are.
mlir::func::FuncOp buildOutlinedFunction(mlir::Location loc,
                                         llvm::StringRef name,
                                         llvm::ArrayRef<mlir::Operation *> ops,
                                         llvm::ArrayRef<mlir::Value> values);

/// Replaces `ops` (in order, in one block, nothing between them that they
/// use) by a call of a new function (named `name`, made unique in the
/// module) that holds them.
mlir::func::CallOp outlineIntoCall(llvm::ArrayRef<mlir::Operation *> ops,
                                   llvm::StringRef name);

} // namespace hcl

#endif // HCL_TRANSFORMS_OUTLINEREGION_H
