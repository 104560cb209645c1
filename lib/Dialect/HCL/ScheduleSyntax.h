//===- ScheduleSyntax.h - custom directives of the schedule ops -*- C++ -*-===//
//
// Two spellings of every loop customization are accepted: the seed documents'
// `hcl.split(%s, %li, 4)`, whose first operand is the stage, and
// HeteroCL-MLIR's later `hcl.split(%li, 4)`, which leaves the stage to the
// loop handle. Handle types may be left out too
// (`%s = hcl.create_op_handle "s"`). These directives parse both and print
// what was written.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_LIB_DIALECT_HCL_SCHEDULESYNTAX_H
#define HCL_LIB_DIALECT_HCL_SCHEDULESYNTAX_H

#include "mlir/IR/OpImplementation.h"

#include <optional>

namespace hcl {

using Operand = mlir::OpAsmParser::UnresolvedOperand;

/// `[: !hcl.StageHandle]` / `[: !hcl.LoopHandle]`: the type may be omitted.
mlir::ParseResult parseStageHandleType(mlir::OpAsmParser &parser,
                                       mlir::Type &type);
void printStageHandleType(mlir::OpAsmPrinter &printer, mlir::Operation *op,
                          mlir::Type type);
mlir::ParseResult parseLoopHandleType(mlir::OpAsmParser &parser,
                                      mlir::Type &type);
void printLoopHandleType(mlir::OpAsmPrinter &printer, mlir::Operation *op,
                         mlir::Type type);

/// `[%stage,] %loop`
mlir::ParseResult parseStageLoop(mlir::OpAsmParser &parser,
                                 std::optional<Operand> &stage, Operand &loop);
void printStageLoop(mlir::OpAsmPrinter &printer, mlir::Operation *op,
                    mlir::Value stage, mlir::Value loop);

/// `[%stage,] %loop, factor`
mlir::ParseResult parseStageLoopFactor(mlir::OpAsmParser &parser,
                                       std::optional<Operand> &stage,
                                       Operand &loop,
                                       mlir::IntegerAttr &factor);
void printStageLoopFactor(mlir::OpAsmPrinter &printer, mlir::Operation *op,
                          mlir::Value stage, mlir::Value loop,
                          mlir::IntegerAttr factor);

/// `[%stage,] %loop [, factor]`
mlir::ParseResult parseStageLoopOptionalFactor(mlir::OpAsmParser &parser,
                                               std::optional<Operand> &stage,
                                               Operand &loop,
                                               mlir::IntegerAttr &factor);
void printStageLoopOptionalFactor(mlir::OpAsmPrinter &printer,
                                  mlir::Operation *op, mlir::Value stage,
                                  mlir::Value loop, mlir::IntegerAttr factor);

/// `[%stage,] %loop, "axis"`
mlir::ParseResult parseStageLoopAxis(mlir::OpAsmParser &parser,
                                     std::optional<Operand> &stage,
                                     Operand &loop, mlir::StringAttr &axis);
void printStageLoopAxis(mlir::OpAsmPrinter &printer, mlir::Operation *op,
                        mlir::Value stage, mlir::Value loop,
                        mlir::StringAttr axis);

/// `[%stage,] %x, %y, xFactor, yFactor`
mlir::ParseResult parseStageTwoLoopsFactors(mlir::OpAsmParser &parser,
                                            std::optional<Operand> &stage,
                                            Operand &xLoop, Operand &yLoop,
                                            mlir::IntegerAttr &xFactor,
                                            mlir::IntegerAttr &yFactor);
void printStageTwoLoopsFactors(mlir::OpAsmPrinter &printer, mlir::Operation *op,
                               mlir::Value stage, mlir::Value xLoop,
                               mlir::Value yLoop, mlir::IntegerAttr xFactor,
                               mlir::IntegerAttr yFactor);

/// `[%stage,] %l0, %l1, ...`
mlir::ParseResult parseStageLoops(mlir::OpAsmParser &parser,
                                  std::optional<Operand> &stage,
                                  llvm::SmallVectorImpl<Operand> &loops);
void printStageLoops(mlir::OpAsmPrinter &printer, mlir::Operation *op,
                     mlir::Value stage, mlir::OperandRange loops);

/// `[%stage,] %target : type`
mlir::ParseResult parseStageTarget(mlir::OpAsmParser &parser,
                                   std::optional<Operand> &stage,
                                   Operand &target, mlir::Type &targetType);
void printStageTarget(mlir::OpAsmPrinter &printer, mlir::Operation *op,
                      mlir::Value stage, mlir::Value target,
                      mlir::Type targetType);

} // namespace hcl

#endif // HCL_LIB_DIALECT_HCL_SCHEDULESYNTAX_H
