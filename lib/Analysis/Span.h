//===- Span.h - cycles between bounds -------------------------------------===//
//
// The estimator's latencies: a lower bound and a worst case, with sums and
// products that saturate instead of wrapping.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_LIB_ANALYSIS_SPAN_H
#define HCL_LIB_ANALYSIS_SPAN_H

#include "llvm/Support/MathExtras.h"

#include <cstdint>
#include <limits>
#include <optional>

namespace hcl {

/// Products and sums of trip counts and cycles saturate at the largest
/// int64_t instead of wrapping (2^31 x 2^31 x 7 cycles does not fit): a
/// saturated lower bound is still a lower bound; a saturated worst case is
/// dropped (unbounded).
constexpr int64_t kSaturated = std::numeric_limits<int64_t>::max();
inline int64_t satMul(int64_t a, int64_t b) {
  int64_t r;
  return llvm::MulOverflow(a, b, r) ? kSaturated : r;
}
inline int64_t satAdd(int64_t a, int64_t b) {
  int64_t r;
  return llvm::AddOverflow(a, b, r) ? kSaturated : r;
}
inline std::optional<int64_t> bounded(int64_t v) {
  return v == kSaturated ? std::nullopt : std::optional<int64_t>(v);
}

/// Cycles between a lower bound and a worst case (none: unbounded); equal
/// when the estimate is exact. Loops of unknown trip count count no
/// iteration in the lower bound and `max_trip_count` in the worst case.
struct Span {
  int64_t lo = 0;
  std::optional<int64_t> hi = 0;

  static Span exactly(int64_t cycles) { return {cycles, cycles}; }
  bool isExact() const { return hi && *hi == lo; }
  Span &operator+=(const Span &other) {
    lo = satAdd(lo, other.lo);
    hi = hi && other.hi ? bounded(satAdd(*hi, *other.hi)) : std::nullopt;
    return *this;
  }
  /// `cycles` fewer, which an earlier addition counted (a saturated or
  /// unbounded end stays so).
  Span &shorten(int64_t cycles) {
    if (lo != kSaturated)
      lo -= cycles;
    if (hi && *hi != kSaturated)
      *hi -= cycles;
    return *this;
  }
  /// `trips` passes of `body` (trips at least 0).
  static Span times(const Span &body, int64_t tripsLo,
                    std::optional<int64_t> tripsHi) {
    Span s;
    s.lo = satMul(tripsLo, body.lo);
    s.hi =
        body.hi && tripsHi ? bounded(satMul(*tripsHi, *body.hi)) : std::nullopt;
    return s;
  }
};

} // namespace hcl

#endif // HCL_LIB_ANALYSIS_SPAN_H
