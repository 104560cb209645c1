//===- FloatUnitEmitter.h - float operations in a kernel --------*- C++ -*-===//
//
// How the RTL translation prints float operations (docs/rtl-float.md,
// "In the RTL backend"): an operation with a unit (getFloatUnitUse) is an
// instance of it whose result is valid its latency after the operands, as
// the integer divider's; the sign operations and bitcasts are wirings.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_LIB_TARGET_RTL_FLOATUNITEMITTER_H
#define HCL_LIB_TARGET_RTL_FLOATUNITEMITTER_H

#include "mlir/IR/Operation.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <string>

namespace hcl::rtl {

/// Whether `op` is computed by an instance of a float unit.
bool isFloatUnit(mlir::Operation *op);

/// Whether `op` is a float operation that is a wiring of its operand's
/// bits: arith.negf, math.absf, math.copysign, arith.bitcast.
bool isFloatWire(mlir::Operation *op);

/// The SystemVerilog expression of a float wiring (isFloatWire).
std::string
floatWireExpression(mlir::Operation *op,
                    llvm::function_ref<std::string(mlir::Value)> signal);

/// Why a float operation has no hardware form; empty when `op` is no float
/// operation or has one (a unit or a wiring).
std::string refusedFloatOp(mlir::Operation *op);

/// The instance `name` of the unit computing `op`, its operands read with
/// `operand`, its output driving `result` (declared by the caller), its
/// registers holding while `enable` (an expression) is low.
std::string
floatUnitInstance(mlir::Operation *op, const std::string &name,
                  llvm::function_ref<std::string(mlir::Value)> operand,
                  const std::string &result, const std::string &enable);

} // namespace hcl::rtl

#endif // HCL_LIB_TARGET_RTL_FLOATUNITEMITTER_H
