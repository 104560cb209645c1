//===- CExpressions.cpp - arith and math operations in C and C++ ----------===//
//
// The operations C99 and C++ write alike. Integers are signless in the IR
// and signed in C; the operations that read them as unsigned cast to the
// unsigned type of the same width. Integer arithmetic wraps as the IR's
// does when the code is compiled with -fwrapv (the C simulations do;
// hardware wraps). Shifts by the width or more are poison in the IR and
// undefined in C: they give 0 here, and a left shift is done on the
// unsigned type (shifting a negative value is undefined before C++20).
//
//===----------------------------------------------------------------------===//

#include "hcl/Target/CFamily/CEmitter.h"
#include "hcl/Target/CFamily/CppText.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;

namespace hcl {

std::optional<StringRef> libmFunction(Operation *op) {
  const char *base =
      llvm::TypeSwitch<Operation *, const char *>(op)
          .Case<math::ExpOp>([](auto) { return "exp"; })
          .Case<math::Exp2Op>([](auto) { return "exp2"; })
          .Case<math::ExpM1Op>([](auto) { return "expm1"; })
          .Case<math::LogOp>([](auto) { return "log"; })
          .Case<math::Log2Op>([](auto) { return "log2"; })
          .Case<math::Log10Op>([](auto) { return "log10"; })
          .Case<math::Log1pOp>([](auto) { return "log1p"; })
          .Case<math::SqrtOp>([](auto) { return "sqrt"; })
          .Case<math::CbrtOp>([](auto) { return "cbrt"; })
          .Case<math::AbsFOp>([](auto) { return "fabs"; })
          .Case<math::PowFOp>([](auto) { return "pow"; })
          .Case<math::FmaOp>([](auto) { return "fma"; })
          .Case<math::CopySignOp>([](auto) { return "copysign"; })
          .Case<math::TanhOp>([](auto) { return "tanh"; })
          .Case<math::SinhOp>([](auto) { return "sinh"; })
          .Case<math::CoshOp>([](auto) { return "cosh"; })
          .Case<math::AsinhOp>([](auto) { return "asinh"; })
          .Case<math::AcoshOp>([](auto) { return "acosh"; })
          .Case<math::AtanhOp>([](auto) { return "atanh"; })
          .Case<math::SinOp>([](auto) { return "sin"; })
          .Case<math::CosOp>([](auto) { return "cos"; })
          .Case<math::TanOp>([](auto) { return "tan"; })
          .Case<math::AsinOp>([](auto) { return "asin"; })
          .Case<math::AcosOp>([](auto) { return "acos"; })
          .Case<math::AtanOp>([](auto) { return "atan"; })
          .Case<math::Atan2Op>([](auto) { return "atan2"; })
          .Case<math::ErfOp>([](auto) { return "erf"; })
          .Case<math::ErfcOp>([](auto) { return "erfc"; })
          .Case<math::FloorOp>([](auto) { return "floor"; })
          .Case<math::CeilOp>([](auto) { return "ceil"; })
          .Case<math::TruncOp>([](auto) { return "trunc"; })
          .Case<math::RoundOp>([](auto) { return "round"; })
          .Case<arith::MaxNumFOp>([](auto) { return "fmax"; })
          .Case<arith::MinNumFOp>([](auto) { return "fmin"; })
          .Case<arith::RemFOp>([](auto) { return "fmod"; })
          .Default([](Operation *) { return nullptr; });
  if (!base)
    return std::nullopt;
  return StringRef(base);
}

/// arith.cmpf in C: the ordered predicates are C's operators (false on
/// NaN), the unordered ones the negation of the opposite ordered one (true
/// on NaN); x != x holds only for NaN.
static std::string compareFloats(arith::CmpFPredicate p, const std::string &a,
                                 const std::string &b, const CStyle &style) {
  using P = arith::CmpFPredicate;
  auto binary = [](const std::string &x, const char *o, const std::string &y) {
    return x + " " + o + " " + y;
  };
  std::string ordered = "(" + a + " == " + a + " && " + b + " == " + b + ")";
  std::string lessOrGreater =
      "(" + a + " < " + b + " || " + a + " > " + b + ")";
  switch (p) {
  case P::AlwaysFalse:
    return style.alwaysFalse.str();
  case P::AlwaysTrue:
    return style.alwaysTrue.str();
  case P::OEQ:
    return binary(a, "==", b);
  case P::OGT:
    return binary(a, ">", b);
  case P::OGE:
    return binary(a, ">=", b);
  case P::OLT:
    return binary(a, "<", b);
  case P::OLE:
    return binary(a, "<=", b);
  case P::ONE:
    return lessOrGreater;
  case P::ORD:
    return ordered;
  case P::UEQ:
    return "!" + lessOrGreater;
  case P::UGT:
    return "!(" + binary(a, "<=", b) + ")";
  case P::UGE:
    return "!(" + binary(a, "<", b) + ")";
  case P::ULT:
    return "!(" + binary(a, ">=", b) + ")";
  case P::ULE:
    return "!(" + binary(a, ">", b) + ")";
  case P::UNE:
    return binary(a, "!=", b);
  case P::UNO:
    return "(" + a + " != " + a + " || " + b + " != " + b + ")";
  }
  llvm_unreachable("every arith.cmpf predicate is handled above");
}

FailureOr<std::string> CEmitter::expression(Operation *op) {
  auto in = [&](unsigned i) { return name(op->getOperand(i)); };
  auto binary = [&](const std::string &a, const char *o, const std::string &b) {
    return a + " " + o + " " + b;
  };
  Type result = op->getResult(0).getType();
  std::string resultType = scalarCppType(result).value_or("");
  // The two branches of a conditional must have one type; ap_int values and
  // plain literals (or -x, one bit wider) do not, so they are cast.
  auto branch = [&](const std::string &value) {
    return resultType.rfind("ap_", 0) == 0
               ? "(" + resultType + ")(" + value + ")"
               : value;
  };
  auto choose = [&](const std::string &cond, const std::string &a,
                    const std::string &b) {
    return "(" + cond + " ? " + branch(a) + " : " + branch(b) + ")";
  };
  // bool holds any non-zero value as true; i1 arithmetic keeps the low bit.
  auto oneBit = [&](const std::string &value) {
    return result.isInteger(1) ? "(bool)((" + value + ") & 1)" : value;
  };
  auto asUnsigned = [&](unsigned i) {
    return "(" + unsignedCppType(op->getOperand(i).getType()) + ")" + in(i);
  };
  auto cast = [&](const std::string &value) {
    return "(" + resultType + ")" + value;
  };
  // The width C computes an operand in (index is an int).
  auto bitWidth = [&](unsigned i) -> unsigned {
    Type t = op->getOperand(i).getType();
    return t.isIndex() ? 32 : t.getIntOrFloatBitWidth();
  };
  auto logicalShift = [&](const char *o) {
    std::string inRange = asUnsigned(1) + " < " + std::to_string(bitWidth(0));
    return "(" + inRange + " ? " +
           cast("(" + binary(asUnsigned(0), o, asUnsigned(1)) + ")") + " : " +
           cast("0") + ")";
  };
  using R = std::optional<std::string>;
  R shared =
      llvm::TypeSwitch<Operation *, R>(op)
          .Case(
              [&](arith::AddIOp) { return oneBit(binary(in(0), "+", in(1))); })
          .Case(
              [&](arith::SubIOp) { return oneBit(binary(in(0), "-", in(1))); })
          .Case(
              [&](arith::MulIOp) { return oneBit(binary(in(0), "*", in(1))); })
          .Case([&](arith::DivSIOp) { return binary(in(0), "/", in(1)); })
          .Case([&](arith::RemSIOp) { return binary(in(0), "%", in(1)); })
          .Case([&](arith::FloorDivSIOp) {
            helpers.insert("floordiv");
            return "hcl_floordiv(" + in(0) + ", " + in(1) + ")";
          })
          .Case([&](arith::CeilDivSIOp) {
            helpers.insert("ceildiv");
            return "hcl_ceildiv(" + in(0) + ", " + in(1) + ")";
          })
          .Case([&](arith::AndIOp) { return binary(in(0), "&", in(1)); })
          .Case([&](arith::OrIOp) { return binary(in(0), "|", in(1)); })
          .Case([&](arith::XOrIOp) { return binary(in(0), "^", in(1)); })
          .Case([&](arith::ShLIOp) { return logicalShift("<<"); })
          .Case([&](arith::ShRUIOp) { return logicalShift(">>"); })
          .Case([&](arith::MinSIOp) {
            return choose(in(0) + " < " + in(1), in(0), in(1));
          })
          .Case([&](arith::MaxSIOp) {
            return choose(in(0) + " > " + in(1), in(0), in(1));
          })
          .Case([&](arith::MinUIOp) {
            return choose(asUnsigned(0) + " < " + asUnsigned(1), in(0), in(1));
          })
          .Case([&](arith::MaxUIOp) {
            return choose(asUnsigned(0) + " > " + asUnsigned(1), in(0), in(1));
          })
          .Case([&](arith::CmpIOp cmp) {
            const char *o = comparisonOperator(cmp.getPredicate());
            if (isUnsignedComparison(cmp.getPredicate()))
              return binary(asUnsigned(0), o, asUnsigned(1));
            // Read as signed, an i1 holding 1 is -1.
            if (cmp.getLhs().getType().isInteger(1))
              return binary("(-(int)" + in(0) + ")", o,
                            "(-(int)" + in(1) + ")");
            return binary(in(0), o, in(1));
          })
          .Case([&](arith::CmpFOp cmp) {
            return compareFloats(cmp.getPredicate(), in(0), in(1), style);
          })
          .Case([&](arith::SelectOp) { return choose(in(0), in(1), in(2)); })
          .Case([&](arith::ExtSIOp e) {
            if (e.getIn().getType().isInteger(1))
              return cast("(-(int)" + in(0) + ")");
            return cast(in(0));
          })
          .Case([&](arith::ExtUIOp) { return cast(asUnsigned(0)); })
          // The signed conversions of an i1 read 1 as -1, as arith.extsi.
          .Case<arith::SIToFPOp, arith::IndexCastOp>([&](Operation *) -> R {
            if (!op->getOperand(0).getType().isInteger(1))
              return std::nullopt;
            return cast("(-(int)" + in(0) + ")");
          })
          .Case([&](arith::TruncIOp t) {
            if (t.getType().isInteger(1))
              return "(bool)(" + in(0) + " & 1)";
            return cast(in(0));
          })
          .Case<arith::UIToFPOp, arith::IndexCastUIOp>(
              [&](Operation *) { return cast(asUnsigned(0)); })
          .Case([&](arith::AddFOp) { return binary(in(0), "+", in(1)); })
          .Case([&](arith::SubFOp) { return binary(in(0), "-", in(1)); })
          .Case([&](arith::MulFOp) { return binary(in(0), "*", in(1)); })
          .Case([&](arith::DivFOp) { return binary(in(0), "/", in(1)); })
          .Case([&](arith::NegFOp) { return "-" + in(0); })
          .Default([&](Operation *) -> R {
            std::optional<StringRef> f = libmFunction(op);
            if (!f)
              return std::nullopt;
            std::string args;
            for (unsigned i = 0; i < op->getNumOperands(); ++i)
              args += (i ? ", " : "") + in(i);
            return libmName(*f, result) + "(" + args + ")";
          });
  if (shared)
    return *shared;
  return targetExpression(op);
}

} // namespace hcl
