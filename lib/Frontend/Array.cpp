//===- Array.cpp - host arrays for built hcl modules ----------------------===//
//
// Elements live in the runtime's HostArray, in the smallest standard integer
// container of the type's width; values are kept wrapped to the width (as
// the hardware type would hold them) and read back sign- or zero-extended.
//
//===----------------------------------------------------------------------===//

#include "ArrayStorage.h"
#include "Nodes.h"

#include "hcl/Frontend/Error.h"
#include "hcl/Runtime/FixedPointIO.h"
#include "hcl/Runtime/HalfFloat.h"
#include "hcl/Runtime/Npy.h"

#include "llvm/Support/Error.h"

#include <cmath>
#include <cstring>
#include <map>

namespace hcl {

ElementKind containerKind(Type type) {
  if (type.isBFloat())
    return ElementKind::BF16;
  if (type.isFloat())
    return type.bits == 16   ? ElementKind::F16
           : type.bits == 32 ? ElementKind::F32
                             : ElementKind::F64;
  if (type.bits > 64 && type.isInteger())
    return ElementKind::Wide;
  if (type.bits > 64)
    throwError("Array of " + type.str() +
               ": host arrays hold fixed point of up to 64 bits; bitcast "
               "wider fixed point to an integer type");
  if (type.bits == 1 && !type.isFixed())
    return ElementKind::I1;
  bool u = type.isUnsigned();
  if (type.bits <= 8)
    return u ? ElementKind::U8 : ElementKind::I8;
  if (type.bits <= 16)
    return u ? ElementKind::U16 : ElementKind::I16;
  if (type.bits <= 32)
    return u ? ElementKind::U32 : ElementKind::I32;
  return u ? ElementKind::U64 : ElementKind::I64;
}

Array::Array(const std::vector<int64_t> &shape, Type dtype) {
  for (int64_t d : shape)
    if (d < 0)
      throwError("Array: dimension sizes must be non-negative");
  data = std::make_shared<detail::ArrayStorage>();
  data->dtype = dtype;
  data->host =
      HostArray(containerKind(dtype), shape, dtype.bits, dtype.isUnsigned());
}

Array Array::load(const std::string &path) {
  llvm::Expected<HostArray> host = readNpy(path);
  if (!host)
    throwError("Array::load: " + llvm::toString(host.takeError()));
  static const std::map<ElementKind, Type> types = {
      {ElementKind::I1, UInt(1)},     {ElementKind::I8, Int(8)},
      {ElementKind::I16, Int(16)},    {ElementKind::I32, Int(32)},
      {ElementKind::I64, Int(64)},    {ElementKind::U8, UInt(8)},
      {ElementKind::U16, UInt(16)},   {ElementKind::U32, UInt(32)},
      {ElementKind::U64, UInt(64)},   {ElementKind::F32, Float(32)},
      {ElementKind::F64, Float(64)},  {ElementKind::F16, Float(16)},
      {ElementKind::BF16, BFloat16()}};
  Array array(host->shape(), types.at(host->kind()));
  array.data->host = std::move(*host);
  return array;
}

void Array::save(const std::string &path) const {
  if (llvm::Error error = writeNpy(path, data->host))
    throwError("Array::save: " + llvm::toString(std::move(error)));
}

Array Array::clone() const {
  Array copy(shape(), dtype());
  copy.data->host = data->host;
  return copy;
}

const std::vector<int64_t> &Array::shape() const { return data->host.shape(); }
Type Array::dtype() const { return data->dtype; }
int64_t Array::size() const { return data->host.numElements(); }

static void checkIndex(const Array &array, int64_t index) {
  if (index < 0 || index >= array.size())
    throwError("Array: element " + std::to_string(index) +
               " is out of range for " + std::to_string(array.size()) +
               " elements");
}

int64_t Array::getInt(int64_t index) const {
  checkIndex(*this, index);
  if (dtype().isFloat())
    return static_cast<int64_t>(data->host.elementAsDouble(index));
  return wrapToWidth(data->host.elementAsInt(index), dtype());
}

double Array::getDouble(int64_t index) const {
  checkIndex(*this, index);
  if (dtype().isFloat())
    return data->host.elementAsDouble(index);
  int64_t v = getInt(index);
  if (dtype().isFixed()) // the value of the bits V: V * 2^-frac
    return std::ldexp(dtype().isUnsigned() ? double(uint64_t(v)) : double(v),
                      -int(dtype().frac));
  return dtype().isUnsigned() && dtype().bits == 64 ? double(uint64_t(v))
                                                    : double(v);
}

template <typename T> static void store(HostArray &host, int64_t i, T v) {
  host.as<T>()[i] = v;
}

void Array::setInt(int64_t index, int64_t value) {
  checkIndex(*this, index);
  HostArray &h = data->host;
  if (dtype().isFloat())
    return setDouble(index, double(value));
  int64_t v = wrapToWidth(value, dtype());
  if (h.kind() == ElementKind::Wide) {
    // Sign- (or zero-) extended through the element's bytes.
    std::vector<uint8_t> bytes(h.elementBytes(),
                               v < 0 && !dtype().isUnsigned() ? 0xFF : 0);
    std::memcpy(bytes.data(), &v, 8);
    return setBytes(index, bytes);
  }
  switch (h.kind()) {
  case ElementKind::I1:
    return store<uint8_t>(h, index, v & 1);
  case ElementKind::I8:
  case ElementKind::U8:
    return store<int8_t>(h, index, int8_t(v));
  case ElementKind::I16:
  case ElementKind::U16:
    return store<int16_t>(h, index, int16_t(v));
  case ElementKind::I32:
  case ElementKind::U32:
    return store<int32_t>(h, index, int32_t(v));
  default:
    return store<int64_t>(h, index, v);
  }
}

std::vector<uint8_t> Array::getBytes(int64_t index) const {
  checkIndex(*this, index);
  const HostArray &h = data->host;
  size_t n = (dtype().bits + 7) / 8;
  const uint8_t *element = h.as<uint8_t>() + index * h.elementBytes();
  return std::vector<uint8_t>(element, element + n);
}

void Array::setBytes(int64_t index, const std::vector<uint8_t> &bytes) {
  checkIndex(*this, index);
  HostArray &h = data->host;
  if (bytes.size() > h.elementBytes())
    throwError("Array::setBytes: " + std::to_string(bytes.size()) +
               " bytes do not fit a " + dtype().str() + " element");
  uint8_t *element = h.as<uint8_t>() + index * h.elementBytes();
  std::memset(element, 0, h.elementBytes());
  std::memcpy(element, bytes.data(), bytes.size());
}

void Array::setDouble(int64_t index, double value) {
  checkIndex(*this, index);
  if (dtype().isFixed()) {
    // Quantized as the program would: floor(value * 2^frac), wrapped; NaN
    // and infinities give 0.
    return setInt(index, quantizeToBits(value, dtype().frac));
  }
  if (!dtype().isFloat())
    return setInt(index, static_cast<int64_t>(value));
  if (dtype().isBFloat())
    store<uint16_t>(data->host, index, bfloat16Bits(value));
  else if (dtype().bits == 16)
    store<uint16_t>(data->host, index, halfBits(value));
  else if (dtype().bits == 32)
    store<float>(data->host, index, static_cast<float>(value));
  else
    store<double>(data->host, index, value);
}

void Array::checkCount(size_t count) const {
  if (static_cast<int64_t>(count) != size())
    throwError("Array: " + std::to_string(count) + " values for " +
               std::to_string(size()) + " elements");
}

} // namespace hcl
