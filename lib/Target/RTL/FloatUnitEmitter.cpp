//===- FloatUnitEmitter.cpp - float operations in a kernel's module -------===//
//
// A float operation with a unit is one instance of it (share/rtl, through
// getFloatUnitUse): its operands from the cycle of its issue, `in_valid`
// tied high (the schedule knows when `y` means something) and `out_valid`
// left open. Like the integer divider, its `y` holds the result in one
// cycle only, rtlLatency(op) after the issue; the schedule treats it as a
// delayed result (hasDelayedResult), so a later reader gets a register.
// One instance per operation: sharing a unit between operations of
// different cycles is left for later.
//
//===----------------------------------------------------------------------===//

#include "FloatUnitEmitter.h"

#include "hcl/Target/RTL/FloatUnits.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/raw_ostream.h"

#define DEBUG_TYPE "hcl-rtl-float"

using namespace mlir;

namespace hcl::rtl {

bool isFloatUnit(Operation *op) {
  return op->getNumResults() == 1 && getFloatUnitUse(op).has_value();
}

static bool hasFloatType(Operation *op) {
  auto isFloat = [](Type type) { return isa<FloatType>(type); };
  return llvm::any_of(op->getOperandTypes(), isFloat) ||
         llvm::any_of(op->getResultTypes(), isFloat);
}

bool isFloatWire(Operation *op) {
  return isa<arith::NegFOp, math::AbsFOp, math::CopySignOp, arith::BitcastOp>(
      op);
}

std::string floatWireExpression(Operation *op,
                                function_ref<std::string(Value)> signal) {
  std::string x = signal(op->getOperand(0));
  unsigned width = op->getResult(0).getType().getIntOrFloatBitWidth();
  std::string sign = "[" + std::to_string(width - 1) + "]";
  std::string magnitude = "[" + std::to_string(width - 2) + ":0]";
  if (isa<arith::NegFOp>(op))
    return "{~" + x + sign + ", " + x + magnitude + "}";
  if (isa<math::AbsFOp>(op))
    return "{1'b0, " + x + magnitude + "}";
  if (isa<math::CopySignOp>(op))
    return "{" + signal(op->getOperand(1)) + sign + ", " + x + magnitude + "}";
  return x; // arith.bitcast: the same bits
}

std::string refusedFloatOp(Operation *op) {
  if (!hasFloatType(op) || isFloatUnit(op) || isFloatWire(op) ||
      isa<arith::ConstantOp, arith::SelectOp>(op))
    return "";
  StringRef name = op->getName().getStringRef();
  // Other math functions (exp, log, tanh, ...) have no unit.
  if (op->getDialect() && op->getDialect()->getNamespace() == "math")
    return "'" + name.str() +
           "' has no float unit (docs/rtl-float.md lists what the units "
           "compute)";
  if (op->getDialect() && op->getDialect()->getNamespace() == "arith") {
    std::string types;
    llvm::raw_string_ostream os(types);
    llvm::interleaveComma(op->getOperandTypes(), os);
    os << " to ";
    llvm::interleaveComma(op->getResultTypes(), os);
    return "'" + name.str() + "' of " + types +
           " has no float unit (the units compute f32 and f64, with i32 "
           "and i64 integers; docs/rtl-float.md)";
  }
  return "";
}

std::string floatUnitInstance(Operation *op, const std::string &name,
                              function_ref<std::string(Value)> operand,
                              const std::string &result,
                              const std::string &enable) {
  FloatUnitUse use = *getFloatUnitUse(op);
  LLVM_DEBUG(llvm::dbgs() << "float unit " << name << ": " << use.module
                          << " (latency " << use.latency << ") for "
                          << op->getName() << "\n");
  std::string text =
      "  /* verilator lint_off PINCONNECTEMPTY */\n  " + use.module + " #(";
  for (auto [index, parameter] : llvm::enumerate(use.parameters))
    text += (index ? ", ." : ".") + parameter.first + "(" +
            std::to_string(parameter.second) + ")";
  text += ") " + name + " (\n    .clk(ap_clk),\n    .ce(" + enable +
          "),\n    .in_valid(1'b1),\n";
  for (auto [port, value] :
       llvm::zip_equal(use.operandPorts, op->getOperands()))
    text += "    ." + port + "(" + operand(value) + "),\n";
  if (!use.modePort.empty())
    text += "    ." + use.modePort + "(" + std::to_string(use.modeWidth) +
            "'d" + std::to_string(use.modeValue) + "),\n";
  text += "    .out_valid(),\n    .y(" + result +
          ")\n  );\n  /* verilator lint_on PINCONNECTEMPTY */\n";
  return text;
}

} // namespace hcl::rtl
