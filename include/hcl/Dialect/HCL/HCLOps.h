//===- HCLOps.h - operations of the hcl dialect -----------------*- C++ -*-===//

#ifndef HCL_DIALECT_HCL_HCLOPS_H
#define HCL_DIALECT_HCL_HCLOPS_H

#include "hcl/Dialect/HCL/HCLDialect.h"
#include "hcl/Dialect/HCL/HCLTypes.h"

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace hcl {
/// Resolves handles while a schedule is applied (lib/Transforms); schedule
/// primitives take it in `apply`.
class ScheduleContext;
} // namespace hcl

namespace mlir::OpTrait {
/// Marks hcl's value operations (fixed point, bit access): they are part of
/// the algorithm, not of the schedule.
template <typename ConcreteType>
class HCLDataOp : public TraitBase<ConcreteType, HCLDataOp> {};

/// Marks a schedule primitive (HCLOps.td): it declares `apply`, and the
/// engine reaches it through hcl::ScheduleOpInterface.
template <typename ConcreteType>
class HCLSchedulePrimitive
    : public TraitBase<ConcreteType, HCLSchedulePrimitive> {};

/// A primitive that only sets attributes on existing loops or buffers.
template <typename ConcreteType>
class HCLAnnotatesOnly : public TraitBase<ConcreteType, HCLAnnotatesOnly> {};

/// A primitive that may move stages but leaves no affine.apply to fold.
template <typename ConcreteType>
class HCLLeavesNoAffineApply
    : public TraitBase<ConcreteType, HCLLeavesNoAffineApply> {};

/// A primitive that rewrites only the nest holding the stage it names.
template <typename ConcreteType>
class HCLRewritesOwnNest : public TraitBase<ConcreteType, HCLRewritesOwnNest> {
};
} // namespace mlir::OpTrait

#include "hcl/Dialect/HCL/HCLEnums.h.inc"
#include "hcl/Dialect/HCL/HCLInterfaces.h.inc"

#define GET_OP_CLASSES
#include "hcl/Dialect/HCL/HCLOps.h.inc"

namespace hcl {

/// The stage name a `!hcl.StageHandle` value refers to, when it comes from
/// `hcl.create_stage_handle` or `hcl.create_op_handle`.
std::optional<llvm::StringRef> getStageHandleName(mlir::Value handle);

/// The loop name a `!hcl.LoopHandle` value refers to, when it comes from
/// `hcl.create_loop_handle`.
std::optional<llvm::StringRef> getLoopHandleName(mlir::Value handle);

/// The stage handle a loop handle belongs to: the stage given to
/// `hcl.create_loop_handle %s, "i"`, or for a loop a primitive made
/// (`hcl.split`'s results, ...) that primitive's stage, given or inherited
/// from its loops. Null when nothing names one (`create_loop_handle "i"`).
mlir::Value getLoopHandleStage(mlir::Value loopHandle);

/// The stage a customization applies to: `stage` when written, else the
/// loop handle's stage (HeteroCL-MLIR leaves the stage operand out).
mlir::Value getEffectiveStage(mlir::Value stage, mlir::Value loopHandle);

/// Checks a loop handle used with stage handle `stage` (null: the loop
/// handle's own stage) as far as names are known: the loop exists, in that
/// stage. A located error on `op` otherwise.
mlir::LogicalResult verifyLoopInStage(mlir::Operation *op, mlir::Value stage,
                                      mlir::Value loop);

/// True for the schedule operations of the hcl dialect (every hcl operation
/// but the value operations of HCLDataOps.td).
bool isScheduleOp(mlir::Operation *op);

/// Whether `op` holds a schedule operation (a function with a schedule).
bool holdsScheduleOps(mlir::Operation *op);

/// The format of a fixed-point type (width 0 for other types).
struct FixedFormatInfo {
  int64_t width;
  int64_t frac;
  bool isSigned;
};
FixedFormatInfo getFixedFormat(mlir::Type type);
/// The bits V of `literal` in `format` (value V * 2^-frac): floored, wrapped.
llvm::APInt fixedConstantBits(const llvm::APFloat &literal,
                              FixedFormatInfo format);

/// The unit argument / result attribute that makes an integer (or integer
/// memref) unsigned at the function's boundary (docs/datatypes.md).
inline constexpr llvm::StringLiteral kUnsignedAttrName = "hcl.unsigned";

/// Whether argument `index` of `func` carries `hcl.unsigned`.
bool isUnsignedArgument(mlir::Operation *func, unsigned index);
/// Whether result `index` of `func` carries `hcl.unsigned`.
bool isUnsignedResult(mlir::Operation *func, unsigned index);

} // namespace hcl

#endif // HCL_DIALECT_HCL_HCLOPS_H
