//===- CExpressions.cpp - arith and math operations as C99 expressions ----===//
//
// Integers are signless in the IR and signed in C; the operations that read
// them as unsigned cast to the unsigned type of the same width. Integer
// arithmetic wraps as the IR's does when the C is compiled with -fwrapv
// (the check does; Bambu's hardware wraps). Float comparisons keep the IR's
// NaN rules: ordered predicates are false on NaN, unordered ones true.
//
//===----------------------------------------------------------------------===//

#include "CWriter.h"

#include "../HLSCpp/CppText.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;

namespace hcl::bambu {

namespace {

/// C's comparison operator and whether the predicate holds on NaN.
struct FloatPredicate {
  const char *op;
  bool unordered;
};

std::optional<FloatPredicate> floatPredicate(arith::CmpFPredicate p) {
  using P = arith::CmpFPredicate;
  switch (p) {
  case P::OEQ:
    return FloatPredicate{"==", false};
  case P::OGT:
    return FloatPredicate{">", false};
  case P::OGE:
    return FloatPredicate{">=", false};
  case P::OLT:
    return FloatPredicate{"<", false};
  case P::OLE:
    return FloatPredicate{"<=", false};
  case P::ONE:
    return FloatPredicate{"!=", false};
  case P::UEQ:
    return FloatPredicate{"==", true};
  case P::UGT:
    return FloatPredicate{">", true};
  case P::UGE:
    return FloatPredicate{">=", true};
  case P::ULT:
    return FloatPredicate{"<", true};
  case P::ULE:
    return FloatPredicate{"<=", true};
  case P::UNE:
    return FloatPredicate{"!=", true};
  default:
    return std::nullopt;
  }
}

std::string compareFloats(arith::CmpFPredicate p, const std::string &a,
                          const std::string &b) {
  using P = arith::CmpFPredicate;
  std::string unordered = "(" + a + " != " + a + " || " + b + " != " + b + ")";
  if (p == P::AlwaysFalse || p == P::AlwaysTrue)
    return p == P::AlwaysTrue ? "1" : "0";
  if (p == P::UNO)
    return unordered;
  if (p == P::ORD)
    return "!" + unordered;
  FloatPredicate f = *floatPredicate(p);
  std::string test = "(" + a + " " + f.op + " " + b + ")";
  // C's != is true on NaN and the others false: only ONE and the unordered
  // forms of the others need the NaN test.
  if (p == P::ONE)
    return "(!" + unordered + " && " + test + ")";
  if (f.unordered && p != P::UNE)
    return "(" + unordered + " || " + test + ")";
  return test;
}

/// The C library function of a math op on `type` (expf / exp).
std::optional<std::string> mathFunction(Operation *op, Type type) {
  const char *base =
      llvm::TypeSwitch<Operation *, const char *>(op)
          .Case<math::ExpOp>([](auto) { return "exp"; })
          .Case<math::Exp2Op>([](auto) { return "exp2"; })
          .Case<math::LogOp>([](auto) { return "log"; })
          .Case<math::Log2Op>([](auto) { return "log2"; })
          .Case<math::Log10Op>([](auto) { return "log10"; })
          .Case<math::SqrtOp>([](auto) { return "sqrt"; })
          .Case<math::TanhOp>([](auto) { return "tanh"; })
          .Case<math::SinOp>([](auto) { return "sin"; })
          .Case<math::CosOp>([](auto) { return "cos"; })
          .Case<math::TanOp>([](auto) { return "tan"; })
          .Case<math::AtanOp>([](auto) { return "atan"; })
          .Case<math::Atan2Op>([](auto) { return "atan2"; })
          .Case<math::AbsFOp>([](auto) { return "fabs"; })
          .Case<math::FloorOp>([](auto) { return "floor"; })
          .Case<math::CeilOp>([](auto) { return "ceil"; })
          .Case<math::RoundOp>([](auto) { return "round"; })
          // C99's rint rounds to even in the default rounding mode.
          .Case<math::RoundEvenOp>([](auto) { return "rint"; })
          .Case<math::TruncOp>([](auto) { return "trunc"; })
          .Case<math::PowFOp>([](auto) { return "pow"; })
          .Case<math::ErfOp>([](auto) { return "erf"; })
          .Case<math::ErfcOp>([](auto) { return "erfc"; })
          .Case<math::CbrtOp>([](auto) { return "cbrt"; })
          .Case<math::ExpM1Op>([](auto) { return "expm1"; })
          .Case<math::Log1pOp>([](auto) { return "log1p"; })
          .Case<math::SinhOp>([](auto) { return "sinh"; })
          .Case<math::CoshOp>([](auto) { return "cosh"; })
          .Case<math::AsinOp>([](auto) { return "asin"; })
          .Case<math::AsinhOp>([](auto) { return "asinh"; })
          .Case<math::AcoshOp>([](auto) { return "acosh"; })
          .Case<math::AtanhOp>([](auto) { return "atanh"; })
          .Case<math::AcosOp>([](auto) { return "acos"; })
          .Case<math::CopySignOp>([](auto) { return "copysign"; })
          .Case<math::FmaOp>([](auto) { return "fma"; })
          .Case<arith::MaxNumFOp>([](auto) { return "fmax"; })
          .Case<arith::MinNumFOp>([](auto) { return "fmin"; })
          .Case<arith::RemFOp>([](auto) { return "fmod"; })
          .Default([](Operation *) { return nullptr; });
  if (!base)
    return std::nullopt;
  return std::string(base) + (type.isF32() ? "f" : "");
}

} // namespace

FailureOr<std::string> CWriter::expression(Operation *op) {
  auto in = [&](unsigned i) { return name(op->getOperand(i)); };
  auto binary = [&](const char *o) { return in(0) + " " + o + " " + in(1); };
  Type resultType = op->getResult(0).getType();
  FailureOr<std::string> resultC = cType(resultType, op);
  if (failed(resultC))
    return failure();
  // i1 arithmetic keeps the low bit; C's bool would keep any non-zero value.
  auto oneBit = [&](const std::string &value) {
    return resultType.isInteger(1) ? "(bool)((" + value + ") & 1)" : value;
  };
  auto asUnsigned = [&](unsigned i) {
    return "(" + unsignedCppType(op->getOperand(i).getType()) + ")" + in(i);
  };
  auto cast = [&](const std::string &value) {
    return "(" + *resultC + ")" + value;
  };
  auto width = [&](unsigned i) -> unsigned {
    Type t = op->getOperand(i).getType();
    return t.isIndex() ? 32 : t.getIntOrFloatBitWidth();
  };
  // Shifts by the width or more are poison in the IR and undefined in C.
  auto shift = [&](const char *o, bool arithmetic) {
    std::string amount = asUnsigned(1),
                inRange = amount + " < " + std::to_string(width(0));
    if (arithmetic)
      return "(" + in(0) + " < 0 ? " +
             cast("~(~" + in(0) + " >> (" + inRange + " ? " + amount + " : " +
                  std::to_string(width(0) - 1) + "))") +
             " : " +
             cast("(" + in(0) + " >> (" + inRange + " ? " + amount + " : " +
                  std::to_string(width(0) - 1) + "))") +
             ")";
    return "(" + inRange + " ? " +
           cast("(" + asUnsigned(0) + " " + o + " " + amount + ")") + " : " +
           cast("0") + ")";
  };
  using R = FailureOr<std::string>;
  if (std::optional<std::string> f = mathFunction(op, resultType)) {
    std::string args;
    for (unsigned i = 0; i < op->getNumOperands(); ++i)
      args += (i ? ", " : "") + in(i);
    return *f + "(" + args + ")";
  }
  return llvm::TypeSwitch<Operation *, R>(op)
      .Case([&](arith::AddIOp) -> R { return oneBit(binary("+")); })
      .Case([&](arith::SubIOp) -> R { return oneBit(binary("-")); })
      .Case([&](arith::MulIOp) -> R { return oneBit(binary("*")); })
      .Case([&](arith::DivSIOp) -> R { return binary("/"); })
      .Case([&](arith::RemSIOp) -> R { return binary("%"); })
      .Case([&](arith::DivUIOp) -> R {
        return cast("(" + asUnsigned(0) + " / " + asUnsigned(1) + ")");
      })
      .Case([&](arith::RemUIOp) -> R {
        return cast("(" + asUnsigned(0) + " % " + asUnsigned(1) + ")");
      })
      .Case([&](arith::FloorDivSIOp) -> R {
        helpers.insert("floordiv");
        return "hcl_floordiv(" + in(0) + ", " + in(1) + ")";
      })
      .Case([&](arith::CeilDivSIOp) -> R {
        helpers.insert("ceildiv");
        return "hcl_ceildiv(" + in(0) + ", " + in(1) + ")";
      })
      .Case([&](math::RsqrtOp) -> R {
        return std::string(resultType.isF32() ? "1.0f / sqrtf("
                                              : "1.0 / sqrt(") +
               in(0) + ")";
      })
      .Case([&](math::AbsIOp) -> R {
        return "(" + in(0) + " < 0 ? " + cast("-" + in(0)) + " : " + in(0) +
               ")";
      })
      .Case([&](arith::AndIOp) -> R { return binary("&"); })
      .Case([&](arith::OrIOp) -> R { return binary("|"); })
      .Case([&](arith::XOrIOp) -> R { return binary("^"); })
      .Case([&](arith::ShLIOp) -> R { return shift("<<", false); })
      .Case([&](arith::ShRUIOp) -> R { return shift(">>", false); })
      .Case([&](arith::ShRSIOp) -> R { return shift(">>", true); })
      .Case([&](arith::MinSIOp) -> R {
        return "(" + in(0) + " < " + in(1) + " ? " + in(0) + " : " + in(1) +
               ")";
      })
      .Case([&](arith::MaxSIOp) -> R {
        return "(" + in(0) + " > " + in(1) + " ? " + in(0) + " : " + in(1) +
               ")";
      })
      .Case([&](arith::MinUIOp) -> R {
        return "(" + asUnsigned(0) + " < " + asUnsigned(1) + " ? " + in(0) +
               " : " + in(1) + ")";
      })
      .Case([&](arith::MaxUIOp) -> R {
        return "(" + asUnsigned(0) + " > " + asUnsigned(1) + " ? " + in(0) +
               " : " + in(1) + ")";
      })
      .Case([&](arith::CmpIOp cmp) -> R {
        const char *o = comparisonOperator(cmp.getPredicate());
        if (isUnsignedComparison(cmp.getPredicate()))
          return asUnsigned(0) + " " + o + " " + asUnsigned(1);
        // Read as signed, an i1 holding 1 is -1.
        if (cmp.getLhs().getType().isInteger(1))
          return "(-(int)" + in(0) + ") " + o + " (-(int)" + in(1) + ")";
        return binary(o);
      })
      .Case([&](arith::CmpFOp cmp) -> R {
        return compareFloats(cmp.getPredicate(), in(0), in(1));
      })
      .Case([&](arith::SelectOp) -> R {
        return "(" + in(0) + " ? " + in(1) + " : " + in(2) + ")";
      })
      .Case([&](arith::AddFOp) -> R { return binary("+"); })
      .Case([&](arith::SubFOp) -> R { return binary("-"); })
      .Case([&](arith::MulFOp) -> R { return binary("*"); })
      .Case([&](arith::DivFOp) -> R { return binary("/"); })
      .Case([&](arith::NegFOp) -> R { return "-" + in(0); })
      .Case([&](arith::MaximumFOp) -> R {
        helpers.insert("maximumf");
        return cast("hcl_maximumf(" + in(0) + ", " + in(1) + ")");
      })
      .Case([&](arith::MinimumFOp) -> R {
        helpers.insert("minimumf");
        return cast("hcl_minimumf(" + in(0) + ", " + in(1) + ")");
      })
      .Case([&](arith::ExtSIOp e) -> R {
        if (e.getIn().getType().isInteger(1))
          return cast("(-(int)" + in(0) + ")");
        return cast(in(0));
      })
      .Case([&](arith::ExtUIOp) -> R { return cast(asUnsigned(0)); })
      .Case([&](arith::TruncIOp t) -> R {
        if (t.getType().isInteger(1))
          return "(bool)(" + in(0) + " & 1)";
        return cast(in(0));
      })
      .Case<arith::IndexCastOp, arith::SIToFPOp, arith::FPToSIOp, arith::ExtFOp,
            arith::TruncFOp>([&](Operation *) -> R {
        if (op->getOperand(0).getType().isInteger(1) && !resultType.isIndex())
          return cast("(-(int)" + in(0) + ")");
        return cast(in(0));
      })
      .Case<arith::IndexCastUIOp, arith::UIToFPOp>(
          [&](Operation *) -> R { return cast(asUnsigned(0)); })
      .Case([&](arith::FPToUIOp) -> R {
        return cast("(" + unsignedCppType(resultType) + ")" + in(0));
      })
      .Default([&](Operation *) -> R {
        return op->emitError("bambu-c: '")
               << op->getName() << "' is not supported by the Bambu C emitter";
      });
}

std::string cSpecialFloats(std::string text) {
  static const std::pair<const char *, const char *> spellings[] = {
      {"hcl_f32_bits(0x7f800000u)", "INFINITY"},
      {"hcl_f32_bits(0xff800000u)", "(-INFINITY)"},
      {"hcl_f32_bits(0x7fc00000u)", "NAN"},
      {"hcl_f32_bits(0xffc00000u)", "(-NAN)"},
      {"hcl_f64_bits(0x7ff0000000000000ull)", "((double)INFINITY)"},
      {"hcl_f64_bits(0xfff0000000000000ull)", "(-(double)INFINITY)"},
      {"hcl_f64_bits(0x7ff8000000000000ull)", "((double)NAN)"},
      {"hcl_f64_bits(0xfff8000000000000ull)", "(-(double)NAN)"}};
  for (auto [from, to] : spellings) {
    std::string upper = from;
    // The hexadecimal digits are written in either case.
    for (size_t i = std::string(from).find("(0x") + 3; i < upper.size(); ++i)
      if (upper[i] >= 'a' && upper[i] <= 'f')
        upper[i] = upper[i] - 'a' + 'A';
    for (const std::string &f : {std::string(from), upper})
      for (size_t at; (at = text.find(f)) != std::string::npos;)
        text.replace(at, f.size(), to);
  }
  return text;
}

std::string cHelperDefinitions(const std::set<std::string> &helpers) {
  static const std::map<std::string, std::string> own = {
      {"imin",
       "static inline int hcl_imin(int a, int b) { return a < b ? a : b; }\n"},
      {"imax",
       "static inline int hcl_imax(int a, int b) { return a > b ? a : b; }\n"},
      {"f32_bits",
       "static inline float hcl_f32_bits(uint32_t bits) {\n"
       "  float f;\n  memcpy(&f, &bits, sizeof f);\n  return f;\n}\n"},
      {"f64_bits",
       "static inline double hcl_f64_bits(uint64_t bits) {\n"
       "  double f;\n  memcpy(&f, &bits, sizeof f);\n  return f;\n}\n"},
      // arith.maximumf / minimumf: NaN wins, and -0 < +0. Exact in double.
      {"maximumf", "static inline double hcl_maximumf(double a, double b) {\n"
                   "  if (a != a || b != b)\n    return a + b;\n"
                   "  if (a == b)\n    return signbit(a) ? b : a;\n"
                   "  return a > b ? a : b;\n}\n"},
      {"minimumf", "static inline double hcl_minimumf(double a, double b) {\n"
                   "  if (a != a || b != b)\n    return a + b;\n"
                   "  if (a == b)\n    return signbit(a) ? a : b;\n"
                   "  return a < b ? a : b;\n}\n"}};
  std::string text;
  std::set<std::string> shared;
  for (const std::string &h : helpers) {
    auto it = own.find(h);
    if (it != own.end())
      text += it->second;
    else
      shared.insert(h); // floordiv, ceildiv, mod: the HLS backend's C ones
  }
  return helperDefinitions(shared) + text;
}

} // namespace hcl::bambu
