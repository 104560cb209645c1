//===- CppText.cpp - C++ spellings of MLIR types and values ---------------===//

#include "hcl/Target/CFamily/CppText.h"

#include "hcl/Dialect/HCL/HCLOps.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/SmallString.h"

#include <map>

using namespace mlir;

namespace hcl {

std::optional<std::string> scalarCppType(Type type) {
  if (type.isIndex())
    return std::string("int");
  if (auto i = dyn_cast<IntegerType>(type)) {
    unsigned w = i.getWidth();
    if (w == 1)
      return std::string("bool");
    if (w == 8 || w == 16 || w == 32 || w == 64)
      return "int" + std::to_string(w) + "_t";
    return "ap_int<" + std::to_string(w) + ">";
  }
  if (type.isF32())
    return std::string("float");
  // Vitis HLS's half (hls_half.h; share/hls has a bit-exact one for g++).
  // bf16 has no HLS type and is refused by the callers.
  if (type.isF16())
    return std::string("half");
  if (type.isF64())
    return std::string("double");
  FixedFormatInfo fixed = getFixedFormat(type);
  if (fixed.width > 0)
    return std::string(fixed.isSigned ? "ap_fixed<" : "ap_ufixed<") +
           std::to_string(fixed.width) + ", " +
           std::to_string(fixed.width - fixed.frac) + ">";
  return std::nullopt;
}

std::string unsignedCppType(Type type) {
  if (type.isIndex())
    return "unsigned";
  unsigned w = type.getIntOrFloatBitWidth();
  if (w == 1)
    return "bool";
  if (w == 8 || w == 16 || w == 32 || w == 64)
    return "uint" + std::to_string(w) + "_t";
  return "ap_uint<" + std::to_string(w) + ">";
}

std::optional<std::string> arraySuffix(MemRefType type) {
  if (!type.hasStaticShape())
    return std::nullopt;
  if (type.getRank() == 0)
    return std::string("[1]");
  std::string s;
  for (int64_t d : type.getShape())
    s += "[" + std::to_string(d) + "]";
  return s;
}

std::string integerText(const llvm::APInt &value, Type type) {
  if (type.isInteger(1))
    return value.isZero() ? "false" : "true";
  unsigned w = type.isIndex() ? 32 : type.getIntOrFloatBitWidth();
  // Wider than 64 bits: built from 64-bit pieces, high first.
  if (w > 64) {
    std::string t = "ap_int<" + std::to_string(w) + ">";
    std::string text;
    for (int chunk = (w - 1) / 64; chunk >= 0; --chunk) {
      uint64_t piece = value.extractBitsAsZExtValue(
          std::min(64u, w - unsigned(chunk) * 64), unsigned(chunk) * 64);
      std::string part = t + "(ap_uint<" + std::to_string(w) + ">(" +
                         std::to_string(piece) + "ull))";
      text = text.empty() ? part : "((" + text + " << 64) | " + part + ")";
    }
    return text;
  }
  int64_t v = value.getSExtValue();
  // The most negative 64-bit value has no literal of its own.
  if (w == 64 && v == INT64_MIN)
    return "(-9223372036854775807LL - 1)";
  // The value converts to the type it is stored in or combined with.
  std::string text = std::to_string(v) + (w == 64 ? "LL" : "");
  return v < 0 ? "(" + text + ")" : text;
}

std::string floatText(const llvm::APFloat &value, bool isFloat,
                      std::set<std::string> &helpers) {
  if (&value.getSemantics() == &llvm::APFloat::IEEEhalf()) {
    // A half constant is the float of the same value (exact), converted.
    llvm::APFloat single = value;
    bool lost;
    single.convert(llvm::APFloat::IEEEsingle(),
                   llvm::APFloat::rmNearestTiesToEven, &lost);
    return "((half)" + floatText(single, true, helpers) + ")";
  }
  if (value.isNaN() || value.isInfinity()) {
    helpers.insert(isFloat ? "f32_bits" : "f64_bits");
    llvm::SmallString<32> hex;
    value.bitcastToAPInt().toStringUnsigned(hex, 16);
    return std::string(isFloat ? "hcl_f32_bits(0x" : "hcl_f64_bits(0x") +
           hex.str().str() + (isFloat ? "u)" : "ull)");
  }
  char buffer[64];
  unsigned n = value.convertToHexString(buffer, 0, /*UpperCase=*/false,
                                        llvm::APFloat::rmNearestTiesToEven);
  std::string text(buffer, n);
  return isFloat ? text + "f" : text;
}

std::string constantText(Attribute value, std::set<std::string> &helpers) {
  if (auto b = dyn_cast<BoolAttr>(value))
    return b.getValue() ? "true" : "false";
  if (auto i = dyn_cast<IntegerAttr>(value))
    return integerText(i.getValue(), i.getType());
  auto f = cast<FloatAttr>(value);
  return floatText(f.getValue(), f.getType().isF32(), helpers);
}

namespace {

struct AffinePrinter {
  ArrayRef<std::string> operands;
  unsigned numDims;
  std::set<std::string> &helpers;
  ArrayRef<bool> nonNegative;

