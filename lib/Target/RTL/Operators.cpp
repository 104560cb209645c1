//===- Operators.cpp - integer operators as Verilog expressions -----------===//
//
// Signals are unsigned `logic [W-1:0]`; the signed operators wrap their
// operands in $signed(), so that an expression's bits are the MLIR
// operation's bits at the result's width (two's complement, wrapping).
//
//===----------------------------------------------------------------------===//

#include "Operators.h"

#include "FloatUnitEmitter.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;

namespace hcl::rtl {

unsigned bitWidth(Type type) {
  if (auto memref = dyn_cast<MemRefType>(type))
    return bitWidth(memref.getElementType());
  if (type.isIndex())
    return 64;
  // A float is its bits: f32 a 32-bit word (docs/rtl-float.md).
  if (auto floatType = dyn_cast<FloatType>(type))
    return floatType.getWidth();
  return cast<IntegerType>(type).getWidth();
}

static std::string literal(const APInt &value, unsigned width) {
  SmallString<32> digits;
  value.zextOrTrunc(width).toStringUnsigned(digits, 16);
  return std::to_string(width) + "'h" + digits.str().str();
}

/// `value` (of `from` bits) at `to` bits: sign- or zero-extended, or
/// truncated. `value` names a signal, so that it can be part-selected.
static std::string resize(const std::string &value, unsigned from, unsigned to,
                          bool isSigned) {
  if (from == to)
    return value;
  if (to < from)
    return value + "[" + std::to_string(to - 1) + ":0]";
  std::string fill = isSigned ? value + "[" + std::to_string(from - 1) + "]"
                              : std::string("1'b0");
  return "{{" + std::to_string(to - from) + "{" + fill + "}}, " + value + "}";
}

static std::string compare(arith::CmpIPredicate predicate, std::string a,
                           std::string b) {
  using P = arith::CmpIPredicate;
  bool isSigned = predicate == P::slt || predicate == P::sle ||
                  predicate == P::sgt || predicate == P::sge;
  if (isSigned) {
    a = "$signed(" + a + ")";
    b = "$signed(" + b + ")";
  }
  const char *op = "==";
  switch (predicate) {
  case P::eq:
    op = "==";
    break;
  case P::ne:
    op = "!=";
    break;
  case P::slt:
  case P::ult:
    op = "<";
    break;
  case P::sle:
  case P::ule:
    op = "<=";
    break;
  case P::sgt:
  case P::ugt:
    op = ">";
    break;
  case P::sge:
  case P::uge:
    op = ">=";
    break;
  }
  return a + " " + op + " " + b;
}

static std::string binary(Operation *op, StringRef symbol, bool isSigned,
                          function_ref<std::string(Value)> signal) {
  std::string a = signal(op->getOperand(0)), b = signal(op->getOperand(1));
  if (isSigned)
    return "$signed(" + a + ") " + symbol.str() + " $signed(" + b + ")";
  return a + " " + symbol.str() + " " + b;
}

static std::string minMax(Operation *op, StringRef symbol, bool isSigned,
                          function_ref<std::string(Value)> signal) {
  std::string a = signal(op->getOperand(0)), b = signal(op->getOperand(1));
  return "(" + binary(op, symbol, isSigned, signal) + ") ? " + a + " : " + b;
}

static std::string castOf(Operation *op, bool isSigned,
                          function_ref<std::string(Value)> signal) {
  return resize(signal(op->getOperand(0)),
                bitWidth(op->getOperand(0).getType()),
                bitWidth(op->getResult(0).getType()), isSigned);
}

std::string operatorExpression(Operation *op,
                               function_ref<std::string(Value)> signal) {
  return llvm::TypeSwitch<Operation *, std::string>(op)
      .Case([&](arith::ConstantOp constant) {
        unsigned width = bitWidth(constant.getType());
        if (auto value = dyn_cast<FloatAttr>(constant.getValue()))
          return literal(value.getValue().bitcastToAPInt(), width);
        return literal(cast<IntegerAttr>(constant.getValue()).getValue(),
                       width);
      })
      .Case([&](arith::AddIOp) { return binary(op, "+", false, signal); })
      .Case([&](arith::SubIOp) { return binary(op, "-", false, signal); })
      .Case([&](arith::MulIOp) { return binary(op, "*", false, signal); })
      .Case([&](arith::DivSIOp) { return binary(op, "/", true, signal); })
      .Case([&](arith::DivUIOp) { return binary(op, "/", false, signal); })
      .Case([&](arith::RemSIOp) { return binary(op, "%", true, signal); })
      .Case([&](arith::RemUIOp) { return binary(op, "%", false, signal); })
      .Case([&](arith::ShLIOp) { return binary(op, "<<", false, signal); })
      .Case([&](arith::ShRUIOp) { return binary(op, ">>", false, signal); })
      .Case([&](arith::ShRSIOp) {
        return "$signed(" + signal(op->getOperand(0)) + ") >>> " +
               signal(op->getOperand(1));
      })
      .Case([&](arith::AndIOp) { return binary(op, "&", false, signal); })
      .Case([&](arith::OrIOp) { return binary(op, "|", false, signal); })
      .Case([&](arith::XOrIOp) { return binary(op, "^", false, signal); })
      .Case([&](arith::CmpIOp cmp) {
        return compare(cmp.getPredicate(), signal(cmp.getLhs()),
                       signal(cmp.getRhs()));
      })
      .Case([&](arith::SelectOp select) {
        return signal(select.getCondition()) + " ? " +
               signal(select.getTrueValue()) + " : " +
               signal(select.getFalseValue());
      })
      .Case([&](arith::MinSIOp) { return minMax(op, "<", true, signal); })
      .Case([&](arith::MaxSIOp) { return minMax(op, ">", true, signal); })
      .Case([&](arith::MinUIOp) { return minMax(op, "<", false, signal); })
      .Case([&](arith::MaxUIOp) { return minMax(op, ">", false, signal); })
      .Case<arith::ExtSIOp, arith::IndexCastOp>(
          [&](Operation *) { return castOf(op, true, signal); })
      .Case<arith::ExtUIOp, arith::IndexCastUIOp, arith::TruncIOp>(
          [&](Operation *) { return castOf(op, false, signal); })
      .Case([&](LLVM::BitReverseOp reverse) {
        // hcl.bit_reverse (LowerBitOps): bit i is bit W-1-i, a wiring.
        std::string value = signal(reverse.getIn()), text = "{";
        unsigned width = bitWidth(reverse.getType());
        for (unsigned bit = 0; bit < width; ++bit)
          text += (bit ? ", " : "") + value + "[" + std::to_string(bit) + "]";
        return text + "}";
      })
      .Case<arith::NegFOp, math::AbsFOp, math::CopySignOp, arith::BitcastOp>(
          [&](Operation *) { return floatWireExpression(op, signal); })
      .Default([](Operation *) -> std::string {
        llvm_unreachable("checkRTLSupported refuses other operations");
      });
}

} // namespace hcl::rtl
