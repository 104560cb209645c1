//===- RetypeElements.h - store a buffer in another element type -*- C++
//-*-===//
//
// The data-type customizations (quantize, downsize) keep the computation and
// change only what a buffer stores: the buffer (and every value linked to it
// through calls and returns, RetypeMemRef.h) gets the new element type, each
// store converts the value it stores, and each load converts the value back
// to the old type for its users.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_LIB_TRANSFORMS_RETYPEELEMENTS_H
#define HCL_LIB_TRANSFORMS_RETYPEELEMENTS_H

#include "mlir/IR/Builders.h"

namespace hcl {

class ScheduleContext;

/// Builds the conversion of `value` for a store (to the new element type) or
/// after a load (back to the old one).
using ElementConversion = llvm::function_ref<mlir::Value(
    mlir::OpBuilder &, mlir::Location, mlir::Value)>;

/// Retypes the buffer `op`'s target resolves to; `primitive` names the
/// customization in errors.
mlir::LogicalResult
retypeElements(mlir::Operation *op, llvm::StringRef primitive,
               mlir::Value target, mlir::Type newElement, ScheduleContext &ctx,
               ElementConversion toStored, ElementConversion fromLoaded);

/// The loads, stores and deallocs the data-type customizations rewrite.
bool isBufferAccess(mlir::Operation *user);

/// Whether `buffer` is a function argument or result marked `hcl.unsigned`.
bool isUnsignedBuffer(mlir::Value buffer);

} // namespace hcl

#endif // HCL_LIB_TRANSFORMS_RETYPEELEMENTS_H
