//===- ap_fixed.h - arbitrary-precision fixed point for C simulation -*- C++ -*-===//
//
// A small stand-in for the vendor's ap_fixed.h, used ONLY for hcl's C
// simulation with g++ when Vitis HLS is not installed. Written from the
// documented semantics (UG1399, "Arbitrary Precision Data Types"):
//
//  - ap_fixed<W, I, Q, O, N> is a W-bit signed number with I integer bits
//    (including the sign) and F = W - I fractional bits; ap_ufixed is unsigned.
//    I may be negative or larger than W. It is stored as a scaled integer:
//    value = V * 2^-F, with V an ap_int_base<W, S>. 1 <= W <= 1024.
//  - Assigning or constructing from any value (another ap_[u]fixed, ap_[u]int,
//    a C++ integer, float or double) applies the target's quantization mode Q
//    to the bits below its LSB, then its overflow mode O (with N saturation
//    bits for AP_WRAP) to the bits above its MSB. Modes: see ap_q_mode and
//    ap_o_mode in ap_int.h.
//  - + - * / return a full-precision type: a + b has max(F1, F2) fractional
//    bits and one more integer bit than the wider operand, a * b has W1 + W2
//    bits and I1 + I2 integer bits, and subtraction is signed. No quantization
//    or overflow happens until the result is assigned. Division is the
//    exception: like the vendor's division result type, the quotient keeps
//    only the dividend's F1 fractional bits, truncated toward zero (1.5 / 2.25
//    in ap_fixed<8,4> is 0.625, not 0.6667); widen the dividend for more.
//  - Intermediate results are computed exactly in 1024-bit integers (not in
//    long double, which has only 64 mantissa bits). Their width is capped at
//    1024 bits by dropping integer bits, so a result of one operation on
//    types of up to 512 bits is exact.
//  - An ap_[u]int or C++ integer operand acts as ap_fixed<Wi, Wi> of its own
//    width and signedness. A float or double operand converts the fixed value
//    to double (implicit conversion): the operation is done in floating point.
//  - Comparisons compare exact values. Shifts (<<, >>) shift the stored bits
//    and keep the type, like ap_int.
//  - to_int() etc. truncate toward zero, like a C cast from double; so does
//    assigning to an ap_[u]int.
//  - AP_WRAP_SM is supported for ap_fixed with N = 0; with N > 0 or on
//    ap_ufixed it stops compilation with a static_assert.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_HLS_AP_FIXED_H
#define HCL_HLS_AP_FIXED_H

#include "ap_int.h"

namespace ap_detail {

/// An intermediate fixed-point type, its width capped at 1024 bits by dropping
/// integer bits (the fraction stays exact).
template <int W, int I, bool S>
using fixed_result =
    ap_fixed_base<cap(W), I - (W - cap(W)), S, AP_TRN, AP_WRAP, 0>;

/// The result types of ap_fixed_base<W1,I1,S1,...> OP ap_fixed_base<W2,I2,S2,...>.
/// i1/i2 are the integer widths once both share the result's signedness.
template <int W1, int I1, bool S1, int W2, int I2, bool S2> struct frtype {
  static constexpr int F1 = W1 - I1, F2 = W2 - I2;
  static constexpr int i1 = I1 + (S2 && !S1), i2 = I2 + (S1 && !S2);
  static constexpr int addF = max_(F1, F2), addI = max_(i1, i2) + 1;
  typedef fixed_result<addI + addF, addI, S1 || S2> plus;
  typedef fixed_result<addI + addF, addI, true> minus;
  typedef fixed_result<W1 + W2, I1 + I2, S1 || S2> mult;
  // The quotient keeps the dividend's fractional bits (F1 when F2 >= 0).
  typedef fixed_result<W1 + max_(F2, 0) + S2, I1 + F2 + S2, S1 || S2> div;
};

// The raw result of an operation with f fractional bits (exact modulo 2^1024).
inline raw_t add_raw(const xval &a, const xval &b, int f) {
  return shl(a.raw, f - a.frac) + shl(b.raw, f - b.frac);
}
inline raw_t sub_raw(const xval &a, const xval &b, int f) {
  return shl(a.raw, f - a.frac) - shl(b.raw, f - b.frac);
}
inline raw_t mul_raw(const xval &a, const xval &b, int) { return a.raw * b.raw; }
/// (a.raw * 2^max(F2, 0)) / b.raw, truncated toward zero: the quotient with
/// the dividend's fractional bits.
inline raw_t div_fixed_raw(const xval &a, const xval &b, int) {
  xval n = {shl(a.raw, max_(b.frac, 0)), a.neg, 0};
  return div_raw(n, b);
}

} // namespace ap_detail

