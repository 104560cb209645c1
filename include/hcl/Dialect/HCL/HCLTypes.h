//===- HCLTypes.h - handle types of the hcl dialect -------------*- C++ -*-===//

#ifndef HCL_DIALECT_HCL_HCLTYPES_H
#define HCL_DIALECT_HCL_HCLTYPES_H

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Types.h"

#define GET_TYPEDEF_CLASSES
#include "hcl/Dialect/HCL/HCLTypes.h.inc"

#endif // HCL_DIALECT_HCL_HCLTYPES_H
