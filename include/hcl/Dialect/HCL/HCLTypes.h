//===- HCLTypes.h - handle types of the hcl dialect -------------*- C++ -*-===//

#ifndef HCL_DIALECT_HCL_HCLTYPES_H
#define HCL_DIALECT_HCL_HCLTYPES_H

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Types.h"

#include <optional>

#define GET_TYPEDEF_CLASSES
#include "hcl/Dialect/HCL/HCLTypes.h.inc"

namespace hcl {
/// The bits a value of `type` takes as a field of a packed struct: an
/// integer's, float's or fixed-point value's width, a struct's fields'
/// widths together; none for other types (index, vectors, ...).
std::optional<int64_t> packedWidth(mlir::Type type);
} // namespace hcl

#endif // HCL_DIALECT_HCL_HCLTYPES_H
