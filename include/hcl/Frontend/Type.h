//===- Type.h - element types of the hcl C++ API ----------------*- C++ -*-===//

#ifndef HCL_FRONTEND_TYPE_H
#define HCL_FRONTEND_TYPE_H

#include <string>

namespace hcl {

/// An element type: Int(bits), UInt(bits) (1 to 512 bits), Float(16 / 32 /
/// 64) (IEEE half, single, double), BFloat16() (bfloat16: a float's 8
/// exponent bits and 7 of its fraction bits), or fixed point Fixed(bits, frac)
/// / UFixed(bits, frac): `bits` bits V of value V * 2^-frac
/// (docs/datatypes.md).
struct Type {
  enum class Kind { Int, UInt, Float, Fixed, UFixed, BFloat };
  Kind kind = Kind::Int;
  unsigned bits = 32;
  unsigned frac = 0; // fixed point only

  /// Float and BFloat: both compute as MLIR floats.
  bool isFloat() const { return kind == Kind::Float || kind == Kind::BFloat; }
  bool isBFloat() const { return kind == Kind::BFloat; }
  bool isFixed() const { return kind == Kind::Fixed || kind == Kind::UFixed; }
  bool isInteger() const { return kind == Kind::Int || kind == Kind::UInt; }
  /// UInt and UFixed.
  bool isUnsigned() const { return kind == Kind::UInt || kind == Kind::UFixed; }
  /// HeteroCL's spelling: "int32", "uint8", "float32", "float16",
  /// "bfloat16", "fixed8_4", "ufixed8_4".
  std::string str() const;

  friend bool operator==(Type a, Type b) {
    return a.kind == b.kind && a.bits == b.bits && a.frac == b.frac;
  }
  friend bool operator!=(Type a, Type b) { return !(a == b); }
};

Type Int(unsigned bits = 32);
Type UInt(unsigned bits = 32);
Type Float(unsigned bits = 32);
/// bfloat16 (MLIR's bf16).
Type BFloat16();
/// Fixed point: `bits` in all (1 to 512), `frac` of them fraction (0 to bits).
Type Fixed(unsigned bits, unsigned frac);
Type UFixed(unsigned bits, unsigned frac);

/// HeteroCL's hcl.init(dtype): the type of tensors and constants that do not
/// name one. Int(32) until set.
void init(Type defaultType = Int(32));
Type getDefaultType();

} // namespace hcl

#endif // HCL_FRONTEND_TYPE_H
