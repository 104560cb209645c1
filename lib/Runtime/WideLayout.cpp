//===- WideLayout.cpp - integers wider than 64 bits in .npy files ---------===//

#include "hcl/Runtime/WideLayout.h"

#include <cstring>

namespace hcl {

static size_t valueBytes(unsigned bits) { return (bits + 7) / 8; }

/// Copies the low `bits` bits of `from` into `bytes` bytes of `to`, the rest
/// of the top byte and every byte above filled with the sign (or zero).
static void copyExtended(const uint8_t *from, uint8_t *to, unsigned bits,
                         size_t bytes, bool isUnsigned) {
  size_t used = valueBytes(bits);
  std::memcpy(to, from, used);
  unsigned topBits = bits - 8 * (used - 1);
  bool negative = !isUnsigned && ((from[used - 1] >> (topBits - 1)) & 1);
  uint8_t high = uint8_t(0xFF << topBits);
  to[used - 1] = negative ? (to[used - 1] | high) : (to[used - 1] & ~high);
  std::memset(to + used, negative ? 0xFF : 0, bytes - used);
}

HostArray wideToBytes(const HostArray &wide) {
  std::vector<int64_t> shape = wide.shape();
  size_t n = valueBytes(wide.wideBits());
  shape.push_back(static_cast<int64_t>(n));
  HostArray bytes(ElementKind::U8, shape);
  for (int64_t i = 0, e = wide.numElements(); i < e; ++i)
    copyExtended(wide.as<uint8_t>() + i * wide.elementBytes(),
                 bytes.as<uint8_t>() + i * n, wide.wideBits(), n,
                 wide.wideUnsigned());
  return bytes;
}

llvm::Expected<HostArray> wideFromBytes(const HostArray &bytes, unsigned bits,
                                        bool isUnsigned,
                                        const std::vector<int64_t> &shape,
                                        llvm::StringRef what) {
  std::vector<int64_t> expected = shape;
  size_t n = valueBytes(bits);
  expected.push_back(static_cast<int64_t>(n));
  if (bytes.kind() != ElementKind::U8 || bytes.shape() != expected) {
    std::string want, got;
    for (int64_t d : expected)
      want += (want.empty() ? "" : ", ") + std::to_string(d);
    return llvm::createStringError(
        what + " holds i" + llvm::Twine(bits) +
        " integers: expected uint8 bytes of shape (" + want +
        "), little-endian, got " + elementName(bytes.kind()) + " of shape " +
        bytes.shapeString());
  }
  HostArray wide(ElementKind::Wide, shape, bits, isUnsigned);
  for (int64_t i = 0, e = wide.numElements(); i < e; ++i)
    copyExtended(bytes.as<uint8_t>() + i * n,
                 wide.as<uint8_t>() + i * wide.elementBytes(), bits,
                 wide.elementBytes(), isUnsigned);
  return wide;
}

} // namespace hcl
