//===- HCLDialect.h - the hcl dialect ---------------------------*- C++ -*-===//

#ifndef HCL_DIALECT_HCL_HCLDIALECT_H
#define HCL_DIALECT_HCL_HCLDIALECT_H

#include "mlir/IR/Dialect.h"

#include "hcl/Dialect/HCL/HCLDialect.h.inc"

#endif // HCL_DIALECT_HCL_HCLDIALECT_H
