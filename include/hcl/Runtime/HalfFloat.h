//===- HalfFloat.h - float16 and bfloat16 bits on the host ------*- C++ -*-===//
//
// The host has no 16-bit float type: f16 and bf16 elements are kept as their
// bits, and converted here, rounding to nearest, ties to even, as the JIT's
// truncf, NumPy's astype(float16) and ONNX's reference Cast do.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_RUNTIME_HALFFLOAT_H
#define HCL_RUNTIME_HALFFLOAT_H

#include <cstdint>

namespace hcl {

/// IEEE binary16.
uint16_t halfBits(double value);
double halfValue(uint16_t bits);
/// bfloat16: the high half of a float32.
uint16_t bfloat16Bits(double value);
double bfloat16Value(uint16_t bits);
/// `value` rounded to f16 (bits 16) or bf16 (bfloat true), as a double.
double roundToHalf(double value, bool bfloat);

} // namespace hcl

#endif // HCL_RUNTIME_HALFFLOAT_H
