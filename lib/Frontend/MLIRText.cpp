//===- MLIRText.cpp - MLIR spellings of types, literals and data ----------===//

#include "MLIRText.h"
#include "EmitMLIR.h"

#include "hcl/Runtime/HalfFloat.h"

#include <cctype>
#include <cstring>
#include <functional>
#include <sstream>

namespace hcl {

std::string mlirType(Type type) {
  if (type.isFixed())
    return std::string(type.isUnsigned() ? "!hcl.UFixed<" : "!hcl.Fixed<") +
           std::to_string(type.bits) + ", " + std::to_string(type.frac) + ">";
  if (type.isBFloat())
    return "bf16";
  return (type.isFloat() ? "f" : "i") + std::to_string(type.bits);
}

/// UInt arguments and results are unsigned at the host boundary.
std::string unsignedAttr(Type type) {
  return type.kind == Type::Kind::UInt && type.bits > 1 ? " {hcl.unsigned}"
                                                        : "";
}

std::string memrefType(const std::vector<int64_t> &shape, Type type) {
  std::string s = "memref<";
  for (int64_t d : shape)
    s += std::to_string(d) + "x";
  return s + mlirType(type) + ">";
}

std::string quoted(const std::string &s) {
  std::string out = "\"";
  for (char c : s)
    out += (c == '"' || c == '\\') ? std::string("\\") + c : std::string(1, c);
  return out + "\"";
}

/// An integer constant of `type` as MLIR prints it: wrapped to the width
/// and written signed.
std::string intLiteral(int64_t value, Type type) {
  if (type.bits < 64) {
    uint64_t mask = (uint64_t(1) << type.bits) - 1;
    uint64_t bits = uint64_t(value) & mask;
    if (type.bits > 1 && (bits >> (type.bits - 1)))
      return std::to_string(int64_t(bits | ~mask));
    return std::to_string(bits);
  }
  return std::to_string(value);
}

/// A float constant in hexadecimal bits, so the value is exact.
std::string floatLiteral(double value, Type type) {
  std::ostringstream os;
  os << "0x" << std::hex << std::uppercase;
  if (type.bits == 16) {
    os << (type.isBFloat() ? bfloat16Bits(value) : halfBits(value));
  } else if (type.bits == 32) {
    float f = static_cast<float>(value);
    uint32_t bits;
    std::memcpy(&bits, &f, 4);
    os << bits;
  } else {
    uint64_t bits;
    std::memcpy(&bits, &value, 8);
    os << bits;
  }
  return os.str();
}

/// A valid, readable symbol for a constant named `name`: other characters
/// become '_'; the names of @top and of outlined functions (Stage_...) are
/// left to them.
std::string symbolName(const std::string &name) {
  std::string symbol;
  for (char c : name)
    symbol += std::isalnum(static_cast<unsigned char>(c)) || c == '_' ? c : '_';
  if (symbol.empty() || std::isdigit(static_cast<unsigned char>(symbol[0])))
    symbol = "_" + symbol;
  if (symbol == "top" || symbol.rfind("Stage_", 0) == 0)
    symbol = "const_" + symbol;
  return symbol;
}

/// A constant's elements as a dense literal of its memref type: raw
/// little-endian hex for floats and 8/16/32/64-bit integers (exact and
/// compact), nested lists for other widths, one value when all are equal.
/// How a constant is stored: fixed point as integers of its width (its
/// bits V; reads bitcast them to the fixed type), other types as they are.
Type storageType(const TensorNode &constant) {
  Type t = constant.dtype;
  if (constant.kind == TensorKind::Constant && t.isFixed())
    return t.isUnsigned() ? UInt(t.bits) : Int(t.bits);
  return t;
}

std::string denseLiteral(const TensorNode &constant) {
  Type type = storageType(constant);
  bool isFloat = type.isFloat();
  size_t count =
      isFloat ? constant.floatValues.size() : constant.intValues.size();
  auto element = [&](size_t i) {
    if (isFloat)
      return floatLiteral(constant.floatValues[i], type);
    if (type.bits == 1)
      return std::string(constant.intValues[i] & 1 ? "true" : "false");
    return intLiteral(constant.intValues[i], type);
  };
  bool splat = true;
  for (size_t i = 1; i < count && splat; ++i)
    splat = isFloat ? std::memcmp(&constant.floatValues[i],
                                  &constant.floatValues[0], sizeof(double)) == 0
                    : constant.intValues[i] == constant.intValues[0];
  if (splat)
    return "dense<" + element(0) + ">";
  unsigned bits = type.bits;
  if (isFloat || bits == 8 || bits == 16 || bits == 32 || bits == 64) {
    static const char digits[] = "0123456789ABCDEF";
    std::string hex;
    hex.reserve(count * bits / 4 + 16);
    for (size_t i = 0; i < count; ++i) {
      uint64_t raw;
      if (isFloat && bits == 16) {
        raw = type.isBFloat() ? bfloat16Bits(constant.floatValues[i])
                              : halfBits(constant.floatValues[i]);
      } else if (isFloat && bits == 32) {
        float f = static_cast<float>(constant.floatValues[i]);
        uint32_t b;
        std::memcpy(&b, &f, 4);
        raw = b;
      } else if (isFloat) {
        std::memcpy(&raw, &constant.floatValues[i], 8);
      } else {
        raw = uint64_t(constant.intValues[i]);
      }
      for (unsigned byte = 0; byte < bits / 8; ++byte) {
        unsigned v = (raw >> (8 * byte)) & 0xFF;
        hex += digits[v >> 4];
        hex += digits[v & 0xF];
      }
    }
    return "dense<\"0x" + hex + "\">";
  }
  // Nested lists, one level per dimension.
  const std::vector<int64_t> &shape = constant.shape;
  std::string text;
  size_t next = 0;
  std::function<void(size_t)> dimension = [&](size_t d) {
    text += "[";
    for (int64_t i = 0; i < shape[d]; ++i) {
      if (i)
        text += ", ";
      if (d + 1 == shape.size())
        text += element(next++);
      else
        dimension(d + 1);
    }
    text += "]";
  };
  dimension(0);
  return "dense<" + text + ">";
}

} // namespace hcl