/// The common base of ap_fixed (S = true) and ap_ufixed (S = false); also the
/// type of intermediate results.
template <int W, int I, bool S, ap_q_mode Q, ap_o_mode O, int N>
class ap_fixed_base {
  static_assert(W >= 1, "ap_fixed/ap_ufixed: the width W must be at least 1");
  static_assert(W <= ap_detail::kMaxWidth,
                "ap_fixed/ap_ufixed: this C-simulation ap_fixed.h supports "
                "widths up to 1024 bits only");
  static_assert(N >= 0, "ap_fixed/ap_ufixed: N must not be negative");
  static_assert(O != AP_WRAP_SM || (S && N == 0),
                "ap_fixed/ap_ufixed: this C-simulation ap_fixed.h supports "
                "AP_WRAP_SM only on signed ap_fixed with N = 0");

public:
  typedef ap_detail::raw_t raw_t;
  static const int width = W, iwidth = I;
  static const ap_q_mode qmode = Q;
  static const ap_o_mode omode = O;
  /// Fractional bits: the value is V * 2^-F.
  static const int F = W - I;

  /// The scaled integer.
  ap_int_base<W, S> V;

  ap_fixed_base() {}
  template <int W2, int I2, bool S2, ap_q_mode Q2, ap_o_mode O2, int N2>
  ap_fixed_base(const ap_fixed_base<W2, I2, S2, Q2, O2, N2> &o) {
    assign(o.xv());
  }
  template <int W2, bool S2> ap_fixed_base(const ap_int_base<W2, S2> &o) {
    assign(o.xv());
  }
  template <class T, AP_IF_INTEGRAL(T)> ap_fixed_base(T v) {
    assign(ap_detail::as_ap(v).xv());
  }
  ap_fixed_base(double d) { assign(ap_detail::from_double(d)); }
  template <int W2, bool S2> ap_fixed_base(const ap_bit_ref<W2, S2> &b) {
    assign(ap_int_base<1, false>(b).xv());
  }
  template <int W2, bool S2> ap_fixed_base(const ap_range_ref<W2, S2> &r) {
    assign(r.get().xv());
  }

  /// A value from raw bits (no quantization; wrapped to W bits).
  static ap_fixed_base from_raw(raw_t b) {
    ap_fixed_base r;
    r.V.assign_bits(b);
    return r;
  }
  /// Stores an exact value: quantization Q, then overflow O.
  void assign(const ap_detail::xval &v) {
    V.assign_bits(ap_detail::fit(v, W, F, S, Q, O, N));
  }
  ap_detail::xval xv() const {
    return ap_detail::xval{V.bits(), V.is_neg(), F};
  }

  // Conversions. The integer ones truncate toward zero, then wrap like a C
  // cast.
  double to_double() const { return ap_detail::to_double(xv()); }
  float to_float() const { return ap_detail::to_float(xv()); }
  operator double() const { return to_double(); }
  ap_int_base<ap_detail::cap(ap_detail::max_(I, 1)), S> to_ap_int_base() const {
    return *this;
  }
  int to_int() const { return integer().to_int(); }
  unsigned to_uint() const { return integer().to_uint(); }
  long to_long() const { return integer().to_long(); }
  unsigned long to_ulong() const { return integer().to_ulong(); }
  long long to_int64() const { return integer().to_int64(); }
  unsigned long long to_uint64() const { return integer().to_uint64(); }
  bool to_bool() const { return !V.iszero(); }
  int length() const { return W; }

  // The stored bits, as for ap_int.
  ap_bit_ref<W, S> operator[](int i) { return V[i]; }
  bool operator[](int i) const { return V[i]; }
  bool get_bit(int i) const { return V.get_bit(i); }
  void set_bit(int i, bool b) { V.set_bit(i, b); }
  ap_range_ref<W, S> range(int hi, int lo) { return V.range(hi, lo); }
  ap_range_ref<W, S> range() { return V.range(); }
  ap_range_ref<W, S> operator()(int hi, int lo) { return V.range(hi, lo); }
  ap_int_base<W, false> range(int hi, int lo) const { return V.range(hi, lo); }
  ap_int_base<W, false> range() const { return V.range(); }
  ap_int_base<W, false> operator()(int hi, int lo) const {
    return V.range(hi, lo);
  }

  // Unary operators: -x is one bit wider and signed.
  ap_fixed_base operator+() const { return *this; }
  ap_detail::fixed_result<W + 1, I + 1, true> operator-() const {
    return ap_detail::fixed_result<W + 1, I + 1, true>::from_raw(-V.bits());
  }
  bool operator!() const { return V.iszero(); }

