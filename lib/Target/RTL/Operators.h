//===- Operators.h - integer operators as Verilog expressions ---*- C++ -*-===//

#ifndef HCL_LIB_TARGET_RTL_OPERATORS_H
#define HCL_LIB_TARGET_RTL_OPERATORS_H

#include "mlir/IR/Operation.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <string>

namespace hcl::rtl {

/// The bits of a value of `type`: an integer's width, 64 for index, the
/// element's for a memref.
unsigned bitWidth(mlir::Type type);

/// The SystemVerilog expression of `op`'s result (a datapath operation that
/// checkRTLSupported accepts), its operands named by `signal`. Every operator
/// is combinational in this slice: latency 0, chained within a cycle.
std::string
operatorExpression(mlir::Operation *op,
                   llvm::function_ref<std::string(mlir::Value)> signal);

} // namespace hcl::rtl

#endif // HCL_LIB_TARGET_RTL_OPERATORS_H
