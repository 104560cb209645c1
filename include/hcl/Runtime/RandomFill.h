//===- RandomFill.h - deterministic random inputs ---------------*- C++ -*-===//
//
// `--random-inputs SEED` fills argument k with a stream seeded from (SEED, k),
// so the same seed gives the same inputs on every machine and in every tool
// (the HLS testbench reproduces them). The generator is SplitMix64:
//   integers: uniform in [-16, 16) (bool: 0 or 1), small enough that sums and
//             products of stencils and matrix products stay in range;
//   floats:   uniform in [-1, 1).
//
//===----------------------------------------------------------------------===//

#ifndef HCL_RUNTIME_RANDOMFILL_H
#define HCL_RUNTIME_RANDOMFILL_H

#include "hcl/Runtime/HostArray.h"

#include "llvm/Support/Error.h"

#include <cstdint>

namespace hcl {

/// SplitMix64: a tiny generator with a fixed, documented output sequence.
class SplitMix64 {
public:
  explicit SplitMix64(uint64_t seed) : state(seed) {}
  uint64_t next();

private:
  uint64_t state;
};

/// Overwrites `array` with the values of argument `argIndex` under `seed`.
void fillRandom(HostArray &array, uint64_t seed, unsigned argIndex);

/// Values drawn from [lo, hi]: integers uniform over lo..hi (both
/// included), floats uniform in [lo, hi). `--input-range` in hcl check/run.
struct InputRange {
  double lo = 0, hi = 0;
};

/// Whether every value of `range` fits `array`'s element type (integers:
/// integral bounds within the type's range); the message says why not.
llvm::Error checkRangeFits(const HostArray &array, const InputRange &range);

/// fillRandom with values from `range` (checked with checkRangeFits).
void fillRandomInRange(HostArray &array, uint64_t seed, unsigned argIndex,
                       const InputRange &range);

} // namespace hcl

#endif // HCL_RUNTIME_RANDOMFILL_H