  // Increments and compound assignments: exact result, then Q and O.
  ap_fixed_base &operator++() { return *this = *this + 1; }
  ap_fixed_base &operator--() { return *this = *this - 1; }
  ap_fixed_base operator++(int) {
    ap_fixed_base old = *this;
    ++*this;
    return old;
  }
  ap_fixed_base operator--(int) {
    ap_fixed_base old = *this;
    --*this;
    return old;
  }
  template <class T> ap_fixed_base &operator+=(const T &o) { return *this = *this + o; }
  template <class T> ap_fixed_base &operator-=(const T &o) { return *this = *this - o; }
  template <class T> ap_fixed_base &operator*=(const T &o) { return *this = *this * o; }
  template <class T> ap_fixed_base &operator/=(const T &o) { return *this = *this / o; }
  template <class T> ap_fixed_base &operator<<=(const T &o) { return *this = *this << o; }
  template <class T> ap_fixed_base &operator>>=(const T &o) { return *this = *this >> o; }

  /// Shifts of the stored bits, keeping the type (bits shifted out are lost).
  ap_fixed_base shl(int d) const { return from_raw(V.shl(d).bits()); }
  ap_fixed_base shr(int d) const { return from_raw(V.shr(d).bits()); }

private:
  ap_int_base<ap_detail::kMaxWidth, true> integer() const { return *this; }
};

namespace ap_detail {
/// An ap_[u]int as the fixed-point type with no fractional bits.
template <int W, bool S>
ap_fixed_base<W, W, S, AP_TRN, AP_WRAP, 0> as_fixed(const ap_int_base<W, S> &v) {
  return ap_fixed_base<W, W, S, AP_TRN, AP_WRAP, 0>::from_raw(v.bits());
}
template <class T, AP_IF_INTEGRAL(T)>
auto as_fixed(T v) -> decltype(as_fixed(as_ap(v))) {
  return as_fixed(as_ap(v));
}
} // namespace ap_detail

/// ap_fixed<W, I, Q, O, N>: signed fixed point.
template <int W, int I, ap_q_mode Q = AP_TRN, ap_o_mode O = AP_WRAP, int N = 0>
class ap_fixed : public ap_fixed_base<W, I, true, Q, O, N> {
  typedef ap_fixed_base<W, I, true, Q, O, N> Base;

public:
  ap_fixed() {}
  template <class T, typename std::enable_if<
                         std::is_constructible<Base, const T &>::value,
                         int>::type = 0>
  ap_fixed(const T &v) : Base(v) {}
};

/// ap_ufixed<W, I, Q, O, N>: unsigned fixed point.
template <int W, int I, ap_q_mode Q = AP_TRN, ap_o_mode O = AP_WRAP, int N = 0>
class ap_ufixed : public ap_fixed_base<W, I, false, Q, O, N> {
  typedef ap_fixed_base<W, I, false, Q, O, N> Base;

public:
  ap_ufixed() {}
  template <class T, typename std::enable_if<
                         std::is_constructible<Base, const T &>::value,
                         int>::type = 0>
  ap_ufixed(const T &v) : Base(v) {}
};

#define AP_FIXED_PARAMS(n)                                                     \
  int W##n, int I##n, bool S##n, ap_q_mode Q##n, ap_o_mode O##n, int N##n
#define AP_FIXED_TYPE(n) ap_fixed_base<W##n, I##n, S##n, Q##n, O##n, N##n>

// Arithmetic: between two fixed-point operands the full-precision type
// frtype<...>::KIND; an ap_[u]int or C++ integer operand first becomes a
// fixed-point type with no fractional bits (ap_detail::as_fixed).
#define AP_FIXED_BINARY_OP(OP, KIND, FN)                                       \
  template <AP_FIXED_PARAMS(1), AP_FIXED_PARAMS(2)>                            \
  typename ap_detail::frtype<W1, I1, S1, W2, I2, S2>::KIND operator OP(        \
      const AP_FIXED_TYPE(1) & a, const AP_FIXED_TYPE(2) & b) {                \
    typedef typename ap_detail::frtype<W1, I1, S1, W2, I2, S2>::KIND R;        \
    return R::from_raw(ap_detail::FN(a.xv(), b.xv(), R::F));                   \
  }                                                                            \
  template <AP_FIXED_PARAMS(1), int W2, bool S2>                               \
  auto operator OP(const AP_FIXED_TYPE(1) & a, const ap_int_base<W2, S2> &b)   \
      ->decltype(a OP ap_detail::as_fixed(b)) {                                \
    return a OP ap_detail::as_fixed(b);                                        \
  }                                                                            \
  template <int W1, bool S1, AP_FIXED_PARAMS(2)>                               \
  auto operator OP(const ap_int_base<W1, S1> &a, const AP_FIXED_TYPE(2) & b)   \
      ->decltype(ap_detail::as_fixed(a) OP b) {                                \
    return ap_detail::as_fixed(a) OP b;                                        \
  }                                                                            \
  template <AP_FIXED_PARAMS(1), class T, AP_IF_INTEGRAL(T)>                    \
  auto operator OP(const AP_FIXED_TYPE(1) & a, T b)                            \
      ->decltype(a OP ap_detail::as_fixed(b)) {                                \
    return a OP ap_detail::as_fixed(b);                                        \
  }                                                                            \
  template <class T, AP_FIXED_PARAMS(2), AP_IF_INTEGRAL(T)>                    \
  auto operator OP(T a, const AP_FIXED_TYPE(2) & b)                            \
      ->decltype(ap_detail::as_fixed(a) OP b) {                                \
    return ap_detail::as_fixed(a) OP b;                                        \
  }

