//===- ap_int.h - arbitrary-precision integers for C simulation -*- C++ -*-===//
//
// A small stand-in for the vendor's ap_int.h, used ONLY to compile and run the
// C simulation of hcl's HLS C++ with g++ when Vitis HLS is not installed. It is
// written from the documented semantics (Vitis HLS user guide UG1399,
// "Arbitrary Precision Data Types"), not from the vendor's sources:
//
//  - ap_int<W> is a W-bit two's complement integer, ap_uint<W> a W-bit
//    unsigned one, 1 <= W <= 1024 (a wider W stops compilation with a
//    static_assert).
//  - Every assignment, construction and compound assignment wraps the value
//    to W bits: the bits above W are dropped, with no saturation.
//  - A binary operator returns a type wide enough for the exact result (for
//    example W1 + W2 bits for *), so `int c = a * b;` sees the whole product;
//    the value is wrapped only when it is stored into a narrower variable.
//    Subtraction is always signed (3u - 5u is -2). These intermediate widths
//    are capped at 1024 bits: past that the result wraps modulo 2^1024, where
//    the vendor's types would keep growing.
//  - A C++ integer in a mixed expression acts as an ap type of its own width
//    and signedness: int is ap_int<32>, unsigned long ap_uint<64>, bool
//    ap_uint<1>. Comparisons between any of these compare exact values, so
//    ap_uint<32>(1) > -1 is true.
//  - Shifts keep the type of the left operand: bits shifted out are lost
//    (ap_uint<8>(0x41) << 4 is 0x10). A negative shift amount shifts the other
//    way. >> is arithmetic for signed types and logical for unsigned ones.
//  - Division truncates toward zero and % takes the sign of the dividend, as in
//    C; ap_int divides as signed, ap_uint as unsigned, and a mix divides the
//    exact values (ap_uint<8>(200) / ap_int<8>(-2) is -100). Dividing by zero
//    traps like native integer division.
//  - Conversion from float/double truncates toward zero, then wraps; NaN gives
//    0. Conversion to C++ integers is implicit (to int/unsigned up to 32 bits,
//    long long/unsigned long long above) and wraps like a C cast.
//  - x[i] reads or writes one bit; x.range(hi, lo) and x(hi, lo) read or write
//    bits hi..lo (reversed when hi < lo) and read as an unsigned value.
//
// The quantization and overflow modes of ap_fixed are declared here because
// the conversions between the two families share one rounding routine
// (ap_detail::fit). Intermediate values are computed in 1024-bit integers
// (ap_detail::raw_t, 16 words with modulo arithmetic), so every result of one
// operation on types of up to 512 bits is exact.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_HLS_AP_INT_H
#define HCL_HLS_AP_INT_H

#include <cassert>
#include <climits>
#include <cmath>
#include <cstdint>
#include <istream>
#include <ostream>
#include <string>
#include <type_traits>

/// Quantization modes: what happens to the bits below the LSB of the target.
enum ap_q_mode {
  AP_RND,         // round to nearest, ties toward plus infinity
  AP_RND_ZERO,    // round to nearest, ties toward zero
  AP_RND_MIN_INF, // round to nearest, ties toward minus infinity
  AP_RND_INF,     // round to nearest, ties away from zero
  AP_RND_CONV,    // round to nearest, ties to even (convergent)
  AP_TRN,         // truncate toward minus infinity (the default)
  AP_TRN_ZERO     // truncate toward zero
};

/// Overflow modes: what happens when the value does not fit in the target.
enum ap_o_mode {
  AP_SAT,      // saturate to the maximum or the minimum
  AP_SAT_ZERO, // overflow gives zero
  AP_SAT_SYM,  // saturate to the maximum or to -maximum (0 if unsigned)
  AP_WRAP,     // keep the low bits (the default); N bits saturated if N > 0
  AP_WRAP_SM   // sign-magnitude wrap
};

template <int W, bool S> class ap_int_base;
template <int W, bool S> class ap_bit_ref;
template <int W, bool S> class ap_range_ref;
template <int W, int I, bool S, ap_q_mode Q, ap_o_mode O, int N>
class ap_fixed_base;

namespace ap_detail {

/// The raw bits of every intermediate value: a kRawBits-bit unsigned integer
/// with modulo arithmetic, as unsigned __int128 was for 128 bits. Division
/// by zero traps, as native integer division does.
class raw_t {
public:
  static const int kWords = 16;
  uint64_t w[kWords];

  raw_t() { clear(); }
  template <class T, typename std::enable_if<std::is_integral<T>::value, int>::type = 0>
  raw_t(T v) {
    // A negative value sign-extends through every word.
    bool negative = std::is_signed<T>::value && !std::is_same<T, bool>::value &&
                    v < T(0);
    w[0] = static_cast<uint64_t>(static_cast<long long>(v));
    if (!std::is_signed<T>::value)
      w[0] = static_cast<uint64_t>(v);
    for (int i = 1; i < kWords; ++i)
      w[i] = negative ? ~uint64_t(0) : 0;
  }
  template <class T, typename std::enable_if<std::is_integral<T>::value &&
                                                 !std::is_same<T, bool>::value,
                                             int>::type = 0>
  explicit operator T() const { return static_cast<T>(w[0]); }
  explicit operator bool() const { return !is_zero(); }
  explicit operator double() const { return to_floating<double>(); }
  explicit operator float() const { return to_floating<float>(); }

