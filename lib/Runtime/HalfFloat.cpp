//===- HalfFloat.cpp - float16 and bfloat16 bits on the host --------------===//

#include "hcl/Runtime/HalfFloat.h"

#include "llvm/ADT/APFloat.h"

namespace hcl {

static uint16_t roundedBits(double value, const llvm::fltSemantics &to) {
  llvm::APFloat f(value);
  bool lost;
  f.convert(to, llvm::APFloat::rmNearestTiesToEven, &lost);
  return uint16_t(f.bitcastToAPInt().getZExtValue());
}

static double widened(uint16_t bits, const llvm::fltSemantics &from) {
  llvm::APFloat f(from, llvm::APInt(16, bits));
  bool lost;
  f.convert(llvm::APFloat::IEEEdouble(), llvm::APFloat::rmNearestTiesToEven,
            &lost);
  return f.convertToDouble();
}

uint16_t halfBits(double value) {
  return roundedBits(value, llvm::APFloat::IEEEhalf());
}

double halfValue(uint16_t bits) {
  return widened(bits, llvm::APFloat::IEEEhalf());
}

uint16_t bfloat16Bits(double value) {
  return roundedBits(value, llvm::APFloat::BFloat());
}

double bfloat16Value(uint16_t bits) {
  return widened(bits, llvm::APFloat::BFloat());
}

double roundToHalf(double value, bool bfloat) {
  return bfloat ? bfloat16Value(bfloat16Bits(value))
                : halfValue(halfBits(value));
}

} // namespace hcl
