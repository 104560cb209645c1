//===- FixedPointIO.h - fixed-point values at the host boundary -*- C++ -*-===//
//
// Fixed-point arguments travel as their integer bits V (the value is
// V * 2^-frac) in the container of their width. These helpers convert
// between those bits and float64 values, for `hcl run --fixed-as-float` and
// the front end's hcl::Array.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_RUNTIME_FIXEDPOINTIO_H
#define HCL_RUNTIME_FIXEDPOINTIO_H

#include "hcl/Runtime/HostArray.h"

#include <cstdint>

namespace hcl {

/// trunc(value * 2^frac) (toward zero, as HeteroCL's asarray and the front
/// ends' float to fixed conversions) modulo 2^64 (the caller keeps the low
/// bits of its width); NaN and infinities give 0, as hcl.float_to_fixed
/// does.
int64_t quantizeToBits(double value, unsigned frac);

/// The bits of `floats` (float32 or float64) quantized into an array of
/// `container` kind, wrapped to `width` bits.
HostArray fixedBitsFromFloats(const HostArray &floats, ElementKind container,
                              unsigned width, unsigned frac);

/// The values V * 2^-frac of fixed-point bits, as float64 (rounded to
/// nearest when V has more than 53 significant bits).
HostArray floatsFromFixedBits(const HostArray &bits, unsigned frac);

} // namespace hcl

#endif // HCL_RUNTIME_FIXEDPOINTIO_H