  bool is_zero() const {
    for (int i = 0; i < kWords; ++i)
      if (w[i])
        return false;
    return true;
  }
  /// The index of the highest set bit, -1 for 0.
  int top_bit() const {
    for (int i = kWords - 1; i >= 0; --i)
      if (w[i])
        return 64 * i + 63 - __builtin_clzll(w[i]);
    return -1;
  }
  bool bit(int k) const { return (w[k / 64] >> (k % 64)) & 1; }

  friend raw_t operator~(const raw_t &a) {
    raw_t r;
    for (int i = 0; i < kWords; ++i)
      r.w[i] = ~a.w[i];
    return r;
  }
  friend raw_t operator-(const raw_t &a) { return ~a + raw_t(1); }
  friend raw_t operator+(const raw_t &a, const raw_t &b) {
    raw_t r;
    uint64_t carry = 0;
    for (int i = 0; i < kWords; ++i) {
      uint64_t s = a.w[i] + carry;
      uint64_t c1 = s < carry;
      r.w[i] = s + b.w[i];
      carry = c1 | (r.w[i] < s);
    }
    return r;
  }
  friend raw_t operator-(const raw_t &a, const raw_t &b) { return a + -b; }
  friend raw_t operator*(const raw_t &a, const raw_t &b) {
    raw_t r;
    int na = a.used_words(), nb = b.used_words();
    for (int i = 0; i < na; ++i) {
      __extension__ typedef unsigned __int128 u128;
      u128 carry = 0;
      for (int j = 0; j < nb && i + j < kWords; ++j) {
        u128 t = (u128)a.w[i] * b.w[j] + r.w[i + j] + carry;
        r.w[i + j] = (uint64_t)t;
        carry = t >> 64;
      }
      if (i + nb < kWords)
        r.w[i + nb] += (uint64_t)carry;
    }
    // Words above the used ones of a negative (all-ones) operand matter too:
    // used_words counts every non-zero word, so nothing is skipped.
    return r;
  }
  friend raw_t operator/(const raw_t &a, const raw_t &b) {
    raw_t q, r;
    divide(a, b, q, r);
    return q;
  }
  friend raw_t operator%(const raw_t &a, const raw_t &b) {
    raw_t q, r;
    divide(a, b, q, r);
    return r;
  }
  friend raw_t operator<<(const raw_t &a, int d) {
    raw_t r;
    if (d >= kWords * 64 || d < 0)
      return r;
    int words = d / 64, bits = d % 64;
    for (int i = kWords - 1; i >= words; --i) {
      uint64_t v = a.w[i - words] << bits;
      if (bits && i - words - 1 >= 0)
        v |= a.w[i - words - 1] >> (64 - bits);
      r.w[i] = v;
    }
    return r;
  }
  friend raw_t operator>>(const raw_t &a, int d) {
    raw_t r;
    if (d >= kWords * 64 || d < 0)
      return r;
    int words = d / 64, bits = d % 64;
    for (int i = 0; i + words < kWords; ++i) {
      uint64_t v = a.w[i + words] >> bits;
      if (bits && i + words + 1 < kWords)
        v |= a.w[i + words + 1] << (64 - bits);
      r.w[i] = v;
    }
    return r;
  }
#define HCL_RAW_BITWISE(OP)                                                    \
  friend raw_t operator OP(const raw_t &a, const raw_t &b) {                  \
    raw_t r;                                                                   \
    for (int i = 0; i < kWords; ++i)                                           \
      r.w[i] = a.w[i] OP b.w[i];                                               \
    return r;                                                                  \
  }
  HCL_RAW_BITWISE(&)
  HCL_RAW_BITWISE(|)
  HCL_RAW_BITWISE(^)
#undef HCL_RAW_BITWISE
  friend bool operator==(const raw_t &a, const raw_t &b) {
    for (int i = 0; i < kWords; ++i)
      if (a.w[i] != b.w[i])
        return false;
    return true;
  }
  friend bool operator!=(const raw_t &a, const raw_t &b) { return !(a == b); }
  friend bool operator<(const raw_t &a, const raw_t &b) {
    for (int i = kWords - 1; i >= 0; --i)
      if (a.w[i] != b.w[i])
        return a.w[i] < b.w[i];
    return false;
  }
  friend bool operator>(const raw_t &a, const raw_t &b) { return b < a; }
  friend bool operator<=(const raw_t &a, const raw_t &b) { return !(b < a); }
  friend bool operator>=(const raw_t &a, const raw_t &b) { return !(a < b); }
  raw_t &operator+=(const raw_t &o) { return *this = *this + o; }
  raw_t &operator-=(const raw_t &o) { return *this = *this - o; }
  raw_t &operator*=(const raw_t &o) { return *this = *this * o; }
  raw_t &operator/=(const raw_t &o) { return *this = *this / o; }
  raw_t &operator%=(const raw_t &o) { return *this = *this % o; }
  raw_t &operator&=(const raw_t &o) { return *this = *this & o; }
  raw_t &operator|=(const raw_t &o) { return *this = *this | o; }
  raw_t &operator^=(const raw_t &o) { return *this = *this ^ o; }
  raw_t &operator<<=(int d) { return *this = *this << d; }
  raw_t &operator>>=(int d) { return *this = *this >> d; }

private:
  void clear() {
    for (int i = 0; i < kWords; ++i)
      w[i] = 0;
  }
  int used_words() const {
    for (int i = kWords - 1; i >= 0; --i)
      if (w[i])
        return i + 1;
    return 0;
  }
  /// Unsigned long division: a 64-bit divisor word by word, else bit by bit.
  static void divide(const raw_t &a, const raw_t &b, raw_t &q, raw_t &r) {
    if (b.is_zero())
      __builtin_trap(); // as native division by zero
    q = raw_t();
    r = raw_t();
    if (b.used_words() == 1) {
      __extension__ typedef unsigned __int128 u128;
      u128 rem = 0;
      for (int i = a.used_words() - 1; i >= 0; --i) {
        u128 cur = (rem << 64) | a.w[i];
        q.w[i] = (uint64_t)(cur / b.w[0]);
        rem = cur % b.w[0];
      }
      r.w[0] = (uint64_t)rem;
      return;
    }
    for (int k = a.top_bit(); k >= 0; --k) {
      r = r << 1;
      r.w[0] |= a.bit(k) ? 1 : 0;
      if (r >= b) {
        r = r - b;
        q.w[k / 64] |= uint64_t(1) << (k % 64);
      }
    }
  }
  /// Rounds to nearest, ties to even: the top 64 significant bits with every
  /// lower bit ORed into the last (a sticky bit) convert as the whole would.
  template <class F> F to_floating() const {
    int top = top_bit();
    if (top < 64)
      return static_cast<F>(w[0]);
    int drop = top - 63;
    raw_t kept = *this >> drop;
    bool sticky = !((*this & ((raw_t(1) << drop) - raw_t(1))).is_zero());
    return std::ldexp(static_cast<F>(kept.w[0] | (sticky ? 1 : 0)), drop);
  }
};


/// The widest type supported, and the cap on intermediate results.
const int kMaxWidth = raw_t::kWords * 64;

constexpr int max_(int a, int b) { return a > b ? a : b; }
constexpr int min_(int a, int b) { return a < b ? a : b; }
constexpr int cap(int w) { return w < kMaxWidth ? w : kMaxWidth; }

inline raw_t ones() { return ~raw_t(0); }
/// The low w bits set (0 <= w).
inline raw_t mask(int w) { return w >= kMaxWidth ? ones() : (raw_t(1) << w) - 1; }
/// Shifts that give 0 for d >= kMaxWidth.
inline raw_t shl(raw_t x, int d) { return d >= kMaxWidth ? raw_t(0) : x << d; }
inline raw_t lshr(raw_t x, int d) { return d >= kMaxWidth ? raw_t(0) : x >> d; }

/// The low w bits of x, sign-extended (s) or zero-extended to the raw width.
inline raw_t extend(raw_t x, int w, bool s) {
  if (w >= kMaxWidth)
    return x;
  x &= mask(w);
  if (s && ((x >> (w - 1)) & 1))
    x |= ~mask(w);
  return x;
}

/// An exact value raw * 2^-frac. raw is held as raw_t two's complement bits
/// with an explicit sign, so that an unsigned full-width value keeps its top bit.
struct xval {
  raw_t raw;
  bool neg;
  int frac;
};

/// The magnitude |raw| (exact: -2^127 has magnitude 2^127).
inline raw_t magnitude(const xval &v) { return v.neg ? -v.raw : v.raw; }

/// Bit k of a value; the bits above 127 repeat its sign.
inline bool bit_at(raw_t x, bool neg, int k) {
  return k >= kMaxWidth ? neg : ((x >> k) & 1) != 0;
}

/// Whether any of the bits [0, k) of a value is set.
inline bool low_bits_set(raw_t x, int k) {
  return k > 0 && (x & mask(min_(k, kMaxWidth))) != 0;
}

/// floor(x / 2^d) for d >= 0: an arithmetic shift for negative values.
inline raw_t ashr(raw_t x, bool neg, int d) {
  if (d <= 0)
    return x;
  if (d >= kMaxWidth)
    return neg ? ones() : raw_t(0);
  raw_t r = x >> d;
  return neg ? (r | ~(ones() >> d)) : r;
}

/// A double as an exact value: |d| = m * 2^e with a 53-bit integer m. NaN is 0
/// and infinity a power of two beyond every format (so it saturates or wraps).
inline xval from_double(double d) {
  if (d != d)
    return xval{0, false, 0};
  bool neg = d < 0;
  if (std::isinf(d))
    return xval{neg ? ones() : raw_t(1), neg, -4096};
  int e = 0;
  double m = std::frexp(std::fabs(d), &e); // 0.5 <= m < 1
  raw_t mag = (raw_t)(uint64_t)std::ldexp(m, 53);
  return xval{neg ? -mag : mag, neg, 53 - e};
}

/// The nearest double (and float) of an exact value.
/// The top 64 significant bits of |v| with every lower bit ORed into the
/// last (a sticky bit), and the exponent they carry: they round to float or
/// double exactly as the whole value does, and the scaling never overflows
/// an intermediate (1.5 in ap_fixed<150, 2> is 1.5f, not inf).
inline uint64_t top_bits(const xval &v, int &exponent) {
  raw_t m = magnitude(v);
  int top = m.top_bit();
  int drop = top < 64 ? 0 : top - 63;
  bool sticky = drop > 0 && !(m & ((raw_t(1) << drop) - raw_t(1))).is_zero();
  exponent = drop - v.frac;
  return (uint64_t)(m >> drop) | (sticky ? 1 : 0);
}
inline double to_double(const xval &v) {
  int e = 0;
  double m = (double)top_bits(v, e);
  return std::ldexp(v.neg ? -m : m, e);
}
inline float to_float(const xval &v) {
  int e = 0;
  float m = (float)top_bits(v, e);
  return std::ldexp(v.neg ? -m : m, e);
}

/// Compares ma * 2^-fa with mb * 2^-fb (magnitudes): -1, 0 or 1.
inline int compare_magnitudes(raw_t ma, int fa, raw_t mb, int fb) {
  if (fa < fb)
    return -compare_magnitudes(mb, fb, ma, fa);
  // Scale mb to 2^-fa; if that does not fit in raw_t it is the larger.
  int d = fa - fb;
  if (mb != 0 && (d >= kMaxWidth || mb > (ones() >> d)))
    return -1;
  raw_t sb = shl(mb, d);
  return ma < sb ? -1 : (ma > sb ? 1 : 0);
}

/// Exact comparison of two values: -1, 0 or 1.
inline int compare(const xval &a, const xval &b) {
  if (a.neg != b.neg)
    return a.neg ? -1 : 1;
  int c = compare_magnitudes(magnitude(a), a.frac, magnitude(b), b.frac);
  return a.neg ? -c : c;
}

/// Unsigned division with a 64-bit fast path (the common case).
inline raw_t udiv(raw_t a, raw_t b) {
  if ((a >> 64) == 0 && (b >> 64) == 0)
    return (uint64_t)a / (uint64_t)b;
  return a / b;
}

/// C division of the raw integers: the quotient truncates toward zero...
inline raw_t div_raw(const xval &a, const xval &b) {
  raw_t q = udiv(magnitude(a), magnitude(b));
  return a.neg != b.neg ? -q : q;
}

/// ...and the remainder has the sign of the dividend.
inline raw_t mod_raw(const xval &a, const xval &b) {
  raw_t ma = magnitude(a), mb = magnitude(b);
  raw_t r = ma - udiv(ma, mb) * mb;
  return a.neg ? -r : r;
}

/// Quantization: given a value truncated toward minus infinity at the target
/// LSB, the first dropped bit (half), whether any lower dropped bit is set
/// (sticky) and the kept LSB, whether to add one LSB. A tie is half && !sticky.
inline bool round_up(ap_q_mode q, bool neg, bool half, bool sticky, bool lsb) {
  switch (q) {
  case AP_RND:
    return half;
  case AP_RND_ZERO:
    return half && (neg || sticky);
  case AP_RND_MIN_INF:
    return half && sticky;
  case AP_RND_INF:
    return half && (!neg || sticky);
  case AP_RND_CONV:
    return half && (lsb || sticky);
  case AP_TRN:
    return false;
  case AP_TRN_ZERO:
    return neg && (half || sticky);
  }
  return false;
}

/// AP_WRAP with N > 0: after wrapping, the N most significant bits saturate.
/// Signed: the sign bit keeps the source's sign and the other N-1 bits take
/// its complement, so positive values stay positive and negative ones
/// negative. Unsigned: the N bits become 1 on overflow (0 below zero).
inline raw_t saturate_msbs(raw_t r, int w, bool s, int n, bool neg, bool over) {
  n = min_(n, w);
  raw_t top = mask(n) << (w - n);
  raw_t sign = raw_t(1) << (w - 1);
  raw_t fill = s ? (neg ? sign : (top & ~sign)) : (over ? top : 0);
  return (r & ~top) | fill;
}

/// Converts an exact value to a w-bit number (signed if s) with frac
/// fractional bits: quantization (mode q), then overflow (mode o, n
/// saturation bits). Returns the w result bits.
inline raw_t fit(const xval &v, int w, int frac, bool s, ap_q_mode q,
                ap_o_mode o, int n) {
  // 1. Quantize: afterwards the value is exactly qv * 2^(shift - frac).
  raw_t qv = v.raw;
  bool neg = v.neg;
  int shift = frac - v.frac;
  if (shift < 0) {
    int d = -shift;
    qv = ashr(v.raw, v.neg, d);
    bool half = bit_at(v.raw, v.neg, d - 1);
    bool sticky = low_bits_set(v.raw, d - 1);
    if (round_up(q, v.neg, half, sticky, (qv & 1) != 0))
      qv += 1;
    neg = v.neg && qv != 0;
    shift = 0;
  }
  // 2. Overflow: compare qv * 2^shift with the range of the target.
  const raw_t max_raw = s ? mask(w - 1) : mask(w);
  bool over = false, under = false;
  if (neg) {
    int k = w - 1 - shift; // qv * 2^shift >= -2^(w-1) iff |qv| <= 2^k
    under = !s || k < 0 || -qv > (raw_t(1) << k);
  } else {
    over = qv > lshr(max_raw, shift);
  }
  raw_t wrapped = shl(qv, shift) & mask(w);
  if (!over && !under)
    return wrapped;
  // 3. The overflow mode.
  switch (o) {
  case AP_SAT:
    return over ? max_raw : (s ? raw_t(1) << (w - 1) : 0);
  case AP_SAT_ZERO:
    return 0;
  case AP_SAT_SYM:
    return over ? max_raw : (s ? -max_raw & mask(w) : 0);
  case AP_WRAP:
    return n > 0 ? saturate_msbs(wrapped, w, s, n, neg, over) : wrapped;
  case AP_WRAP_SM: {
    // The lowest dropped bit becomes the sign; if it differs from the kept
    // MSB, the kept bits are inverted (ap_fixed<4,4> 19 -> -4, -19 -> 2).
    bool new_sign = w >= shift && bit_at(qv, neg, w - shift);
    bool msb = ((wrapped >> (w - 1)) & 1) != 0;
    return msb == new_sign ? wrapped : (~wrapped & mask(w));
  }
  }
  return wrapped;
}

/// The ap type a C++ integer behaves as: its own width and signedness.
template <class T> struct c_int {
  static const int width =
      std::is_same<T, bool>::value ? 1 : int(sizeof(T) * CHAR_BIT);
  typedef ap_int_base<width, std::is_signed<T>::value> type;
};

template <class T> typename c_int<T>::type as_ap(T v) {
  return typename c_int<T>::type(v);
}

/// The decimal digits of a value (for printing widths above 64).
inline std::string to_decimal(raw_t raw, bool neg) {
  raw_t m = neg ? -raw : raw;
  std::string s;
  do {
    s.insert(s.begin(), char('0' + int(m % 10)));
    m /= 10;
  } while (m != 0);
  return neg ? "-" + s : s;
}

/// A shift amount in [-kMaxWidth, kMaxWidth] (larger ones shift everything
/// out).
inline int shift_amount(raw_t raw, bool neg) {
  raw_t m = neg ? -raw : raw;
  int d = m > kMaxWidth ? kMaxWidth : int(m);
  return neg ? -d : d;
}

/// The result types of binary operators on ap_int_base<W1,S1> and
/// ap_int_base<W2,S2>: wide enough for the exact value (capped at 1024 bits).
/// w1/w2 are the operand widths once both share the result's signedness (an
/// unsigned operand needs one more bit inside a signed result).
template <int W1, bool S1, int W2, bool S2> struct rtype {
  static constexpr int w1 = W1 + (S2 && !S1), w2 = W2 + (S1 && !S2);
  typedef ap_int_base<cap(max_(w1, w2) + 1), S1 || S2> plus;
  typedef ap_int_base<cap(max_(w1, w2) + 1), true> minus;
  typedef ap_int_base<cap(W1 + W2), S1 || S2> mult;
  typedef ap_int_base<cap(W1 + S2), S1 || S2> div; // -128 / -1 needs a bit
  typedef ap_int_base<min_(W1, W2 + (S1 && !S2)), S1> mod;
  typedef ap_int_base<cap(max_(w1, w2)), S1 || S2> logic;
};

} // namespace ap_detail

