//===- RandomFill.cpp - deterministic random inputs -----------------------===//

#include "hcl/Runtime/RandomFill.h"
#include "hcl/Runtime/HalfFloat.h"

#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>

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
    uint64_t smallUnsigned = bits >> 59;                   // [0, 32)
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
    // Through float, as the HLS testbench's half(float) rounds.
    case ElementKind::F16:
      store<uint16_t>(array, i, halfBits(static_cast<float>(unit)));
      break;
    case ElementKind::BF16:
      store<uint16_t>(array, i, bfloat16Bits(static_cast<float>(unit)));
      break;
    case ElementKind::F32:
      store<float>(array, i, static_cast<float>(unit));
      break;
    case ElementKind::F64:
      store<double>(array, i, unit);
      break;
    }
  }
}

/// The smallest and largest value of an integer element type.
static std::pair<double, double> integerLimits(const HostArray &array) {
  switch (array.kind()) {
  case ElementKind::I1:
    return {0, 1};
  case ElementKind::I8:
    return {-128, 127};
  case ElementKind::U8:
    return {0, 255};
  case ElementKind::I16:
    return {-32768, 32767};
  case ElementKind::U16:
    return {0, 65535};
  case ElementKind::I32:
    return {-2147483648.0, 2147483647.0};
  case ElementKind::U32:
    return {0, 4294967295.0};
  case ElementKind::U64:
    return {0, 0x1p63}; // drawn as int64 values
  default:
    return {-0x1p63, 0x1p63}; // int64 and wide
  }
}

llvm::Error checkRangeFits(const HostArray &array, const InputRange &range) {
  if (!(range.lo <= range.hi)) {
    char text[64];
    snprintf(text, sizeof(text), "%g,%g", range.lo, range.hi);
    return llvm::createStringError("the range " + std::string(text) +
                                   " is empty (LO must not exceed HI)");
  }
  if (isFloat(array.kind()))
    return llvm::Error::success();
  auto [least, most] = integerLimits(array);
  if (range.lo != std::floor(range.lo) || range.hi != std::floor(range.hi))
    return llvm::createStringError("an integer range needs integer bounds");
  if (range.lo < least || range.hi >= most + (most == 0x1p63 ? 0 : 1))
    return llvm::createStringError("the range does not fit " +
                                   elementName(array.kind()).str() +
                                   " elements");
  return llvm::Error::success();
}

void fillRandomInRange(HostArray &array, uint64_t seed, unsigned argIndex,
                       const InputRange &range) {
  SplitMix64 rng(seed * 0x100000001b3ull + argIndex);
  // The span hi - lo + 1 of an integer range fits in 64 unsigned bits.
  uint64_t span = isFloat(array.kind())
                      ? 0
                      : uint64_t(int64_t(range.hi) - int64_t(range.lo)) + 1;
  for (int64_t i = 0, e = array.numElements(); i < e; ++i) {
    uint64_t bits = rng.next();
    double unit = static_cast<double>(bits >> 11) * 0x1.0p-53; // [0, 1)
    int64_t value = int64_t(range.lo) + int64_t(span ? bits % span : bits);
    switch (array.kind()) {
    case ElementKind::F16:
      store<uint16_t>(array, i,
                      halfBits(range.lo + unit * (range.hi - range.lo)));
      break;
    case ElementKind::BF16:
      store<uint16_t>(array, i,
                      bfloat16Bits(range.lo + unit * (range.hi - range.lo)));
      break;
    case ElementKind::F32:
      store<float>(array, i, float(range.lo + unit * (range.hi - range.lo)));
      break;
    case ElementKind::F64:
      store<double>(array, i, range.lo + unit * (range.hi - range.lo));
      break;
    case ElementKind::I1:
    case ElementKind::I8:
    case ElementKind::U8:
      store<uint8_t>(array, i, uint8_t(value));
      break;
    case ElementKind::I16:
    case ElementKind::U16:
      store<uint16_t>(array, i, uint16_t(value));
      break;
    case ElementKind::I32:
    case ElementKind::U32:
      store<uint32_t>(array, i, uint32_t(value));
      break;
    case ElementKind::I64:
    case ElementKind::U64:
      store<int64_t>(array, i, value);
      break;
    case ElementKind::Wide: {
      size_t size = array.elementBytes();
      uint8_t *element = array.as<uint8_t>() + i * size;
      std::memset(element, value < 0 ? 0xFF : 0, size);
      std::memcpy(element, &value, 8);
      break;
    }
    }
  }
}

} // namespace hcl
