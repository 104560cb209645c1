//===- DistinctAddresses.h - how many distinct addresses -------*- C++ -*-===//
//
// The estimator's ResMII counts the distinct addresses one iteration issues
// per array bank. The walk gives them as runs (hcl/Analysis/BankAccesses.h:
// an unrolled loop's copies of an access, constants + j * steps) and text
// keys; this counts their union without listing every copy where the runs
// of an address shape all move along one line.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_LIB_ANALYSIS_DISTINCTADDRESSES_H
#define HCL_LIB_ANALYSIS_DISTINCTADDRESSES_H

#include "hcl/Analysis/BankAccesses.h"

#include "llvm/ADT/StringSet.h"

#include <vector>

namespace hcl {

class DistinctAddresses {
public:
  /// Adds the addresses of `a` (numeric, or its text key).
  void insert(const AccessInstance &a);
  void insertAll(const DistinctAddresses &other);
  /// The size of the union of everything inserted.
  int64_t count() const;

private:
  struct Run {
    unsigned shape;
    size_t offset; // constants, then steps, in `values`
    unsigned rank;
    int64_t copies;
  };
  std::vector<Run> runs;
  std::vector<int64_t> values;
  llvm::StringSet<> text;

  int64_t countShape(llvm::ArrayRef<const Run *> shapeRuns) const;
};

} // namespace hcl

#endif // HCL_LIB_ANALYSIS_DISTINCTADDRESSES_H