#define AP_IF_INTEGRAL(T)                                                      \
  typename std::enable_if<std::is_integral<T>::value, int>::type = 0

/// The common base of ap_int<W> (S = true) and ap_uint<W> (S = false); also
/// the type of intermediate results.
template <int W, bool S> class ap_int_base {
  static_assert(W >= 1, "ap_int/ap_uint: the width W must be at least 1");
  static_assert(W <= ap_detail::kMaxWidth,
                "ap_int/ap_uint: this C-simulation ap_int.h supports widths "
                "up to 1024 bits only");

public:
  typedef ap_detail::raw_t raw_t;
  /// The storage: 64 bits up to W = 64, a raw_t above.
  typedef typename std::conditional<(W <= 64), uint64_t, raw_t>::type word_type;
  /// The C++ type of the implicit conversion.
  typedef typename std::conditional<
      (W <= 32), typename std::conditional<S, int, unsigned>::type,
      typename std::conditional<S, long long, unsigned long long>::type>::type
      RetType;
  static const int width = W;

  /// The low W bits of the value (the bits above are kept zero).
  word_type V;

  ap_int_base() : V(0) {}
  template <int W2, bool S2> ap_int_base(const ap_int_base<W2, S2> &o) {
    assign_bits(o.bits());
  }
  template <class T, AP_IF_INTEGRAL(T)> ap_int_base(T v) {
    assign_bits((raw_t)v); // sign-extends a negative v: wraps like C
  }
  ap_int_base(double d) {
    assign_bits(ap_detail::fit(ap_detail::from_double(d), W, 0, S,
                               AP_TRN_ZERO, AP_WRAP, 0));
  }
  template <int W2, bool S2> ap_int_base(const ap_bit_ref<W2, S2> &b) {
    assign_bits(bool(b) ? 1 : 0);
  }
  template <int W2, bool S2> ap_int_base(const ap_range_ref<W2, S2> &r) {
    assign_bits(r.get().bits());
  }
  /// From ap_fixed: the integer part, truncated toward zero, then wrapped.
  template <int W2, int I2, bool S2, ap_q_mode Q2, ap_o_mode O2, int N2>
  ap_int_base(const ap_fixed_base<W2, I2, S2, Q2, O2, N2> &f) {
    assign_bits(ap_detail::fit(f.xv(), W, 0, S, AP_TRN_ZERO, AP_WRAP, 0));
  }

  /// A value from raw bits (wrapped to W).
  static ap_int_base from_bits(raw_t b) {
    ap_int_base r;
    r.assign_bits(b);
    return r;
  }
  void assign_bits(raw_t b) { V = (word_type)(b & ap_detail::mask(W)); }
  /// The value sign- or zero-extended to the raw width.
  raw_t bits() const { return ap_detail::extend((raw_t)V, W, S); }
  bool is_neg() const { return S && ((V >> (W - 1)) & 1); }
  ap_detail::xval xv() const { return ap_detail::xval{bits(), is_neg(), 0}; }

  // Conversions.
  operator RetType() const { return (RetType)bits(); }
  int to_int() const { return (int)bits(); }
  unsigned to_uint() const { return (unsigned)bits(); }
  long to_long() const { return (long)bits(); }
  unsigned long to_ulong() const { return (unsigned long)bits(); }
  long long to_int64() const { return (long long)bits(); }
  unsigned long long to_uint64() const { return (unsigned long long)bits(); }
  double to_double() const { return ap_detail::to_double(xv()); }
  float to_float() const { return ap_detail::to_float(xv()); }
  bool to_bool() const { return V != 0; }
  int length() const { return W; }

  // Bits.
  bool get_bit(int i) const {
    assert(0 <= i && i < W && "ap_int: bit index out of range");
    return ((V >> i) & 1) != 0;
  }
  void set_bit(int i, bool b) {
    assert(0 <= i && i < W && "ap_int: bit index out of range");
    word_type m = word_type(1) << i;
    V = b ? (V | m) : (V & ~m);
  }
  bool test(int i) const { return get_bit(i); }
  void set(int i) { set_bit(i, true); }
  void set(int i, bool b) { set_bit(i, b); }
  void clear(int i) { set_bit(i, false); }
  void invert(int i) { set_bit(i, !get_bit(i)); }
  ap_bit_ref<W, S> operator[](int i) { return ap_bit_ref<W, S>(this, i); }
  bool operator[](int i) const { return get_bit(i); }
  bool sign() const { return is_neg(); }
  bool iszero() const { return V == 0; }
  bool and_reduce() const { return (raw_t)V == ap_detail::mask(W); }
  bool or_reduce() const { return V != 0; }
  bool xor_reduce() const {
    bool r = false;
    for (int i = 0; i < W; ++i)
      r ^= get_bit(i);
    return r;
  }
  /// Reverses the bit order in place.
  ap_int_base &reverse() {
    assign_bits(get_range(0, W - 1).bits());
    return *this;
  }

  // Ranges: bits hi..lo, MSB first (reversed when hi < lo).
  ap_range_ref<W, S> range(int hi, int lo) {
    return ap_range_ref<W, S>(this, hi, lo);
  }
  ap_range_ref<W, S> range() { return range(W - 1, 0); }
  ap_range_ref<W, S> operator()(int hi, int lo) { return range(hi, lo); }
  ap_int_base<W, false> range(int hi, int lo) const {
    return get_range(hi, lo);
  }
  ap_int_base<W, false> range() const { return get_range(W - 1, 0); }
  ap_int_base<W, false> operator()(int hi, int lo) const {
    return get_range(hi, lo);
  }
  ap_int_base<W, false> get_range(int hi, int lo) const {
    assert(0 <= hi && hi < W && 0 <= lo && lo < W && "ap_int: bad range");
    raw_t b = (raw_t)V, r = 0;
    if (hi >= lo)
      r = (b >> lo) & ap_detail::mask(hi - lo + 1);
    else
      for (int k = 0; k <= lo - hi; ++k)
        r |= ((b >> (lo - k)) & 1) << k;
    return ap_int_base<W, false>::from_bits(r);
  }
  void set_range(int hi, int lo, raw_t v) {
    assert(0 <= hi && hi < W && 0 <= lo && lo < W && "ap_int: bad range");
    raw_t b = (raw_t)V;
    if (hi >= lo) {
      raw_t m = ap_detail::mask(hi - lo + 1) << lo;
      b = (b & ~m) | ((v << lo) & m);
    } else {
      for (int k = 0; k <= lo - hi; ++k) {
        raw_t m = raw_t(1) << (lo - k);
        b = ((v >> k) & 1) ? (b | m) : (b & ~m);
      }
    }
    assign_bits(b);
  }

  // Unary operators: -x is one bit wider and signed, so -(-128) is 128.
  ap_int_base operator+() const { return *this; }
  ap_int_base<ap_detail::cap(W + 1), true> operator-() const {
    return ap_int_base<ap_detail::cap(W + 1), true>::from_bits(-bits());
  }
  ap_int_base operator~() const { return from_bits(~bits()); }
  bool operator!() const { return V == 0; }

  // Increments and compound assignments compute the exact result, then wrap
  // it to W bits like any assignment.
  ap_int_base &operator++() {
    assign_bits(bits() + 1);
    return *this;
  }
  ap_int_base &operator--() {
    assign_bits(bits() - 1);
    return *this;
  }
  ap_int_base operator++(int) {
    ap_int_base old = *this;
    ++*this;
    return old;
  }
  ap_int_base operator--(int) {
    ap_int_base old = *this;
    --*this;
    return old;
  }
  template <class T> ap_int_base &operator+=(const T &o) { return *this = *this + o; }
  template <class T> ap_int_base &operator-=(const T &o) { return *this = *this - o; }
  template <class T> ap_int_base &operator*=(const T &o) { return *this = *this * o; }
  template <class T> ap_int_base &operator/=(const T &o) { return *this = *this / o; }
  template <class T> ap_int_base &operator%=(const T &o) { return *this = *this % o; }
  template <class T> ap_int_base &operator&=(const T &o) { return *this = *this & o; }
  template <class T> ap_int_base &operator|=(const T &o) { return *this = *this | o; }
  template <class T> ap_int_base &operator^=(const T &o) { return *this = *this ^ o; }
  template <class T> ap_int_base &operator<<=(const T &o) { return *this = *this << o; }
  template <class T> ap_int_base &operator>>=(const T &o) { return *this = *this >> o; }

  /// Shifts by d >= 0 bits (d >= W clears, or fills with the sign for >>).
  ap_int_base shl(int d) const {
    return d < 0 ? shr(-d) : from_bits(ap_detail::shl(bits(), d));
  }
  ap_int_base shr(int d) const {
    return d < 0 ? shl(-d) : from_bits(ap_detail::ashr(bits(), is_neg(), d));
  }
};

