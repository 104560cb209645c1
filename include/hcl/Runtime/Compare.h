//===- Compare.h - comparing outputs of two runs ----------------*- C++ -*-===//

#ifndef HCL_RUNTIME_COMPARE_H
#define HCL_RUNTIME_COMPARE_H

#include "hcl/Runtime/HostArray.h"

#include <string>

namespace hcl {

struct Comparison {
  bool equal = true;
  /// The shapes differ but the elements were compared in row-major order
  /// (ShapeMatch::RowMajor).
  bool comparedRowMajor = false;
  /// Largest |expected - actual| / max(|expected|, |actual|) seen (floats).
  double largestRelativeError = 0;
  /// "at [3, 4]: 5 vs 7" for the first element out of tolerance.
  std::string firstMismatch;
};

/// Whether arrays of different shapes can match.
enum class ShapeMatch {
  /// Arrays of different shapes never match.
  Exact,
  /// Arrays with the same number of elements are compared element by element
  /// in row-major order (a schedule may reshape a buffer).
  RowMajor,
};

/// Integers must match exactly; floats within `relativeTolerance` (NaN
/// matches NaN) or, when `absoluteTolerance` is positive, within it. Arrays of
/// different element type never match, nor arrays of different shape unless
/// `shapes` is RowMajor and the element counts agree. Mismatches are located by
/// the expected array's shape.
Comparison compareArrays(const HostArray &expected, const HostArray &actual,
                         double relativeTolerance = 1e-5,
                         ShapeMatch shapes = ShapeMatch::Exact,
                         double absoluteTolerance = 0);

/// The largest |element| of a float array (0 for other kinds): scales an
/// absolute tolerance to the array's values.
double largestMagnitude(const HostArray &array);

} // namespace hcl

#endif // HCL_RUNTIME_COMPARE_H
