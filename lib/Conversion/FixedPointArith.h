//===- FixedPointArith.h - fixed point as integer arithmetic ----*- C++ -*-===//
//
// Builders of the integer arithmetic that implements hcl's fixed-point
// semantics (docs/datatypes.md) on the raw bits: requantization with
// truncation or rounding, wrap or saturation, and exact conversions from
// floats. Shared by the CPU lowering of every fixed-point operation.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_LIB_CONVERSION_FIXEDPOINTARITH_H
#define HCL_LIB_CONVERSION_FIXEDPOINTARITH_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/Value.h"

#include <cstdint>

namespace hcl {

/// A fixed-point format: `width` bits V, value V * 2^-frac. Integers are
/// formats with frac = 0.
struct FixedFormat {
  int64_t width;
  int64_t frac;
  bool isSigned;
};

/// How a conversion drops bits below the LSB and above the MSB.
struct QuantizationMode {
  bool roundToNearest = false; // else truncate toward minus infinity ...
  bool towardZero = false;     // ... or, with this, toward zero (AP_TRN_ZERO)
  bool saturate = false;       // else wrap
};

class FixedPointBuilder {
public:
  FixedPointBuilder(mlir::OpBuilder &builder, mlir::Location loc)
      : b(builder), loc(loc) {}

  /// An integer constant of `width` bits.
  mlir::Value constant(int64_t width, const llvm::APInt &value);
  mlir::Value constant(int64_t width, int64_t value);
  /// Extends (by `isSigned`) or truncates `value` to `width` bits.
  mlir::Value resize(mlir::Value value, int64_t width, bool isSigned);

  /// `value` in format `from` converted to format `to`.
  mlir::Value requantize(mlir::Value value, FixedFormat from, FixedFormat to,
                         QuantizationMode mode = {});
  /// Fixed point to an integer of `width` bits: truncate toward zero (else
  /// toward minus infinity), wrap.
  mlir::Value toInteger(mlir::Value value, FixedFormat from, int64_t width,
                        bool towardZero = true);
  /// A float to `to`: the float's exact value quantized; NaN and infinities
  /// give 0.
  mlir::Value fromFloat(mlir::Value value, FixedFormat to,
                        QuantizationMode mode = {});
  /// Fixed point to `floatType`: V * 2^-frac rounded to nearest, ties to
  /// even (exactly so when the result is a normal number).
  mlir::Value toFloat(mlir::Value value, FixedFormat from,
                      mlir::Type floatType);

private:
  /// floor(x * 2^shift) of a float `x` (trunc(x * 2^shift) when
  /// `towardZero`) as a `width`-bit integer, modulo 2^width.
  mlir::Value floorScaledFloat(mlir::Value x, int64_t shift, int64_t width,
                               bool towardZero);
  /// A `width`-bit value floored at `to`'s fraction bits (one more when
  /// `mode` rounds to nearest): rounded, then saturated or wrapped to `to`.
  mlir::Value finish(mlir::Value value, int64_t width, FixedFormat to,
                     QuantizationMode mode);
  /// A `width`-bit signed `x` plus 2^shift - 1 when negative, so that an
  /// arithmetic shift right by `shift` truncates toward zero.
  mlir::Value biasNegative(mlir::Value x, int64_t width, int64_t shift);
  /// Clamps a `width`-bit signed value to the range of `to`.
  mlir::Value saturate(mlir::Value value, int64_t width, FixedFormat to);

  mlir::OpBuilder &b;
  mlir::Location loc;
};

} // namespace hcl

#endif // HCL_LIB_CONVERSION_FIXEDPOINTARITH_H