/// x[i] on a non-const value: reads as bool, assigning sets the bit.
template <int W, bool S> class ap_bit_ref {
public:
  ap_bit_ref(ap_int_base<W, S> *p, int i) : p_(p), i_(i) {}
  ap_bit_ref(const ap_bit_ref &) = default;
  operator bool() const { return p_->get_bit(i_); }
  bool get() const { return p_->get_bit(i_); }
  bool to_bool() const { return get(); }
  int length() const { return 1; }
  bool operator~() const { return !get(); }
  ap_bit_ref &operator=(bool b) {
    p_->set_bit(i_, b);
    return *this;
  }
  ap_bit_ref &operator=(const ap_bit_ref &o) { return *this = o.get(); }
  template <int W2, bool S2> ap_bit_ref &operator=(const ap_bit_ref<W2, S2> &o) {
    return *this = o.get();
  }

private:
  ap_int_base<W, S> *p_;
  int i_;
};

/// x.range(hi, lo) on a non-const value: reads as the unsigned value of the
/// bits, assigning stores the low bits of the assigned value.
template <int W, bool S> class ap_range_ref {
public:
  ap_range_ref(ap_int_base<W, S> *p, int hi, int lo) : p_(p), hi_(hi), lo_(lo) {}
  ap_range_ref(const ap_range_ref &) = default;
  ap_int_base<W, false> get() const { return p_->get_range(hi_, lo_); }
  operator unsigned long long() const { return get().to_uint64(); }
  int length() const { return (hi_ > lo_ ? hi_ - lo_ : lo_ - hi_) + 1; }
  int to_int() const { return get().to_int(); }
  unsigned to_uint() const { return get().to_uint(); }
  long to_long() const { return get().to_long(); }
  unsigned long to_ulong() const { return get().to_ulong(); }
  long long to_int64() const { return get().to_int64(); }
  unsigned long long to_uint64() const { return get().to_uint64(); }
  double to_double() const { return get().to_double(); }
  template <class T> ap_range_ref &operator=(const T &v) {
    p_->set_range(hi_, lo_, ap_int_base<ap_detail::kMaxWidth, false>(v).bits());
    return *this;
  }
  ap_range_ref &operator=(const ap_range_ref &o) { return *this = o.get(); }

private:
  ap_int_base<W, S> *p_;
  int hi_, lo_;
};

