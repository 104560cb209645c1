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

} // namespace hcl

#endif // HCL_RUNTIME_RANDOMFILL_H
