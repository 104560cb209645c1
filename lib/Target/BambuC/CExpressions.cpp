//===- CExpressions.cpp - arith and math operations as C99 expressions ----===//
//
// What C99 spells its own way; the C-family core writes the rest. Integers
// are signless in the IR and signed in C; the operations that read them as
// unsigned cast to the unsigned type of the same width. Float comparisons
// keep the IR's NaN rules: ordered predicates are false on NaN, unordered
// ones true.
//
//===----------------------------------------------------------------------===//

#include "CWriter.h"

#include "hcl/Target/CFamily/CppText.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;

namespace hcl::bambu {

namespace {} // namespace

std::string CWriter::libmName(StringRef base, Type type) {
  // C99's <math.h> names the float variant with an f (expf).
  return base.str() + (type.isF32() ? "f" : "");
}

FailureOr<std::string> CWriter::targetExpression(Operation *op) {
  auto in = [&](unsigned i) { return name(op->getOperand(i)); };
  Type resultType = op->getResult(0).getType();
  FailureOr<std::string> resultC = cType(resultType, op);
  if (failed(resultC))
    return failure();
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
  // Shifting by the width or more fills with the sign, as by W - 1; a
  // negative value is shifted through ~ (C leaves its >> to the compiler).
  auto arithmeticShift = [&] {
    std::string amount = asUnsigned(1),
                inRange = amount + " < " + std::to_string(width(0));
    std::string clamped = "(" + inRange + " ? " + amount + " : " +
                          std::to_string(width(0) - 1) + ")";
    return "(" + in(0) + " < 0 ? " +
           cast("~(~" + in(0) + " >> " + clamped + ")") + " : " +
           cast("(" + in(0) + " >> " + clamped + ")") + ")";
  };
  using R = FailureOr<std::string>;
  return llvm::TypeSwitch<Operation *, R>(op)
      .Case([&](arith::DivUIOp) -> R {
        return cast("(" + asUnsigned(0) + " / " + asUnsigned(1) + ")");
      })
      .Case([&](arith::RemUIOp) -> R {
        return cast("(" + asUnsigned(0) + " % " + asUnsigned(1) + ")");
      })
      .Case([&](arith::ShRSIOp) -> R { return arithmeticShift(); })
      // C99's rint rounds to even in the default rounding mode.
      .Case([&](math::RoundEvenOp) -> R {
        return libmName("rint", resultType) + "(" + in(0) + ")";
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
      .Case([&](arith::MaximumFOp) -> R {
        helpers.insert("maximumf");
        return cast("hcl_maximumf(" + in(0) + ", " + in(1) + ")");
      })
      .Case([&](arith::MinimumFOp) -> R {
        helpers.insert("minimumf");
        return cast("hcl_minimumf(" + in(0) + ", " + in(1) + ")");
      })
      .Case<arith::IndexCastOp, arith::SIToFPOp, arith::FPToSIOp, arith::ExtFOp,
            arith::TruncFOp>([&](Operation *) -> R { return cast(in(0)); })
      .Case([&](arith::FPToUIOp) -> R {
        return cast("(" + unsignedCppType(resultType) + ")" + in(0));
      })
      .Default([&](Operation *) -> R { return unsupported(op); });
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