/// ap_int<W>: W-bit two's complement. It converts from everything
/// ap_int_base converts from (ap types, C++ numbers, bit and range refs).
template <int W> class ap_int : public ap_int_base<W, true> {
  typedef ap_int_base<W, true> Base;

public:
  ap_int() {}
  template <class T, typename std::enable_if<
                         std::is_constructible<Base, const T &>::value,
                         int>::type = 0>
  ap_int(const T &v) : Base(v) {}
};

/// ap_uint<W>: W-bit unsigned.
template <int W> class ap_uint : public ap_int_base<W, false> {
  typedef ap_int_base<W, false> Base;

public:
  ap_uint() {}
  template <class T, typename std::enable_if<
                         std::is_constructible<Base, const T &>::value,
                         int>::type = 0>
  ap_uint(const T &v) : Base(v) {}
};

// Binary arithmetic and bitwise operators: between two ap types the result
// type is ap_detail::rtype<...>::KIND; a C++ integer operand first becomes the
// ap type of its width (ap_detail::as_ap). All of +, -, *, &, |, ^ are exact
// modulo 2^1024 on the sign-extended operands, hence exact in the result type.
#define AP_INT_BINARY_OP(OP, KIND, EXPR)                                       \
  template <int W1, bool S1, int W2, bool S2>                                  \
  typename ap_detail::rtype<W1, S1, W2, S2>::KIND operator OP(                 \
      const ap_int_base<W1, S1> &a, const ap_int_base<W2, S2> &b) {            \
    return ap_detail::rtype<W1, S1, W2, S2>::KIND::from_bits(EXPR);            \
  }                                                                            \
  template <int W1, bool S1, class T, AP_IF_INTEGRAL(T)>                       \
  auto operator OP(const ap_int_base<W1, S1> &a, T b)                          \
      ->decltype(a OP ap_detail::as_ap(b)) {                                   \
    return a OP ap_detail::as_ap(b);                                           \
  }                                                                            \
  template <class T, int W2, bool S2, AP_IF_INTEGRAL(T)>                       \
  auto operator OP(T a, const ap_int_base<W2, S2> &b)                          \
      ->decltype(ap_detail::as_ap(a) OP b) {                                   \
    return ap_detail::as_ap(a) OP b;                                           \
  }

