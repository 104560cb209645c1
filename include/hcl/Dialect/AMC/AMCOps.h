//===- AMCOps.h - operations of amc -----------------------------*- C++ -*-===//

#ifndef HCL_DIALECT_AMC_AMCOPS_H
#define HCL_DIALECT_AMC_AMCOPS_H

#include "hcl/Dialect/AMC/AMCDialect.h"
#include "hcl/Dialect/AMC/AMCTypes.h"

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace hcl::amc {
class ExternOp;
}

#define GET_OP_CLASSES
#include "hcl/Dialect/AMC/AMCOps.h.inc"

#endif // HCL_DIALECT_AMC_AMCOPS_H
