//===- MathOps.cpp - float math and bitwise operations of the C++ API -----===//
//
// The functions ONNX models need beyond exp / log / sqrt: float math that
// lowers to the math dialect (libm on the CPU path), NaN / infinity tests,
// and bitwise operations on integers. EmitMLIR.cpp writes them.
//
//===----------------------------------------------------------------------===//

#include "Nodes.h"

#include "hcl/Frontend/Error.h"

namespace hcl {

/// Float math computes in the operand's float type; integers and fixed
/// point become Float(32) first, as for exp.
static Type floatOperandType(const Expr &x) {
  return x.type().isFloat() && !x.node()->untyped ? x.type() : Float(32);
}

/// A typed result, so that `tanh(0.5)` stays a float where it meets an
/// integer stage.
static Expr typedOp(OpCode op, Type type, std::vector<Expr> operands) {
  Expr result = makeOp(op, type, std::move(operands));
  std::const_pointer_cast<ExprNode>(result.node())->untyped = false;
  return result;
}

static Expr floatMath(OpCode op, const Expr &x) {
  return typedOp(op, floatOperandType(x), {x});
}

Expr tanh(const Expr &x) { return floatMath(OpCode::Tanh, x); }
Expr erf(const Expr &x) { return floatMath(OpCode::Erf, x); }
Expr floor(const Expr &x) { return floatMath(OpCode::Floor, x); }
Expr ceil(const Expr &x) { return floatMath(OpCode::Ceil, x); }
Expr round(const Expr &x) { return floatMath(OpCode::Round, x); }
Expr sin(const Expr &x) { return floatMath(OpCode::Sin, x); }
Expr cos(const Expr &x) { return floatMath(OpCode::Cos, x); }
Expr tan(const Expr &x) { return floatMath(OpCode::Tan, x); }
Expr asin(const Expr &x) { return floatMath(OpCode::Asin, x); }
Expr acos(const Expr &x) { return floatMath(OpCode::Acos, x); }
Expr atan(const Expr &x) { return floatMath(OpCode::Atan, x); }
Expr sinh(const Expr &x) { return floatMath(OpCode::Sinh, x); }
Expr cosh(const Expr &x) { return floatMath(OpCode::Cosh, x); }
Expr asinh(const Expr &x) { return floatMath(OpCode::Asinh, x); }
Expr acosh(const Expr &x) { return floatMath(OpCode::Acosh, x); }
Expr atanh(const Expr &x) { return floatMath(OpCode::Atanh, x); }

Expr isnan(const Expr &x) { return typedOp(OpCode::IsNan, UInt(1), {x}); }
Expr isinf(const Expr &x) { return typedOp(OpCode::IsInf, UInt(1), {x}); }

static void checkIntegerOperand(const Expr &x, const char *op) {
  if (!x.type().isInteger())
    throwError(std::string("operator") + op +
               ": bitwise operations need integer operands, not " +
               x.type().str() + " (" + spelling("hcl::cast", "hcl.cast") +
               " or " + spelling("hcl::bitcast", "hcl.bitcast") +
               " to an integer type first)");
}

/// Both operands meet in one integer type, as for arithmetic; two literals
/// compute in the literal integer type.
static Expr bitwise(OpCode op, const char *name, const Expr &a, const Expr &b) {
  checkIntegerOperand(a, name);
  checkIntegerOperand(b, name);
  return typedOp(op, arithmeticType(op, a, b), {a, b});
}

Expr operator&(const Expr &a, const Expr &b) {
  return bitwise(OpCode::BitAnd, "&", a, b);
}
Expr operator|(const Expr &a, const Expr &b) {
  return bitwise(OpCode::BitOr, "|", a, b);
}
Expr operator^(const Expr &a, const Expr &b) {
  return bitwise(OpCode::BitXor, "^", a, b);
}
Expr operator<<(const Expr &a, const Expr &b) {
  return bitwise(OpCode::Shl, "<<", a, b);
}
Expr operator>>(const Expr &a, const Expr &b) {
  return bitwise(OpCode::Shr, ">>", a, b);
}
Expr operator~(const Expr &a) {
  checkIntegerOperand(a, "~");
  return typedOp(OpCode::BitNot, arithmeticType(OpCode::BitNot, a, a), {a});
}

} // namespace hcl