AP_INT_BINARY_OP(+, plus, a.bits() + b.bits())
AP_INT_BINARY_OP(-, minus, a.bits() - b.bits())
AP_INT_BINARY_OP(*, mult, a.bits() * b.bits())
AP_INT_BINARY_OP(/, div, ap_detail::div_raw(a.xv(), b.xv()))
AP_INT_BINARY_OP(%, mod, ap_detail::mod_raw(a.xv(), b.xv()))
AP_INT_BINARY_OP(&, logic, a.bits() & b.bits())
AP_INT_BINARY_OP(|, logic, a.bits() | b.bits())
AP_INT_BINARY_OP(^, logic, a.bits() ^ b.bits())
#undef AP_INT_BINARY_OP

// Comparisons compare the exact values, whatever the widths and signedness.
#define AP_INT_COMPARE_OP(OP)                                                  \
  template <int W1, bool S1, int W2, bool S2>                                  \
  bool operator OP(const ap_int_base<W1, S1> &a,                               \
                   const ap_int_base<W2, S2> &b) {                             \
    return ap_detail::compare(a.xv(), b.xv()) OP 0;                            \
  }                                                                            \
  template <int W1, bool S1, class T, AP_IF_INTEGRAL(T)>                       \
  bool operator OP(const ap_int_base<W1, S1> &a, T b) {                        \
    return a OP ap_detail::as_ap(b);                                           \
  }                                                                            \
  template <class T, int W2, bool S2, AP_IF_INTEGRAL(T)>                       \
  bool operator OP(T a, const ap_int_base<W2, S2> &b) {                        \
    return ap_detail::as_ap(a) OP b;                                           \
  }

