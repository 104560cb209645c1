//===- HCLOps.h - operations of the hcl dialect -----------------*- C++ -*-===//

#ifndef HCL_DIALECT_HCL_HCLOPS_H
#define HCL_DIALECT_HCL_HCLOPS_H

#include "hcl/Dialect/HCL/HCLDialect.h"
#include "hcl/Dialect/HCL/HCLTypes.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Bytecode/BytecodeOpInterface.h"

#include "hcl/Dialect/HCL/HCLEnums.h.inc"

#define GET_OP_CLASSES
#include "hcl/Dialect/HCL/HCLOps.h.inc"

namespace hcl {

/// The stage name a `!hcl.StageHandle` value refers to, when it comes from
/// `hcl.create_stage_handle` or `hcl.create_op_handle`.
std::optional<llvm::StringRef> getStageHandleName(mlir::Value handle);

/// The loop name a `!hcl.LoopHandle` value refers to, when it comes from
/// `hcl.create_loop_handle`.
std::optional<llvm::StringRef> getLoopHandleName(mlir::Value handle);

/// True for operations of the hcl dialect (schedule operations).
bool isScheduleOp(mlir::Operation *op);

} // namespace hcl

#endif // HCL_DIALECT_HCL_HCLOPS_H
