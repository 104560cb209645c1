//===- HostArray.cpp - an n-d array owned by the host ---------------------===//

#include "hcl/Runtime/HostArray.h"
#include "hcl/Runtime/HalfFloat.h"

#include <cstring>
#include <functional>
#include <numeric>
#include <unistd.h>

namespace hcl {

size_t elementSize(ElementKind kind) {
  switch (kind) {
  case ElementKind::I1:
  case ElementKind::I8:
  case ElementKind::U8:
    return 1;
  case ElementKind::I16:
  case ElementKind::U16:
  case ElementKind::F16:
  case ElementKind::BF16:
    return 2;
  case ElementKind::I32:
  case ElementKind::U32:
  case ElementKind::F32:
    return 4;
  case ElementKind::I64:
  case ElementKind::U64:
  case ElementKind::F64:
    return 8;
  case ElementKind::Wide:
    return 0; // per array: HostArray::elementBytes
  }
  return 0;
}

size_t wideElementBytes(unsigned bits) {
  size_t storeBytes = (bits + 7) / 8;
  return (storeBytes + 15) / 16 * 16;
}

size_t HostArray::elementBytes() const {
  return elementKind == ElementKind::Wide ? wideElementBytes(bits)
                                          : elementSize(elementKind);
}

std::optional<uint64_t> checkedByteSize(ElementKind kind,
                                        const std::vector<int64_t> &shape,
                                        unsigned wideBits) {
  uint64_t bytes = kind == ElementKind::Wide ? wideElementBytes(wideBits)
                                             : elementSize(kind);
  for (int64_t dim : shape)
    if (dim < 0 || __builtin_mul_overflow(bytes, uint64_t(dim), &bytes))
      return std::nullopt;
  if (bytes > uint64_t(INT64_MAX))
    return std::nullopt;
  return bytes;
}

uint64_t hostMemoryBytes() {
  long pages = sysconf(_SC_PHYS_PAGES), pageSize = sysconf(_SC_PAGE_SIZE);
  return pages > 0 && pageSize > 0 ? uint64_t(pages) * uint64_t(pageSize)
                                   : UINT64_MAX;
}

bool isFloat(ElementKind kind) {
  return kind == ElementKind::F16 || kind == ElementKind::BF16 ||
         kind == ElementKind::F32 || kind == ElementKind::F64;
}

bool isUnsigned(ElementKind kind) {
  return kind == ElementKind::U8 || kind == ElementKind::U16 ||
         kind == ElementKind::U32 || kind == ElementKind::U64;
}

llvm::StringRef elementName(ElementKind kind) {
  switch (kind) {
  case ElementKind::I1:
    return "bool";
  case ElementKind::I8:
    return "int8";
  case ElementKind::I16:
    return "int16";
  case ElementKind::I32:
    return "int32";
  case ElementKind::I64:
    return "int64";
  case ElementKind::U8:
    return "uint8";
  case ElementKind::U16:
    return "uint16";
  case ElementKind::U32:
    return "uint32";
  case ElementKind::U64:
    return "uint64";
  case ElementKind::F16:
    return "float16";
  case ElementKind::BF16:
    return "bfloat16";
  case ElementKind::F32:
    return "float32";
  case ElementKind::F64:
    return "float64";
  case ElementKind::Wide:
    return "wide";
  }
  return "?";
}

llvm::StringRef elementMLIRName(ElementKind kind) {
  switch (kind) {
  case ElementKind::I1:
    return "i1";
  case ElementKind::I8:
  case ElementKind::U8:
    return "i8";
  case ElementKind::I16:
  case ElementKind::U16:
    return "i16";
  case ElementKind::I32:
  case ElementKind::U32:
    return "i32";
  case ElementKind::I64:
  case ElementKind::U64:
    return "i64";
  case ElementKind::F16:
    return "f16";
  case ElementKind::BF16:
    return "bf16";
  case ElementKind::F32:
    return "f32";
  case ElementKind::F64:
    return "f64";
  case ElementKind::Wide:
    return "iN";
  }
  return "?";
}

static int64_t product(const std::vector<int64_t> &shape) {
  return std::accumulate(shape.begin(), shape.end(), int64_t{1},
                         std::multiplies<int64_t>());
}

HostArray::HostArray(ElementKind kind, std::vector<int64_t> shape,
                     unsigned wideBits, bool wideUnsigned)
    : elementKind(kind), bits(kind == ElementKind::Wide ? wideBits : 0),
      isUnsignedWide(kind == ElementKind::Wide && wideUnsigned),
      dims(std::move(shape)),
      storage(static_cast<size_t>(product(dims)) * elementBytes(), 0) {}

int64_t HostArray::numElements() const { return product(dims); }

bool HostArray::reinterpret(ElementKind kind) {
  if (kind == ElementKind::Wide || elementKind == ElementKind::Wide ||
      elementSize(kind) != elementSize(elementKind))
    return false;
  elementKind = kind;
  return true;
}

bool HostArray::reshape(std::vector<int64_t> newShape) {
  if (product(newShape) != numElements())
    return false;
  dims = std::move(newShape);
  return true;
}

template <typename T> static T load(const uint8_t *bytes, int64_t index) {
  T value;
  std::memcpy(&value, bytes + index * sizeof(T), sizeof(T));
  return value;
}

double HostArray::elementAsDouble(int64_t index) const {
  if (elementKind == ElementKind::F32)
    return load<float>(storage.data(), index);
  if (elementKind == ElementKind::F64)
    return load<double>(storage.data(), index);
  if (elementKind == ElementKind::F16)
    return halfValue(load<uint16_t>(storage.data(), index));
  if (elementKind == ElementKind::BF16)
    return bfloat16Value(load<uint16_t>(storage.data(), index));
  if (elementKind == ElementKind::U64)
    return static_cast<double>(load<uint64_t>(storage.data(), index));
  return static_cast<double>(elementAsInt(index));
}

int64_t HostArray::elementAsInt(int64_t index) const {
  const uint8_t *bytes = storage.data();
  switch (elementKind) {
  case ElementKind::I1:
    return bytes[index] ? 1 : 0;
  case ElementKind::I8:
    return load<int8_t>(bytes, index);
  case ElementKind::I16:
    return load<int16_t>(bytes, index);
  case ElementKind::I32:
    return load<int32_t>(bytes, index);
  case ElementKind::I64:
    return load<int64_t>(bytes, index);
  case ElementKind::U8:
    return load<uint8_t>(bytes, index);
  case ElementKind::U16:
    return load<uint16_t>(bytes, index);
  case ElementKind::U32:
    return load<uint32_t>(bytes, index);
  case ElementKind::U64:
    return static_cast<int64_t>(load<uint64_t>(bytes, index));
  case ElementKind::Wide: {
    int64_t low;
    std::memcpy(&low, bytes + index * elementBytes(), 8);
    return low;
  }
  case ElementKind::F16:
  case ElementKind::BF16:
  case ElementKind::F32:
  case ElementKind::F64:
    return static_cast<int64_t>(elementAsDouble(index));
  }
  return 0;
}

std::string shapeString(const std::vector<int64_t> &shape) {
  if (shape.empty())
    return "scalar";
  std::string text;
  for (size_t i = 0; i < shape.size(); ++i) {
    if (i)
      text += 'x';
    text += std::to_string(shape[i]);
  }
  return text;
}

double HostArray::sum() const {
  // Integers are summed exactly so checksums of integer outputs are exact:
  // in 128 bits, because a sum of 64-bit elements overflows 64 bits (and a
  // signed overflow is undefined behaviour, which UBSan reported here).
  if (!isFloat(elementKind)) {
    __int128 total = 0;
    for (int64_t i = 0, e = numElements(); i < e; ++i)
      total += elementAsInt(i);
    return static_cast<double>(total);
  }
  double total = 0;
  for (int64_t i = 0, e = numElements(); i < e; ++i)
    total += elementAsDouble(i);
  return total;
}

uint64_t HostArray::hash() const {
  uint64_t h = 0xcbf29ce484222325ull;
  for (uint8_t byte : storage) {
    h ^= byte;
    h *= 0x100000001b3ull;
  }
  return h;
}

} // namespace hcl
