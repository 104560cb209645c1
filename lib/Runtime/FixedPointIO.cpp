//===- FixedPointIO.cpp - fixed-point values at the host boundary ---------===//

#include "hcl/Runtime/FixedPointIO.h"

#include <cmath>
#include <cstring>

namespace hcl {

int64_t quantizeToBits(double value, unsigned frac) {
  double scaled = std::trunc(std::ldexp(value, static_cast<int>(frac)));
  if (!std::isfinite(scaled))
    return 0;
  if (std::fabs(scaled) < 9223372036854775808.0) // 2^63
    return static_cast<int64_t>(scaled);
  // Beyond 2^63 only the low 64 bits matter; such a double is a multiple of
  // 2^11, so fmod is exact.
  double low = std::fmod(std::fabs(scaled), 18446744073709551616.0); // 2^64
  uint64_t bits = static_cast<uint64_t>(low);
  return static_cast<int64_t>(scaled < 0 ? ~bits + 1 : bits);
}

HostArray fixedBitsFromFloats(const HostArray &floats, ElementKind container,
                              unsigned width, unsigned frac) {
  HostArray bits(container, floats.shape());
  size_t size = elementSize(container);
  uint64_t mask = width >= 64 ? ~uint64_t(0) : (uint64_t(1) << width) - 1;
  for (int64_t i = 0, e = floats.numElements(); i < e; ++i) {
    uint64_t v =
        static_cast<uint64_t>(quantizeToBits(floats.elementAsDouble(i), frac)) &
        mask;
    // Signed containers hold the value sign-extended from its width.
    if (!isUnsigned(container) && width < 64 && (v >> (width - 1)) & 1)
      v |= ~mask;
    std::memcpy(bits.as<uint8_t>() + i * size, &v, size); // little-endian
  }
  return bits;
}

HostArray floatsFromFixedBits(const HostArray &bits, unsigned frac) {
  HostArray values(ElementKind::F64, bits.shape());
  for (int64_t i = 0, e = bits.numElements(); i < e; ++i)
    values.as<double>()[i] =
        std::ldexp(bits.elementAsDouble(i), -static_cast<int>(frac));
  return values;
}

} // namespace hcl
