//===- PeerBufferType.h - HeteroCL's placeholder reuse_at type --*- C++ -*-===//
//
// HeteroCL's Python front end declares every reuse_at result as
// memref<1xf32>, whatever buffer the schedule makes (its pass replaces the
// value by the buffer). Over a target of another element type that
// declaration cannot be the buffer's type, so hcl reads it as that
// placeholder: as memref<*xT>, the schedule choosing the buffer.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_DIALECT_HCL_PEERBUFFERTYPE_H
#define HCL_DIALECT_HCL_PEERBUFFERTYPE_H

#include "mlir/IR/BuiltinTypes.h"

namespace hcl {

/// True when `declared` is HeteroCL's placeholder memref<1xf32> over a
/// target whose elements are `targetElement`, not f32.
inline bool isPeerPlaceholderBuffer(mlir::Type declared,
                                    mlir::Type targetElement) {
  auto type = mlir::dyn_cast<mlir::MemRefType>(declared);
  return type && type.getRank() == 1 && type.getDimSize(0) == 1 &&
         type.getElementType().isF32() && !targetElement.isF32() &&
         type.getLayout().isIdentity() && !type.getMemorySpace();
}

} // namespace hcl

#endif // HCL_DIALECT_HCL_PEERBUFFERTYPE_H
