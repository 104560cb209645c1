//===- Type.cpp - element types of the hcl C++ API ------------------------===//

#include "Nodes.h"

#include "hcl/Frontend/Error.h"
#include "hcl/Frontend/Type.h"

namespace hcl {

static Type defaultType = Int(32);

int64_t wrapToWidth(int64_t value, Type type) {
  if (type.bits >= 64)
    return value;
  uint64_t mask = (uint64_t(1) << type.bits) - 1;
  uint64_t bits = uint64_t(value) & mask;
  if (!type.isUnsigned() && type.bits > 1 && (bits >> (type.bits - 1)))
    bits |= ~mask;
  return int64_t(bits);
}

static constexpr unsigned kMaxBits = 512;

std::string Type::str() const {
  switch (kind) {
  case Kind::Int:
    return "int" + std::to_string(bits);
  case Kind::UInt:
    return "uint" + std::to_string(bits);
  case Kind::Float:
    return "float" + std::to_string(bits);
  case Kind::Fixed:
    return "fixed" + std::to_string(bits) + "_" + std::to_string(frac);
  case Kind::UFixed:
    return "ufixed" + std::to_string(bits) + "_" + std::to_string(frac);
  case Kind::BFloat:
    return "bfloat16";
  }
  return "?";
}

Type Int(unsigned bits) {
  if (bits == 0 || bits > kMaxBits)
    throwError("Int(" + std::to_string(bits) + "): widths are 1 to 512 bits");
  return {Type::Kind::Int, bits};
}

Type UInt(unsigned bits) {
  if (bits == 0 || bits > kMaxBits)
    throwError("UInt(" + std::to_string(bits) + "): widths are 1 to 512 bits");
  return {Type::Kind::UInt, bits};
}

static Type fixedType(Type::Kind kind, const char *name, unsigned bits,
                      unsigned frac) {
  std::string spelled = std::string(name) + "(" + std::to_string(bits) + ", " +
                        std::to_string(frac) + ")";
  if (bits == 0 || bits > kMaxBits)
    throwError(spelled + ": widths are 1 to 512 bits");
  if (frac > bits)
    throwError(spelled + ": the fraction bits must be 0 to the width");
  return {kind, bits, frac};
}

Type Fixed(unsigned bits, unsigned frac) {
  return fixedType(Type::Kind::Fixed, "Fixed", bits, frac);
}

Type UFixed(unsigned bits, unsigned frac) {
  return fixedType(Type::Kind::UFixed, "UFixed", bits, frac);
}

Type Float(unsigned bits) {
  if (bits != 16 && bits != 32 && bits != 64)
    throwError("Float(" + std::to_string(bits) +
               "): only Float(16), Float(32) and Float(64) are supported "
               "(BFloat16() for bfloat16)");
  return {Type::Kind::Float, bits};
}

Type BFloat16() { return {Type::Kind::BFloat, 16}; }

void init(Type type) { defaultType = type; }
Type getDefaultType() { return defaultType; }

} // namespace hcl
