//===- RandomFill.cpp - deterministic random inputs -----------------------===//

#include "hcl/Runtime/RandomFill.h"

#include <cstring>

namespace hcl {

uint64_t SplitMix64::next() {
  uint64_t z = (state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

template <typename T>
static void store(HostArray &array, int64_t index, T value) {
  std::memcpy(array.as<uint8_t>() + index * sizeof(T), &value, sizeof(T));
}

void fillRandom(HostArray &array, uint64_t seed, unsigned argIndex) {
  SplitMix64 rng(seed * 0x100000001b3ull + argIndex);
  for (int64_t i = 0, e = array.numElements(); i < e; ++i) {
    uint64_t bits = rng.next();
    int64_t small = static_cast<int64_t>(bits >> 59) - 16; // [-16, 16)
    uint64_t smallUnsigned = bits >> 59;                     // [0, 32)
    double unit = static_cast<double>(bits >> 11) * 0x1.0p-53 * 2.0 - 1.0;
    switch (array.kind()) {
    case ElementKind::I1:
      store<uint8_t>(array, i, bits >> 63);
      break;
    case ElementKind::I8:
      store<int8_t>(array, i, static_cast<int8_t>(small));
      break;
    case ElementKind::I16:
      store<int16_t>(array, i, static_cast<int16_t>(small));
      break;
    case ElementKind::I32:
      store<int32_t>(array, i, static_cast<int32_t>(small));
      break;
    case ElementKind::I64:
      store<int64_t>(array, i, small);
      break;
    case ElementKind::U8:
      store<uint8_t>(array, i, static_cast<uint8_t>(smallUnsigned));
      break;
    case ElementKind::U16:
      store<uint16_t>(array, i, static_cast<uint16_t>(smallUnsigned));
      break;
    case ElementKind::U32:
      store<uint32_t>(array, i, static_cast<uint32_t>(smallUnsigned));
      break;
    case ElementKind::U64:
      store<uint64_t>(array, i, smallUnsigned);
      break;
    case ElementKind::Wide: {
      // The small value, sign- (or zero-) extended through every byte.
      size_t size = array.elementBytes();
      uint8_t *element = array.as<uint8_t>() + i * size;
      int64_t value = array.wideUnsigned() ? int64_t(smallUnsigned) : small;
      std::memset(element, value < 0 ? 0xFF : 0, size);
      std::memcpy(element, &value, 8);
      break;
    }
    case ElementKind::F32:
      store<float>(array, i, static_cast<float>(unit));
      break;
    case ElementKind::F64:
      store<double>(array, i, unit);
      break;
    }
  }
}

} // namespace hcl
