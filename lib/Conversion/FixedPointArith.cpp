//===- FixedPointArith.cpp - fixed point as integer arithmetic ------------===//
//
// Every conversion first widens the bits to a width where the exact
// intermediate value cannot overflow, shifts there, applies the rounding and
// saturation modes, and only then truncates, so that wrapping happens once,
// at the end, as ap_fixed's assignment does.
//
//===----------------------------------------------------------------------===//

#include "FixedPointArith.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "llvm/ADT/APFloat.h"

using namespace mlir;

namespace hcl {

static IntegerType intType(OpBuilder &b, int64_t width) {
  return b.getIntegerType(static_cast<unsigned>(width));
}

Value FixedPointBuilder::constant(int64_t width, const APInt &value) {
  return arith::ConstantOp::create(
      b, loc,
      b.getIntegerAttr(intType(b, width),
                       value.sextOrTrunc(static_cast<unsigned>(width))));
}

Value FixedPointBuilder::constant(int64_t width, int64_t value) {
  return constant(width, APInt(64, static_cast<uint64_t>(value), true));
}

Value FixedPointBuilder::resize(Value value, int64_t width, bool isSigned) {
  int64_t from = value.getType().getIntOrFloatBitWidth();
  if (from == width)
    return value;
  if (from > width)
    return arith::TruncIOp::create(b, loc, intType(b, width), value);
  if (isSigned)
    return arith::ExtSIOp::create(b, loc, intType(b, width), value);
  return arith::ExtUIOp::create(b, loc, intType(b, width), value);
}

Value FixedPointBuilder::saturate(Value value, int64_t width, FixedFormat to) {
  unsigned w = static_cast<unsigned>(to.width);
  APInt maxValue = to.isSigned ? APInt::getSignedMaxValue(w).sext(width)
                               : APInt::getMaxValue(w).zext(width);
  APInt minValue = to.isSigned ? APInt::getSignedMinValue(w).sext(width)
                               : APInt::getZero(width);
  Value hi = constant(width, maxValue), lo = constant(width, minValue);
  Value above =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sgt, value, hi);
  value = arith::SelectOp::create(b, loc, above, hi, value);
  Value below =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, value, lo);
  return arith::SelectOp::create(b, loc, below, lo, value);
}

Value FixedPointBuilder::requantize(Value value, FixedFormat from,
                                    FixedFormat to, QuantizationMode mode) {
  // With rounding, quantize to one more fraction bit, then add half an LSB
  // of the target and drop that bit: floor(x * 2^F + 1/2).
  int64_t frac = to.frac + (mode.roundToNearest ? 1 : 0);
  int64_t up = std::max<int64_t>(0, frac - from.frac);
  int64_t width = std::max(from.width + up, to.width) + 3;
  Value x = resize(value, width, from.isSigned);
  if (frac > from.frac)
    x = arith::ShLIOp::create(b, loc, x, constant(width, frac - from.frac));
  else if (frac < from.frac) {
    int64_t shift = from.frac - frac;
    if (mode.towardZero && !mode.roundToNearest && from.isSigned)
      x = biasNegative(x, width, shift);
    x = arith::ShRSIOp::create(b, loc, x, constant(width, shift));
  }
  return finish(x, width, to, mode);
}

Value FixedPointBuilder::finish(Value value, int64_t width, FixedFormat to,
                                QuantizationMode mode) {
  if (mode.roundToNearest)
    value = arith::ShRSIOp::create(
        b, loc, arith::AddIOp::create(b, loc, value, constant(width, 1)),
        constant(width, 1));
  if (mode.saturate)
    value = saturate(value, width, to);
  return resize(value, to.width, true);
}

Value FixedPointBuilder::toInteger(Value value, FixedFormat from, int64_t width,
                                   bool towardZero) {
  int64_t wide = std::max(from.width, width) + 2;
  Value x = resize(value, wide, from.isSigned);
  if (from.frac > 0) {
    if (from.isSigned && towardZero)
      x = biasNegative(x, wide, from.frac);
    x = arith::ShRSIOp::create(b, loc, x, constant(wide, from.frac));
  }
  return resize(x, width, true);
}

