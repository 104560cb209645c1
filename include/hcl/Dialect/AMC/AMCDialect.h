//===- AMCDialect.h - the amc banked-memory dialect -------------*- C++ -*-===//

#ifndef HCL_DIALECT_AMC_AMCDIALECT_H
#define HCL_DIALECT_AMC_AMCDIALECT_H

#include "mlir/IR/Dialect.h"

#include "hcl/Dialect/AMC/AMCDialect.h.inc"

#endif // HCL_DIALECT_AMC_AMCDIALECT_H