  bool isNonNegativeOperand(unsigned position) const {
    return position < nonNegative.size() && nonNegative[position];
  }

  /// True when `e` cannot be negative: then C's `/` and `%` by a positive
  /// constant round as affine floordiv and mod do, and need no helper.
  bool isNonNegative(AffineExpr e) const {
    switch (e.getKind()) {
    case AffineExprKind::Constant:
      return cast<AffineConstantExpr>(e).getValue() >= 0;
    case AffineExprKind::DimId:
      return isNonNegativeOperand(cast<AffineDimExpr>(e).getPosition());
    case AffineExprKind::SymbolId:
      return isNonNegativeOperand(numDims +
                                  cast<AffineSymbolExpr>(e).getPosition());
    case AffineExprKind::Add:
    case AffineExprKind::Mul:
    case AffineExprKind::FloorDiv:
    case AffineExprKind::Mod: {
      auto bin = cast<AffineBinaryOpExpr>(e);
      return isNonNegative(bin.getLHS()) && isNonNegative(bin.getRHS());
    }
    default:
      return false;
    }
  }

  /// `lhs o rhs` in C when that rounds as the affine operation does.
  bool isPlainDivision(AffineBinaryOpExpr bin) const {
    auto divisor = dyn_cast<AffineConstantExpr>(bin.getRHS());
    return divisor && divisor.getValue() > 0 && isNonNegative(bin.getLHS());
  }