Value FixedPointBuilder::biasNegative(Value x, int64_t width, int64_t shift) {
  // Truncation toward zero: negative values are biased up by 2^shift - 1
  // before the (flooring) arithmetic shift right by `shift`.
  Value negative = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, x,
                                         constant(width, 0));
  APInt bias = APInt::getLowBitsSet(static_cast<unsigned>(width),
                                    static_cast<unsigned>(shift));
  Value biased = arith::AddIOp::create(b, loc, x, constant(width, bias));
  return arith::SelectOp::create(b, loc, negative, biased, x);
}

Value FixedPointBuilder::floorScaledFloat(Value x, int64_t shift, int64_t width,
                                          bool towardZero) {
  auto floatType = cast<FloatType>(x.getType());
  const llvm::fltSemantics &sem = floatType.getFloatSemantics();
  int64_t bits = floatType.getWidth();
  int64_t mantissaBits = llvm::APFloat::semanticsPrecision(sem) - 1;
  int64_t exponentBits = bits - 1 - mantissaBits;
  int64_t bias = (int64_t(1) << (exponentBits - 1)) - 1;

  Value raw = arith::BitcastOp::create(b, loc, intType(b, bits), x);
  Value exponent = arith::AndIOp::create(
      b, loc, arith::ShRUIOp::create(b, loc, raw, constant(bits, mantissaBits)),
      constant(bits, (int64_t(1) << exponentBits) - 1));
  Value mantissa = arith::AndIOp::create(
      b, loc, raw,
      constant(bits, APInt::getLowBitsSet(
                         bits, static_cast<unsigned>(mantissaBits))));
  // Normal numbers have the implicit leading one; subnormals the exponent 1.
  Value isNormal = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne,
                                         exponent, constant(bits, 0));
  mantissa = arith::SelectOp::create(
      b, loc, isNormal,
      arith::OrIOp::create(
          b, loc, mantissa,
          constant(bits, APInt::getOneBitSet(
                             bits, static_cast<unsigned>(mantissaBits)))),
      mantissa);
  exponent =
      arith::SelectOp::create(b, loc, isNormal, exponent, constant(bits, 1));

  // |x| * 2^shift = mantissa * 2^k.
  Value k = arith::AddIOp::create(b, loc, resize(exponent, 32, false),
                                  constant(32, shift - bias - mantissaBits));
  Value kNonNegative = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge,
                                             k, constant(32, 0));
  Value leftFits = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, k,
                                         constant(32, width));
  Value s = arith::SubIOp::create(b, loc, constant(32, 0), k);
  Value rightFits = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, s,
                                          constant(32, width));
  Value m = resize(mantissa, width, false);
  Value zero = constant(width, 0);
  // Out-of-range shift amounts are poison, but select drops the unused arm.
  Value left = arith::SelectOp::create(
      b, loc, leftFits,
      arith::ShLIOp::create(b, loc, m, resize(k, width, true)), zero);
  Value sWide = resize(s, width, true);
  Value right = arith::SelectOp::create(
      b, loc, rightFits, arith::ShRUIOp::create(b, loc, m, sWide), zero);
  Value lowMask = arith::SubIOp::create(
      b, loc, arith::ShLIOp::create(b, loc, constant(width, 1), sWide),
      constant(width, 1));
  Value lostBits = arith::SelectOp::create(
      b, loc, rightFits, arith::AndIOp::create(b, loc, m, lowMask), m);
  Value inexact =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, lostBits, zero);
  Value magnitude = arith::SelectOp::create(b, loc, kNonNegative, left, right);
  // trunc(-v) = -trunc(v); floor(-v) = -ceil(v): one more when bits were
  // dropped.
  Value negatedMagnitude =
      towardZero ? magnitude
                 : arith::SelectOp::create(
                       b, loc, kNonNegative, left,
                       arith::AddIOp::create(b, loc, right,
                                             resize(inexact, width, false)));
  Value negated = arith::SubIOp::create(b, loc, zero, negatedMagnitude);
  Value isNegative = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt,
                                           raw, constant(bits, 0));
  return arith::SelectOp::create(b, loc, isNegative, negated, magnitude);
}

