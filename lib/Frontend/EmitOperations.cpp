//===- EmitOperations.cpp - arithmetic, math, bits and fixed point --------===//
//
// The Writer's operations on values (MLIRWriter.h): arith and math
// operations in the expression's type, comparisons in the operands' common
// type, hcl's bit operations and fixed-point arithmetic.
//
//===----------------------------------------------------------------------===//

#include "MLIRWriter.h"

#include "hcl/Frontend/Error.h"

#include <array>
#include <cmath>

namespace hcl {

std::string Writer::emitOp(const ExprNode &e) {
  const std::vector<Expr> &x = e.operands;
  std::string r; // named after the operands, so the text reads in order
  auto binary = [&](const std::string &op, Type type) {
    std::string a = value(x[0], type), b = value(x[1], type);
    r = fresh();
    line(r + " = " + op + " " + a + ", " + b + " : " + mlirType(type));
    return r;
  };
  auto unary = [&](const std::string &op, Type type) {
    std::string a = value(x[0], type);
    r = fresh();
    line(r + " = " + op + " " + a + " : " + mlirType(type));
    return r;
  };
  Type t = e.type;
  bool f = t.isFloat(), u = t.isUnsigned();
  if (std::optional<std::string> math = emitMathOp(e))
    return *math;
  if (t.isFixed() && !isComparison(e.op))
    return emitFixedOp(e);
  switch (e.op) {
  case OpCode::Add:
    return binary(f ? "arith.addf" : "arith.addi", t);
  case OpCode::Sub:
    return binary(f ? "arith.subf" : "arith.subi", t);
  case OpCode::Mul:
    return binary(f ? "arith.mulf" : "arith.muli", t);
  case OpCode::Div:
    return binary(f ? "arith.divf" : u ? "arith.divui" : "arith.divsi", t);
  case OpCode::Mod:
    return binary(f ? "arith.remf" : u ? "arith.remui" : "arith.remsi", t);
  case OpCode::Min:
    return binary(f ? "arith.minimumf" : u ? "arith.minui" : "arith.minsi", t);
  case OpCode::Max:
    return binary(f ? "arith.maximumf" : u ? "arith.maxui" : "arith.maxsi", t);
  case OpCode::Pow:
    return binary(f ? "math.powf" : "math.ipowi", t);
  case OpCode::Exp:
    return unary("math.exp", t);
  case OpCode::Log:
    return unary("math.log", t);
  case OpCode::Sqrt:
    return unary("math.sqrt", t);
  case OpCode::Abs:
    return unary(f ? "math.absf" : "math.absi", t);
  case OpCode::Neg: {
    if (f)
      return unary("arith.negf", t);
    std::string a = value(x[0], t), zero = fresh("c");
    line(zero + " = arith.constant 0 : " + mlirType(t));
    r = fresh();
    line(r + " = arith.subi " + zero + ", " + a + " : " + mlirType(t));
    return r;
  }
  case OpCode::And:
  case OpCode::Or: {
    std::string a = toBool(x[0]), b = toBool(x[1]);
    r = fresh();
    line(r + " = " + (e.op == OpCode::And ? "arith.andi " : "arith.ori ") + a +
         ", " + b + " : i1");
    return r;
  }
  case OpCode::Not: {
    std::string a = toBool(x[0]), one = fresh("c");
    line(one + " = arith.constant true");
    r = fresh();
    line(r + " = arith.xori " + a + ", " + one + " : i1");
    return r;
  }
  default:
    break;
  }
  // Comparisons: in the operands' common type.
  Type operand = commonType(x[0], x[1]);
  if (x[0].node()->untyped && x[1].node()->untyped)
    operand =
        x[0].type().isFloat() || x[1].type().isFloat() ? Float(32) : Int(32);
  std::string a = value(x[0], operand), b = value(x[1], operand);
  static const std::map<OpCode, std::array<const char *, 3>> predicates = {
      {OpCode::Eq, {"eq", "eq", "oeq"}},   {OpCode::Ne, {"ne", "ne", "une"}},
      {OpCode::Lt, {"slt", "ult", "olt"}}, {OpCode::Le, {"sle", "ule", "ole"}},
      {OpCode::Gt, {"sgt", "ugt", "ogt"}}, {OpCode::Ge, {"sge", "uge", "oge"}}};
  const auto &names = predicates.at(e.op);
  const char *predicate = operand.isFloat()      ? names[2]
                          : operand.isUnsigned() ? names[1]
                                                 : names[0];
  r = fresh();
  if (operand.isFixed()) {
    line(r + " = hcl.cmp_fixed " + predicate + ", " + a + ", " + b + " : " +
         mlirType(operand));
    return r;
  }
  line(r + " = " + (operand.isFloat() ? "arith.cmpf " : "arith.cmpi ") +
       predicate + ", " + a + ", " + b + " : " + mlirType(operand));
  return r;
}

/// hcl's bit operations; indices become `index` values.
std::string Writer::emitBits(const ExprNode &e) {
  const std::vector<Expr> &x = e.operands;
  Type valueType = x[0].type();
  std::string v = value(x[0], valueType), r = fresh();
  std::string t = mlirType(valueType);
  auto index = [&](size_t i) { return indexValue(*x[i].node()); };
  switch (e.bitOp) {
  case BitOp::GetBit:
    line(r + " = hcl.get_bit " + v + "[" + index(1) + "] : " + t);
    break;
  case BitOp::SetBit: {
    std::string hiIndex = index(1), bit = toBool(x[2]);
    line(r + " = hcl.set_bit " + v + "[" + hiIndex + "], " + bit + " : " + t);
    break;
  }
  case BitOp::GetSlice: {
    std::string hi = index(1), lo = index(2);
    line(r + " = hcl.get_slice " + v + "[" + hi + " : " + lo + "] : " + t +
         " -> " + mlirType(e.type));
    break;
  }
  case BitOp::SetSlice: {
    std::string hi = index(1), lo = index(2);
    Type bitsType = x[3].node()->untyped ? valueType : x[3].type();
    if (!bitsType.isInteger())
      throwError("set_slice: the new bits must be an integer, not " +
                 bitsType.str());
    std::string bits = value(x[3], bitsType);
    line(r + " = hcl.set_slice " + v + "[" + hi + " : " + lo + "], " + bits +
         " : " + t + ", " + mlirType(bitsType));
    break;
  }
  case BitOp::Reverse:
    line(r + " = hcl.bit_reverse " + v + " : " + t);
    break;
  case BitOp::Bitcast:
    line(r + " = hcl.bitcast " + v + " : " + t + " to " + mlirType(e.type));
    break;
  }
  return r;
}

bool isComparison(OpCode op) {
  return op == OpCode::Eq || op == OpCode::Ne || op == OpCode::Lt ||
         op == OpCode::Le || op == OpCode::Gt || op == OpCode::Ge ||
         op == OpCode::And || op == OpCode::Or || op == OpCode::Not;
}

/// Float math, NaN / infinity tests and bitwise operations (MathOps.cpp);
/// nullopt for the other operations.
std::optional<std::string> Writer::emitMathOp(const ExprNode &e) {
  static const std::map<OpCode, const char *> floatOps = {
      {OpCode::Tanh, "math.tanh"},       {OpCode::Erf, "math.erf"},
      {OpCode::Floor, "math.floor"},     {OpCode::Ceil, "math.ceil"},
      {OpCode::Round, "math.roundeven"}, {OpCode::Sin, "math.sin"},
      {OpCode::Cos, "math.cos"},         {OpCode::Tan, "math.tan"},
      {OpCode::Asin, "math.asin"},       {OpCode::Acos, "math.acos"},
      {OpCode::Atan, "math.atan"},       {OpCode::Sinh, "math.sinh"},
      {OpCode::Cosh, "math.cosh"},       {OpCode::Asinh, "math.asinh"},
      {OpCode::Acosh, "math.acosh"},     {OpCode::Atanh, "math.atanh"}};
  static const std::map<OpCode, const char *> bitOps = {
      {OpCode::BitAnd, "arith.andi"},
      {OpCode::BitOr, "arith.ori"},
      {OpCode::BitXor, "arith.xori"}};
  const std::vector<Expr> &x = e.operands;
  Type t = e.type;
  std::string r;
  if (auto it = floatOps.find(e.op); it != floatOps.end()) {
    std::string a = value(x[0], t);
    r = fresh();
    line(r + " = " + it->second + " " + a + " : " + mlirType(t));
    return r;
  }
  if (e.op == OpCode::IsNan || e.op == OpCode::IsInf) {
    const ExprNode &operand = *x[0].node();
    Type ft =
        operand.type.isFloat() && !operand.untyped ? operand.type : Float(32);
    std::string a = value(x[0], ft), ty = mlirType(ft);
    r = fresh();
    if (e.op == OpCode::IsNan) {
      line(r + " = arith.cmpf uno, " + a + ", " + a + " : " + ty);
      return r;
    }
    // |x| == +inf: no libm call, and HLS C++ reads it as fabs(x) == INFINITY.
    std::string magnitude = fresh(), inf = fresh("c");
    line(magnitude + " = math.absf " + a + " : " + ty);
    line(inf + " = arith.constant " + floatLiteral(INFINITY, ft) + " : " + ty);
    line(r + " = arith.cmpf oeq, " + magnitude + ", " + inf + " : " + ty);
    return r;
  }
  if (auto it = bitOps.find(e.op); it != bitOps.end()) {
    std::string a = value(x[0], t), b = value(x[1], t);
    r = fresh();
    line(r + " = " + it->second + " " + a + ", " + b + " : " + mlirType(t));
    return r;
  }
  if (e.op == OpCode::BitNot) {
    std::string a = value(x[0], t), ones = fresh("c");
    line(ones + " = arith.constant -1 : " + mlirType(t));
    r = fresh();
    line(r + " = arith.xori " + a + ", " + ones + " : " + mlirType(t));
    return r;
  }
  if (e.op == OpCode::Shl || e.op == OpCode::Shr)
    return emitShift(e);
  return std::nullopt;
}

/// Shifts defined for every amount (LLVM's are poison from the width on):
/// an amount outside [0, width) shifts everything out, giving 0, or -1 for
/// >> of a negative signed value (an arithmetic shift by width - 1).
std::string Writer::emitShift(const ExprNode &e) {
  Type t = e.type;
  std::string ty = mlirType(t);
  std::string a = value(e.operands[0], t), b = value(e.operands[1], t);
  std::string width = fresh("c"), inRange = fresh();
  line(width + " = arith.constant " + std::to_string(t.bits) + " : " + ty);
  line(inRange + " = arith.cmpi ult, " + b + ", " + width + " : " + ty);
  bool arithmetic = e.op == OpCode::Shr && !t.isUnsigned();
  std::string fallback = fresh("c");
  line(fallback + " = arith.constant " +
       std::to_string(arithmetic ? int64_t(t.bits) - 1 : 0) + " : " + ty);
  std::string amount = fresh();
  line(amount + " = arith.select " + inRange + ", " + b + ", " + fallback +
       " : " + ty);
  std::string shifted = fresh();
  const char *op = e.op == OpCode::Shl ? "arith.shli"
                   : arithmetic        ? "arith.shrsi"
                                       : "arith.shrui";
  line(shifted + " = " + op + " " + a + ", " + amount + " : " + ty);
  if (arithmetic)
    return shifted;
  std::string zero = fresh("c"), r = fresh();
  line(zero + " = arith.constant 0 : " + ty);
  line(r + " = arith.select " + inRange + ", " + shifted + ", " + zero + " : " +
       ty);
  return r;
}

/// Arithmetic in a fixed-point type: the operands are converted to it, the
/// hcl operation quantizes the exact result into it.
std::string Writer::emitFixedOp(const ExprNode &e) {
  static const std::map<OpCode, const char *> ops = {
      {OpCode::Add, "hcl.add_fixed"}, {OpCode::Sub, "hcl.sub_fixed"},
      {OpCode::Mul, "hcl.mul_fixed"}, {OpCode::Div, "hcl.div_fixed"},
      {OpCode::Min, "hcl.min_fixed"}, {OpCode::Max, "hcl.max_fixed"},
      {OpCode::Neg, "hcl.sub_fixed"}};
  auto it = ops.find(e.op);
  if (it == ops.end())
    throwError("stage '" + currentStage +
               "': this operation is not defined on "
               "fixed point (" +
               e.type.str() + "); " + spelling("hcl::cast", "hcl.cast") +
               " the operands to a float or an integer type first");
  std::string type = mlirType(e.type), a, b;
  if (e.op == OpCode::Neg) {
    a = fresh("c");
    line(a + " = hcl.fixed_constant 0.0 : " + type);
    b = value(e.operands[0], e.type);
  } else {
    a = value(e.operands[0], e.type);
    b = value(e.operands[1], e.type);
  }
  std::string r = fresh();
  line(r + " = " + it->second + " " + a + ", " + b + " : " + type);
  return r;
}

} // namespace hcl