AP_INT_COMPARE_OP(==)
AP_INT_COMPARE_OP(!=)
AP_INT_COMPARE_OP(<)
AP_INT_COMPARE_OP(<=)
AP_INT_COMPARE_OP(>)
AP_INT_COMPARE_OP(>=)
#undef AP_INT_COMPARE_OP

// Shifts keep the left operand's type. (A C++ integer shifted by an ap value
// is a plain C++ shift, through the implicit conversion.)
template <int W, bool S, int W2, bool S2>
ap_int_base<W, S> operator<<(const ap_int_base<W, S> &a,
                             const ap_int_base<W2, S2> &n) {
  return a.shl(ap_detail::shift_amount(n.bits(), n.is_neg()));
}
template <int W, bool S, int W2, bool S2>
ap_int_base<W, S> operator>>(const ap_int_base<W, S> &a,
                             const ap_int_base<W2, S2> &n) {
  return a.shr(ap_detail::shift_amount(n.bits(), n.is_neg()));
}
template <int W, bool S, class T, AP_IF_INTEGRAL(T)>
ap_int_base<W, S> operator<<(const ap_int_base<W, S> &a, T n) {
  return a << ap_detail::as_ap(n);
}
template <int W, bool S, class T, AP_IF_INTEGRAL(T)>
ap_int_base<W, S> operator>>(const ap_int_base<W, S> &a, T n) {
  return a >> ap_detail::as_ap(n);
}

/// Prints the decimal value (up to 64 bits through the stream's own integer
/// output, so std::hex and the field width apply).
template <int W, bool S>
std::ostream &operator<<(std::ostream &os, const ap_int_base<W, S> &x) {
  if (W <= 64)
    return S ? (os << x.to_int64()) : (os << x.to_uint64());
  return os << ap_detail::to_decimal(x.bits(), x.is_neg());
}

/// Reads a decimal value (with an optional '-'), wrapped to W bits.
template <int W, bool S>
std::istream &operator>>(std::istream &is, ap_int_base<W, S> &x) {
  std::string s;
  if (!(is >> s))
    return is;
  bool neg = !s.empty() && s[0] == '-';
  ap_detail::raw_t v = 0;
  for (size_t i = neg ? 1 : 0; i < s.size(); ++i) {
    if (s[i] < '0' || s[i] > '9') {
      is.setstate(std::ios::failbit);
      return is;
    }
    v = v * 10 + ap_detail::raw_t(s[i] - '0');
  }
  x.assign_bits(neg ? -v : v);
  return is;
}

#endif // HCL_HLS_AP_INT_H
