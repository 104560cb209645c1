//===- Compare.cpp - comparing outputs of two runs ------------------------===//

#include "hcl/Runtime/Compare.h"

#include <cmath>
#include <cstring>
#include <sstream>

namespace hcl {

static std::string formatIndex(const std::vector<int64_t> &shape,
                               int64_t flat) {
  std::vector<int64_t> index(shape.size());
  for (size_t d = shape.size(); d-- > 0;) {
    index[d] = flat % shape[d];
    flat /= shape[d];
  }
  std::string text = "[";
  for (size_t d = 0; d < index.size(); ++d)
    text += (d ? ", " : "") + std::to_string(index[d]);
  return text + "]";
}

static double relativeError(double expected, double actual) {
  // Equal values (infinities included) and NaN against NaN have no error.
  if (expected == actual || (std::isnan(expected) && std::isnan(actual)))
    return 0;
  double difference = std::fabs(expected - actual);
  if (difference == 0)
    return 0;
  double scale = std::max(std::fabs(expected), std::fabs(actual));
  return std::isfinite(scale) ? difference / scale : INFINITY;
}

static bool comparable(const HostArray &expected, const HostArray &actual,
                       ShapeMatch shapes) {
  if (shapes == ShapeMatch::Exact)
    return expected.sameTypeAndShape(actual);
  return expected.kind() == actual.kind() &&
         expected.numElements() == actual.numElements();
}

Comparison compareArrays(const HostArray &expected, const HostArray &actual,
                         double relativeTolerance, ShapeMatch shapes,
                         double absoluteTolerance) {
  Comparison result;
  if (!comparable(expected, actual, shapes)) {
    result.equal = false;
    result.firstMismatch = "type or shape differs (" +
                           std::string(elementName(expected.kind())) + " " +
                           expected.shapeString() + " vs " +
                           std::string(elementName(actual.kind())) + " " +
                           actual.shapeString() + ")";
    return result;
  }
  result.comparedRowMajor = expected.shape() != actual.shape();
  bool floating = isFloat(expected.kind());
  for (int64_t i = 0, e = expected.numElements(); i < e; ++i) {
    bool mismatch;
    if (floating) {
      double want = expected.elementAsDouble(i),
             got = actual.elementAsDouble(i);
      double error = relativeError(want, got);
      result.largestRelativeError =
          std::max(result.largestRelativeError, error);
      mismatch = error > relativeTolerance &&
                 !(std::fabs(want - got) <= absoluteTolerance);
    } else if (expected.kind() == ElementKind::Wide) {
      // The value's bits; the padding above them is not part of it.
      size_t size = expected.elementBytes(),
             bytes = (expected.wideBits() + 7) / 8;
      const uint8_t *a = expected.as<uint8_t>() + i * size;
      const uint8_t *b = actual.as<uint8_t>() + i * size;
      uint8_t topMask = uint8_t(0xFF >> (8 * bytes - expected.wideBits()));
      mismatch = std::memcmp(a, b, bytes - 1) != 0 ||
                 ((a[bytes - 1] ^ b[bytes - 1]) & topMask) != 0;
    } else {
      mismatch = expected.elementAsInt(i) != actual.elementAsInt(i);
    }
    if (mismatch && result.equal) {
      result.equal = false;
      std::ostringstream text;
      text.precision(9);
      text << "at " << formatIndex(expected.shape(), i) << ": expected ";
      if (floating)
        text << expected.elementAsDouble(i) << ", got "
             << actual.elementAsDouble(i);
      else
        text << expected.elementAsInt(i) << ", got " << actual.elementAsInt(i);
      result.firstMismatch = text.str();
      if (!floating)
        break;
    }
  }
  return result;
}

double largestMagnitude(const HostArray &array) {
  if (!isFloat(array.kind()))
    return 0;
  double largest = 0;
  for (int64_t i = 0, e = array.numElements(); i < e; ++i) {
    double value = std::fabs(array.elementAsDouble(i));
    if (std::isfinite(value))
      largest = std::max(largest, value);
  }
  return largest;
}

} // namespace hcl