  std::string print(AffineExpr e) {
    switch (e.getKind()) {
    case AffineExprKind::Constant: {
      int64_t v = cast<AffineConstantExpr>(e).getValue();
      return v < 0 ? "(" + std::to_string(v) + ")" : std::to_string(v);
    }
    case AffineExprKind::DimId:
      return operands[cast<AffineDimExpr>(e).getPosition()];
    case AffineExprKind::SymbolId:
      return operands[numDims + cast<AffineSymbolExpr>(e).getPosition()];
    default:
      break;
    }
    auto bin = cast<AffineBinaryOpExpr>(e);
    std::string lhs = print(bin.getLHS()), rhs = print(bin.getRHS());
    switch (e.getKind()) {
    case AffineExprKind::Add:
      // `d0 + -2` reads better as `d0 - 2`.
      if (auto c = dyn_cast<AffineConstantExpr>(bin.getRHS());
          c && c.getValue() < 0)
        return "(" + lhs + " - " + std::to_string(-c.getValue()) + ")";
      return "(" + lhs + " + " + rhs + ")";
    case AffineExprKind::Mul:
      if (auto c = dyn_cast<AffineConstantExpr>(bin.getRHS());
          c && c.getValue() == -1)
        return "(-" + lhs + ")";
      return "(" + lhs + " * " + rhs + ")";
    case AffineExprKind::FloorDiv:
      if (isPlainDivision(bin))
        return "(" + lhs + " / " + rhs + ")";
      helpers.insert("floordiv");
      return "hcl_floordiv(" + lhs + ", " + rhs + ")";
    case AffineExprKind::CeilDiv:
      helpers.insert("ceildiv");
      return "hcl_ceildiv(" + lhs + ", " + rhs + ")";
    case AffineExprKind::Mod:
      if (isPlainDivision(bin))
        return "(" + lhs + " % " + rhs + ")";
      helpers.insert("mod");
      return "hcl_mod(" + lhs + ", " + rhs + ")";
    default:
      return "";
    }
  }
};

} // namespace

std::string affineText(AffineExpr expr, ArrayRef<std::string> operands,
                       unsigned numDims, std::set<std::string> &helpers,
                       ArrayRef<bool> nonNegative) {
  std::string text =
      AffinePrinter{operands, numDims, helpers, nonNegative}.print(expr);
  // The outermost parentheses are noise in an index or a bound; around a
  // division or a remainder they are kept, which reads as HeteroCL's C++
  // (`B[(i / 10)][(i % 10)]`).
  bool isDivision = expr.getKind() == AffineExprKind::FloorDiv ||
                    expr.getKind() == AffineExprKind::Mod;
  if (!isDivision && text.size() > 1 && text.front() == '(' &&
      text.back() == ')') {
    int depth = 0;
    bool wraps = true;
    for (size_t i = 0; i < text.size() && wraps; ++i) {
      depth += text[i] == '(' ? 1 : text[i] == ')' ? -1 : 0;
      wraps = depth > 0 || i + 1 == text.size();
    }
    if (wraps)
      return text.substr(1, text.size() - 2);
  }
  return text;
}

std::string helperDefinitions(const std::set<std::string> &helpers) {
  static const std::map<std::string, std::string> definitions = {
      {"floordiv",
       "static inline int hcl_floordiv(int a, int b) {\n"
       "  return a / b - ((a % b != 0) && ((a < 0) != (b < 0)));\n}\n"},
      {"ceildiv",
       "static inline int hcl_ceildiv(int a, int b) {\n"
       "  return a / b + ((a % b != 0) && ((a < 0) == (b < 0)));\n}\n"},
      {"mod",
       "static inline int hcl_mod(int a, int b) {\n"
       "  int r = a % b;\n  return r < 0 ? r + (b < 0 ? -b : b) : r;\n}\n"},
      {"f32_bits",
       "static inline float hcl_f32_bits(uint32_t bits) {\n"
       "  float f;\n  std::memcpy(&f, &bits, sizeof f);\n  return f;\n}\n"},
      {"f64_bits",
       "static inline double hcl_f64_bits(uint64_t bits) {\n"
       "  double f;\n  std::memcpy(&f, &bits, sizeof f);\n  return f;\n}\n"},
      {"minimumf",
       "template <typename T> static inline T hcl_minimumf(T a, T b) {\n"
       "  // NaN-propagating, and -0.0 < +0.0, as arith.minimumf.\n"
       "  if (a != a || b != b) return a + b;\n"
       "  if (a == b) return std::signbit(a) ? a : b;\n"
       "  return a < b ? a : b;\n}\n"},
      {"maximumf",
       "template <typename T> static inline T hcl_maximumf(T a, T b) {\n"
       "  // NaN-propagating, and +0.0 > -0.0, as arith.maximumf.\n"
       "  if (a != a || b != b) return a + b;\n"
       "  if (a == b) return std::signbit(a) ? b : a;\n"
       "  return a > b ? a : b;\n}\n"},
      {"bits",
       "// Bit access on the W bits of x; indices outside them read 0 and\n"
       "// write nothing (docs/datatypes.md).\n"
       "template <int W, class T> static inline bool hcl_get_bit(T x, int i) "
       "{\n"
       "  ap_uint<W> v = x;\n  return i >= 0 && i < W ? (bool)v[i] : "
       "false;\n}\n"
       "template <int W, class T> static inline T hcl_set_bit(T x, int i, bool "
       "b) {\n"
       "  if (i < 0 || i >= W) return x;\n  ap_uint<W> v = x;\n  v[i] = b;\n"
       "  return (T)v;\n}\n"
       "template <int W> static inline ap_uint<W> hcl_low_mask(int length) {\n"
       "  ap_uint<W> mask = ~ap_uint<W>(0);\n"
       "  if (length < W) mask = (ap_uint<W>(1) << length) - 1;\n  return "
       "mask;\n}\n"
       "template <int W, class R, class T> static inline R hcl_get_slice(T x, "
       "int hi, int lo) {\n"
       "  if (lo < 0 || hi >= W || lo > hi) return R(0);\n  ap_uint<W> v = x;\n"
       "  ap_uint<W> field = (v >> lo) & hcl_low_mask<W>(hi - lo + 1);\n  "
       "return (R)field;\n}\n"
       "template <int W, class T, class V> static inline T hcl_set_slice(T x, "
       "int hi, int lo, V value) {\n"
       "  if (lo < 0 || hi >= W || lo > hi) return x;\n  ap_uint<W> v = x;\n"
       "  ap_uint<W> mask = hcl_low_mask<W>(hi - lo + 1);\n"
       "  ap_uint<W> field = ap_uint<W>(value) & mask;\n"
       "  v = (v & ~(mask << lo)) | (field << lo);\n  return (T)v;\n}\n"
       "template <int W, class T> static inline T hcl_bit_reverse(T x) {\n"
       "  ap_uint<W> v = x, r = 0;\n  for (int i = 0; i < W; ++i) r[W - 1 - i] "
       "= (bool)v[i];\n"
       "  return (T)r;\n}\n"},
      {"fixed_bits", "template <int W, class F> static inline ap_uint<W> "
                     "hcl_fixed_bits(const F &x) {\n"
                     "  return x.range(W - 1, 0);\n}\n"},
      {"fixed_from_bits", "template <class F, class B> static inline F "
                          "hcl_fixed_from_bits(const B &bits) {\n"
                          "  F x;\n  x.range() = bits;\n  return x;\n}\n"},
      // Float <-> integer bitcasts through a union, as HLS tools and
      // HeteroCL's C++ write them (g++ defines union type punning).
      {"bitcast_u32_f32", "static inline float hcl_bitcast_u32_f32(uint32_t x) "
                          "{\n  union { uint32_t from; float to;} u;\n"
                          "  u.from = x;\n  return u.to;\n}\n"},
      {"bitcast_f32_u32", "static inline uint32_t hcl_bitcast_f32_u32(float x) "
                          "{\n  union { float from; uint32_t to;} u;\n"
                          "  u.from = x;\n  return u.to;\n}\n"},
      {"bitcast_u64_f64",
       "static inline double hcl_bitcast_u64_f64(uint64_t x) "
       "{\n  union { uint64_t from; double to;} u;\n"
       "  u.from = x;\n  return u.to;\n}\n"},
      {"bitcast_f64_u64",
       "static inline uint64_t hcl_bitcast_f64_u64(double x) "
       "{\n  union { double from; uint64_t to;} u;\n"
       "  u.from = x;\n  return u.to;\n}\n"},
      {"bitcast",
       "template <class To, class From> static inline To hcl_bitcast(From x) "
       "{\n"
       "  To t;\n  std::memcpy(&t, &x, sizeof t);\n  return t;\n}\n"},
      {"roundeven",
       "template <typename T> static inline T hcl_roundeven(T x) {\n"
       "  // math.roundeven: to the nearest integer, halves to even.\n"
       "  T r = std::round(x);\n"
       "  if (std::fabs(r - x) == T(0.5)) r = T(2) * std::round(x / T(2));\n"
       "  return r;\n}\n"},
      {"fptoi",
       "template <typename T> static inline T hcl_fptoi(double x, double lo, "
       "double hi) {\n"
       "  // arith.fptosi / fptoui truncate toward zero; outside [lo, hi) and\n"
       "  // for NaN the IR's result is poison (C++'s undefined): 0 here.\n"
       "  double t = std::trunc(x);\n"
       "  return t >= lo && t < hi ? T(t) : T(0);\n}\n"},
      {"bitcount",
       "// math.ctlz / cttz / ctpop on the W bits of x (an unsigned type).\n"
       "template <int W, typename U> static inline int hcl_ctlz(U x) {\n"
       "  int n = 0;\n  for (int i = W - 1; i >= 0 && !((x >> i) & 1); --i) "
       "++n;\n"
       "  return n;\n}\n"
       "template <int W, typename U> static inline int hcl_cttz(U x) {\n"
       "  int n = 0;\n  for (int i = 0; i < W && !((x >> i) & 1); ++i) ++n;\n"
       "  return n;\n}\n"
       "template <int W, typename U> static inline int hcl_ctpop(U x) {\n"
       "  int n = 0;\n  for (int i = 0; i < W; ++i) n += (int)((x >> i) & 1);\n"
       "  return n;\n}\n"},
      {"ipowi",
       "template <typename T> static inline T hcl_ipowi(T base, T exp) {\n"
       "  // math.ipowi: negative exponents give 0 except for |base| == 1.\n"
       "  if (exp < 0) return base == 1 ? T(1) : base == T(-1) ? ((exp & 1) ? "
       "T(-1) : T(1)) : T(0);\n"
       "  T result = 1;\n  for (; exp > 0; exp >>= 1, base *= base)\n"
       "    if (exp & 1) result *= base;\n  return result;\n}\n"},
  };
  std::string text;
  for (const std::string &name : helpers)
    text += definitions.at(name) + "\n";
  return text;
}

const char *comparisonOperator(arith::CmpIPredicate predicate) {
  using P = arith::CmpIPredicate;
  switch (predicate) {
  case P::eq:
    return "==";
  case P::ne:
    return "!=";
  case P::slt:
  case P::ult:
    return "<";
  case P::sle:
  case P::ule:
    return "<=";
  case P::sgt:
  case P::ugt:
    return ">";
  case P::sge:
  case P::uge:
    return ">=";
  }
  return "==";
}

bool isUnsignedComparison(arith::CmpIPredicate predicate) {
  using P = arith::CmpIPredicate;
  return llvm::is_contained({P::ult, P::ule, P::ugt, P::uge}, predicate);
}

} // namespace hcl
