//===- Compare.h - comparing outputs of two runs ----------------*- C++ -*-===//

#ifndef HCL_RUNTIME_COMPARE_H
#define HCL_RUNTIME_COMPARE_H

#include "hcl/Runtime/HostArray.h"

#include <string>

namespace hcl {

struct Comparison {
  bool equal = true;
  /// Largest |expected - actual| / max(|expected|, |actual|) seen (floats).
  double largestRelativeError = 0;
  /// "at [3, 4]: 5 vs 7" for the first element out of tolerance.
  std::string firstMismatch;
};

/// Integers must match exactly; floats within `relativeTolerance` (NaN
/// matches NaN). Arrays of different type or shape never match.
Comparison compareArrays(const HostArray &expected, const HostArray &actual,
                         double relativeTolerance = 1e-5);

} // namespace hcl

#endif // HCL_RUNTIME_COMPARE_H
