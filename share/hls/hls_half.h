// hcl's stand-in for Vitis HLS's hls_half.h, for g++ C simulation: `half`,
// IEEE binary16 held as its 16 bits. Every operation computes in float and
// rounds the result to half, to nearest with ties to even, as hcl's CPU JIT
// does (LLVM promotes f16 arithmetic to f32 and truncates each result), so
// the C simulation matches `hcl run` bit for bit. Conversions from double
// round once, directly, as LLVM's fptrunc does.
#ifndef HCL_HLS_HALF_H
#define HCL_HLS_HALF_H

#include <cmath>
#include <cstdint>
#include <cstring>
#include <type_traits>

class half {
public:
  half() : bits_(0) {}
  // From any arithmetic type: through double, which holds every float and
  // every integer a half can hold exactly (larger ones overflow anyway).
  template <typename T,
            typename = typename std::enable_if<std::is_arithmetic<T>::value>::type>
  half(T value) : bits_(from_double(static_cast<double>(value))) {}

  operator float() const { return to_float(bits_); }

  uint16_t get_bits() const { return bits_; }
  static half from_bits(uint16_t bits) {
    half h;
    h.bits_ = bits;
    return h;
  }

  half &operator+=(half o) { return *this = half(float(*this) + float(o)); }
  half &operator-=(half o) { return *this = half(float(*this) - float(o)); }
  half &operator*=(half o) { return *this = half(float(*this) * float(o)); }
  half &operator/=(half o) { return *this = half(float(*this) / float(o)); }

  static float to_float(uint16_t h) {
    uint32_t sign = uint32_t(h & 0x8000) << 16;
    uint32_t exponent = (h >> 10) & 0x1F, mantissa = h & 0x3FF, bits;
    if (exponent == 0x1F) { // infinity or NaN (the payload kept)
      bits = sign | 0x7F800000u | (mantissa << 13);
    } else if (exponent != 0) {
      bits = sign | ((exponent + 112) << 23) | (mantissa << 13);
    } else if (mantissa == 0) {
      bits = sign;
    } else { // subnormal: m * 2^-24, exact in float
      float f = std::ldexp(float(mantissa), -24);
      std::memcpy(&bits, &f, 4);
      bits |= sign;
    }
    float f;
    std::memcpy(&f, &bits, 4);
    return f;
  }

  static uint16_t from_double(double value) {
    uint64_t bits;
    std::memcpy(&bits, &value, 8);
    uint16_t sign = uint16_t((bits >> 48) & 0x8000);
    uint64_t magnitude = bits & 0x7FFFFFFFFFFFFFFFull;
    if (magnitude > 0x7FF0000000000000ull) // NaN: quiet, top payload bits
      return uint16_t(sign | 0x7E00 | ((magnitude >> 42) & 0x1FF));
    if (magnitude == 0x7FF0000000000000ull)
      return uint16_t(sign | 0x7C00);
    double a = std::fabs(value);
    if (a == 0)
      return sign;
    if (a >= 65520.0) // rounds to infinity
      return uint16_t(sign | 0x7C00);
    int exponent;
    std::frexp(a, &exponent); // a = f * 2^exponent, f in [0.5, 1)
    // The unit in the last place: 2^(exponent - 11) for normals, 2^-24 for
    // subnormals. a / ulp is exact in double; rint rounds ties to even.
    int ulpExponent = exponent - 11 < -24 ? -24 : exponent - 11;
    double units = std::nearbyint(std::ldexp(a, -ulpExponent));
    uint64_t n = uint64_t(units);
    if (ulpExponent == -24) // subnormal, or the smallest normal by rounding
      return uint16_t(sign | n);
    // n is 1024..2048 units of 2^ulpExponent.
    int biased = ulpExponent + 10 + 15;
    if (n == 2048) {
      n = 1024;
      ++biased;
    }
    if (biased >= 31)
      return uint16_t(sign | 0x7C00);
    return uint16_t(sign | (uint16_t(biased) << 10) | uint16_t(n - 1024));
  }

private:
  uint16_t bits_;
};

inline half operator+(half a, half b) { return half(float(a) + float(b)); }
inline half operator-(half a, half b) { return half(float(a) - float(b)); }
inline half operator*(half a, half b) { return half(float(a) * float(b)); }
inline half operator/(half a, half b) { return half(float(a) / float(b)); }
inline half operator-(half a) { return half::from_bits(a.get_bits() ^ 0x8000); }
inline bool operator<(half a, half b) { return float(a) < float(b); }
inline bool operator<=(half a, half b) { return float(a) <= float(b); }
inline bool operator>(half a, half b) { return float(a) > float(b); }
inline bool operator>=(half a, half b) { return float(a) >= float(b); }
inline bool operator==(half a, half b) { return float(a) == float(b); }
inline bool operator!=(half a, half b) { return float(a) != float(b); }

#endif // HCL_HLS_HALF_H