Value FixedPointBuilder::fromFloat(Value x, FixedFormat to,
                                   QuantizationMode mode) {
  auto floatType = cast<FloatType>(x.getType());
  const llvm::fltSemantics &sem = floatType.getFloatSemantics();
  int64_t mantissaBits = llvm::APFloat::semanticsPrecision(sem) - 1;
  int64_t frac = to.frac + (mode.roundToNearest ? 1 : 0);
  int64_t width = to.width + mantissaBits + 5;

  Value input = x;
  if (mode.saturate) {
    // Clamp to twice the range first, so the exact value fits in `width`
    // bits and saturation below sees it unwrapped.
    llvm::APFloat bound = llvm::scalbn(llvm::APFloat(sem, 1),
                                       static_cast<int>(to.width - to.frac + 1),
                                       llvm::APFloat::rmNearestTiesToEven);
    if (bound.isFinite()) {
      Value hi =
          arith::ConstantOp::create(b, loc, b.getFloatAttr(floatType, bound));
      Value lo =
          arith::ConstantOp::create(b, loc, b.getFloatAttr(floatType, -bound));
      x = arith::MinimumFOp::create(b, loc, x, hi);
      x = arith::MaximumFOp::create(b, loc, x, lo);
    }
  }
  Value r = finish(
      floorScaledFloat(x, frac, width, mode.towardZero && !mode.roundToNearest),
      width, to, mode);

  Value inf = arith::ConstantOp::create(
      b, loc, b.getFloatAttr(floatType, llvm::APFloat::getInf(sem)));
  Value negInf = arith::ConstantOp::create(
      b, loc, b.getFloatAttr(floatType, llvm::APFloat::getInf(sem, true)));
  Value special = arith::OrIOp::create(
      b, loc,
      arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO, input, input),
      arith::OrIOp::create(
          b, loc,
          arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OEQ, input, inf),
          arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OEQ, input,
                                negInf)));
  return arith::SelectOp::create(b, loc, special, constant(to.width, 0), r);
}

Value FixedPointBuilder::toFloat(Value value, FixedFormat from,
                                 Type floatType) {
  // Narrow integers convert exactly rounded in one instruction.
  if (from.width <= 64) {
    Value f =
        from.isSigned
            ? arith::SIToFPOp::create(b, loc, floatType, value).getResult()
            : arith::UIToFPOp::create(b, loc, floatType, value).getResult();
    if (from.frac == 0)
      return f;
    return LLVM::LoadExpOp::create(b, loc, floatType, f,
                                   constant(32, -from.frac));
  }
  // Wider ones: keep the top 64 significant bits of |V| and OR every dropped
  // bit into the last one (a sticky bit), so that the 64-bit conversion
  // rounds exactly as the whole value would; then scale by 2^(dropped - F).
  // Converting all of V first would overflow f32 for values ldexp brings
  // back into range.
  int64_t width = from.width + 1;
  Value v = resize(value, width, from.isSigned);
  Value zero = constant(width, 0);
  Value isNegative =
      from.isSigned
          ? arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, v, zero)
                .getResult()
          : constant(1, 0);
  Value magnitude = arith::SelectOp::create(
      b, loc, isNegative, arith::SubIOp::create(b, loc, zero, v), v);
  Value leadingZeros = math::CountLeadingZerosOp::create(b, loc, magnitude);
  Value length =
      arith::SubIOp::create(b, loc, constant(width, width), leadingZeros);
  Value excess = arith::SubIOp::create(b, loc, length, constant(width, 64));
  Value dropped = arith::MaxSIOp::create(b, loc, excess, zero);
  Value kept =
      resize(arith::ShRUIOp::create(b, loc, magnitude, dropped), 64, false);
  Value droppedMask = arith::SubIOp::create(
      b, loc, arith::ShLIOp::create(b, loc, constant(width, 1), dropped),
      constant(width, 1));
  Value sticky = arith::CmpIOp::create(
      b, loc, arith::CmpIPredicate::ne,
      arith::AndIOp::create(b, loc, magnitude, droppedMask), zero);
  kept = arith::OrIOp::create(b, loc, kept, resize(sticky, 64, false));
  Value f = arith::UIToFPOp::create(b, loc, floatType, kept);
  f = arith::SelectOp::create(b, loc, isNegative,
                              arith::NegFOp::create(b, loc, f), f);
  Value exponent = arith::SubIOp::create(b, loc, resize(dropped, 32, false),
                                         constant(32, from.frac));
  return LLVM::LoadExpOp::create(b, loc, floatType, f, exponent);
}

} // namespace hcl
