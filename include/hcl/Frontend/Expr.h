//===- Expr.h - expressions of the hcl C++ API ------------------*- C++ -*-===//
//
// The right-hand side of a compute: index variables, tensor reads, constants,
// arithmetic, comparisons, select, casts, math functions and reductions.
// Expressions are immutable trees shared by value.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_FRONTEND_EXPR_H
#define HCL_FRONTEND_EXPR_H

#include "hcl/Frontend/Type.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace hcl {

struct ExprNode;
struct TensorNode;

class Expr {
public:
  Expr(int value);
  Expr(int64_t value);
  Expr(double value);
  Expr(float value);
  explicit Expr(std::shared_ptr<const ExprNode> node);

  Type type() const;
  const std::shared_ptr<const ExprNode> &node() const { return impl; }

  /// Bit `bit` of an integer (HeteroCL's x[i]): UInt(1); 0 when `bit` is
  /// outside the integer at run time. A constant `bit` outside it is an
  /// hcl::Error.
  Expr operator[](const Expr &bit) const;
  /// Bits hi..lo of an integer, both inclusive (ap_int's range(hi, lo)
  /// order; HeteroCL's Python x[lo:hi + 1]), moved down: UInt of
  /// hi - lo + 1 bits when both are constants, else of the value's width;
  /// 0 unless 0 <= lo <= hi < width. Constant bounds outside that are an
  /// hcl::Error.
  Expr slice(const Expr &hi, const Expr &lo) const;

private:
  std::shared_ptr<const ExprNode> impl;
};

/// An index variable: a loop of a compute stage, or a reduction axis.
class Var : public Expr {
public:
  explicit Var(std::shared_ptr<const ExprNode> node);
  const std::string &name() const;
  /// For reduction axes: the range [lo, hi).
  int64_t lo() const;
  int64_t hi() const;
  bool isReduceAxis() const;
};

/// A reduction axis over [lo, hi) for sum / reduce_max / reduce_min
/// (HeteroCL's hcl.reduce_axis). The loop it becomes is named `name`
/// ("r0", "r1", ... when empty).
Var reduce_axis(int64_t lo, int64_t hi, const std::string &name = "");

Expr operator+(const Expr &a, const Expr &b);
Expr operator-(const Expr &a, const Expr &b);
Expr operator*(const Expr &a, const Expr &b);
/// Integer division rounds toward negative infinity on index expressions
/// (floordiv, as affine maps do) and toward zero on values (as C does).
Expr operator/(const Expr &a, const Expr &b);
Expr operator%(const Expr &a, const Expr &b);
Expr operator-(const Expr &a);
Expr operator==(const Expr &a, const Expr &b);
Expr operator!=(const Expr &a, const Expr &b);
Expr operator<(const Expr &a, const Expr &b);
Expr operator<=(const Expr &a, const Expr &b);
Expr operator>(const Expr &a, const Expr &b);
Expr operator>=(const Expr &a, const Expr &b);
Expr operator&&(const Expr &a, const Expr &b);
Expr operator||(const Expr &a, const Expr &b);
Expr operator!(const Expr &a);

/// cond ? a : b (HeteroCL's hcl.select).
Expr select(const Expr &cond, const Expr &a, const Expr &b);
/// Converts to `type` (HeteroCL's hcl.cast).
Expr cast(Type type, const Expr &value);
/// The bits of `value` as `type` of the same width (int <-> float <-> fixed).
Expr bitcast(Type type, const Expr &value);
/// `value` with bit `bit` set to `bitValue` (HeteroCL's x[i] = b inside an
/// update): unchanged when `bit` is out of range at run time; a constant
/// `bit` out of range is an hcl::Error.
Expr set_bit(const Expr &value, const Expr &bit, const Expr &bitValue);
/// `value` with bits hi..lo (both inclusive, as slice) replaced by the low
/// bits of `bits` (HeteroCL's x[lo:hi + 1] = v).
Expr set_slice(const Expr &value, const Expr &hi, const Expr &lo,
               const Expr &bits);
/// `value` with its bits in reverse order.
Expr bit_reverse(const Expr &value);

Expr exp(const Expr &x);
Expr log(const Expr &x);
Expr sqrt(const Expr &x);
Expr abs(const Expr &x);
Expr pow(const Expr &x, const Expr &y);
Expr min(const Expr &a, const Expr &b);
Expr max(const Expr &a, const Expr &b);

/// Float math (an integer operand is converted to Float(32) first).
Expr tanh(const Expr &x);
Expr erf(const Expr &x);
Expr floor(const Expr &x);
Expr ceil(const Expr &x);
/// Rounds halfway cases to even (IEEE roundeven; ONNX's Round).
Expr round(const Expr &x);
Expr sin(const Expr &x);
Expr cos(const Expr &x);
Expr tan(const Expr &x);
Expr asin(const Expr &x);
Expr acos(const Expr &x);
Expr atan(const Expr &x);
Expr sinh(const Expr &x);
Expr cosh(const Expr &x);
Expr asinh(const Expr &x);
Expr acosh(const Expr &x);
Expr atanh(const Expr &x);
/// UInt(1): x is a NaN / an infinity (of either sign).
Expr isnan(const Expr &x);
Expr isinf(const Expr &x);

/// Bitwise operations on integers (both operands meet in one type, as for
/// arithmetic). Shifts by the width or more give 0 (>> of a negative signed
/// value: -1); >> is arithmetic for signed types and logical for unsigned.
Expr operator&(const Expr &a, const Expr &b);
Expr operator|(const Expr &a, const Expr &b);
Expr operator^(const Expr &a, const Expr &b);
Expr operator~(const Expr &a);
Expr operator<<(const Expr &a, const Expr &b);
Expr operator>>(const Expr &a, const Expr &b);

/// Reductions over `axes` (HeteroCL's hcl.sum, hcl.max, hcl.min); the
/// accumulator has `dtype` (default: the body's type).
Expr sum(const Expr &body, const std::vector<Var> &axes,
         std::optional<Type> dtype = std::nullopt);
Expr reduce_max(const Expr &body, const std::vector<Var> &axes,
                std::optional<Type> dtype = std::nullopt);
Expr reduce_min(const Expr &body, const std::vector<Var> &axes,
                std::optional<Type> dtype = std::nullopt);

/// A user-defined reduction (HeteroCL's hcl.reducer): an accumulator of
/// `dtype` starts at `init` (evaluated before the reduction loops) and, at
/// every point of `axes`, becomes `combine(acc)`, converted to `dtype`.
/// `combine` receives the accumulator's current value and returns the
/// expression of the new one (it reads the reduced body itself).
Expr reduce_with(const Expr &init, const std::function<Expr(Expr)> &combine,
                 const std::vector<Var> &axes, Type dtype);

} // namespace hcl

#endif // HCL_FRONTEND_EXPR_H
