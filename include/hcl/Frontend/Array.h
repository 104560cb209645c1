//===- Array.h - host arrays for built hcl modules --------------*- C++ -*-===//

#ifndef HCL_FRONTEND_ARRAY_H
#define HCL_FRONTEND_ARRAY_H

#include "hcl/Frontend/Type.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace hcl {

namespace detail {
struct ArrayStorage;
} // namespace detail

/// A dense row-major array on the host (HeteroCL's hcl.asarray). Copies
/// share storage, like NumPy views; use clone() for a separate copy.
class Array {
public:
  /// Zero-filled.
  explicit Array(const std::vector<int64_t> &shape,
                 Type dtype = getDefaultType());
  /// From values in row-major order, converted to `dtype` (integers wrap
  /// to the width, floats round to float32 for Float(32)).
  template <typename T>
  Array(const std::vector<T> &values, const std::vector<int64_t> &shape,
        Type dtype = getDefaultType())
      : Array(shape, dtype) {
    assign(values);
  }

  static Array load(const std::string &npyPath);
  void save(const std::string &npyPath) const;
  Array clone() const;

  const std::vector<int64_t> &shape() const;
  Type dtype() const;
  int64_t size() const;

  /// Integers: the value. Fixed point: the bits V (value V * 2^-frac).
  int64_t getInt(int64_t index) const;
  /// Floats and fixed point: the value (fixed point: V * 2^-frac).
  double getDouble(int64_t index) const;
  void setInt(int64_t index, int64_t value);
  /// Fixed point quantizes: floor(value * 2^frac), wrapped to the width.
  void setDouble(int64_t index, double value);
  /// An element's bits, little-endian, ceil(bits / 8) bytes: the whole value
  /// of integers wider than 64 bits (getInt gives their low 64 bits).
  std::vector<uint8_t> getBytes(int64_t index) const;
  void setBytes(int64_t index, const std::vector<uint8_t> &bytes);

  /// The elements converted to T, row-major (fixed point to a floating T:
  /// the values; to an integer T: the bits).
  template <typename T> std::vector<T> to_vector() const {
    std::vector<T> out(size());
    bool asValue =
        dtype().isFloat() || (dtype().isFixed() && std::is_floating_point_v<T>);
    for (int64_t i = 0; i < size(); ++i)
      out[i] =
          asValue ? static_cast<T>(getDouble(i)) : static_cast<T>(getInt(i));
    return out;
  }

  const std::shared_ptr<detail::ArrayStorage> &storage() const { return data; }

private:
  template <typename T> void assign(const std::vector<T> &values) {
    checkCount(values.size());
    for (size_t i = 0; i < values.size(); ++i) {
      if constexpr (std::is_floating_point_v<T>)
        setDouble(i, static_cast<double>(values[i]));
      else
        setInt(i, static_cast<int64_t>(values[i]));
    }
  }
  void checkCount(size_t count) const;
  std::shared_ptr<detail::ArrayStorage> data;
};

} // namespace hcl

#endif // HCL_FRONTEND_ARRAY_H