AP_FIXED_BINARY_OP(+, plus, add_raw)
AP_FIXED_BINARY_OP(-, minus, sub_raw)
AP_FIXED_BINARY_OP(*, mult, mul_raw)
AP_FIXED_BINARY_OP(/, div, div_fixed_raw)
#undef AP_FIXED_BINARY_OP

// Comparisons of exact values.
#define AP_FIXED_COMPARE_OP(OP)                                                \
  template <AP_FIXED_PARAMS(1), AP_FIXED_PARAMS(2)>                            \
  bool operator OP(const AP_FIXED_TYPE(1) & a, const AP_FIXED_TYPE(2) & b) {   \
    return ap_detail::compare(a.xv(), b.xv()) OP 0;                            \
  }                                                                            \
  template <AP_FIXED_PARAMS(1), int W2, bool S2>                               \
  bool operator OP(const AP_FIXED_TYPE(1) & a, const ap_int_base<W2, S2> &b) { \
    return ap_detail::compare(a.xv(), b.xv()) OP 0;                            \
  }                                                                            \
  template <int W1, bool S1, AP_FIXED_PARAMS(2)>                               \
  bool operator OP(const ap_int_base<W1, S1> &a, const AP_FIXED_TYPE(2) & b) { \
    return ap_detail::compare(a.xv(), b.xv()) OP 0;                            \
  }                                                                            \
  template <AP_FIXED_PARAMS(1), class T, AP_IF_INTEGRAL(T)>                    \
  bool operator OP(const AP_FIXED_TYPE(1) & a, T b) {                          \
    return ap_detail::compare(a.xv(), ap_detail::as_ap(b).xv()) OP 0;          \
  }                                                                            \
  template <class T, AP_FIXED_PARAMS(2), AP_IF_INTEGRAL(T)>                    \
  bool operator OP(T a, const AP_FIXED_TYPE(2) & b) {                          \
    return ap_detail::compare(ap_detail::as_ap(a).xv(), b.xv()) OP 0;          \
  }

AP_FIXED_COMPARE_OP(==)
AP_FIXED_COMPARE_OP(!=)
AP_FIXED_COMPARE_OP(<)
AP_FIXED_COMPARE_OP(<=)
AP_FIXED_COMPARE_OP(>)
AP_FIXED_COMPARE_OP(>=)
#undef AP_FIXED_COMPARE_OP

// Shifts of the stored bits; a negative amount shifts the other way.
template <AP_FIXED_PARAMS(1), int W2, bool S2>
AP_FIXED_TYPE(1) operator<<(const AP_FIXED_TYPE(1) & a,
                            const ap_int_base<W2, S2> &n) {
  return a.shl(ap_detail::shift_amount(n.bits(), n.is_neg()));
}
template <AP_FIXED_PARAMS(1), int W2, bool S2>
AP_FIXED_TYPE(1) operator>>(const AP_FIXED_TYPE(1) & a,
                            const ap_int_base<W2, S2> &n) {
  return a.shr(ap_detail::shift_amount(n.bits(), n.is_neg()));
}
template <AP_FIXED_PARAMS(1), class T, AP_IF_INTEGRAL(T)>
AP_FIXED_TYPE(1) operator<<(const AP_FIXED_TYPE(1) & a, T n) {
  return a << ap_detail::as_ap(n);
}
template <AP_FIXED_PARAMS(1), class T, AP_IF_INTEGRAL(T)>
AP_FIXED_TYPE(1) operator>>(const AP_FIXED_TYPE(1) & a, T n) {
  return a >> ap_detail::as_ap(n);
}

/// Prints the value as a double (the stream's precision applies).
template <AP_FIXED_PARAMS(1)>
std::ostream &operator<<(std::ostream &os, const AP_FIXED_TYPE(1) & x) {
  return os << x.to_double();
}

/// Reads a double and assigns it (quantization and overflow apply).
template <AP_FIXED_PARAMS(1)>
std::istream &operator>>(std::istream &is, AP_FIXED_TYPE(1) & x) {
  double d;
  if (is >> d)
    x = d;
  return is;
}

#undef AP_FIXED_PARAMS
#undef AP_FIXED_TYPE

#endif // HCL_HLS_AP_FIXED_H
