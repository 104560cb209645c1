//===- Type.cpp - element types of the hcl C++ API ------------------------===//

#include "hcl/Frontend/Error.h"
#include "hcl/Frontend/Type.h"

namespace hcl {

static Type defaultType = Int(32);

std::string Type::str() const {
  const char *prefix = kind == Kind::Int ? "int" : kind == Kind::UInt ? "uint" : "float";
  return prefix + std::to_string(bits);
}

Type Int(unsigned bits) {
  if (bits == 0 || bits > 64)
    throwError("Int(" + std::to_string(bits) + "): widths are 1 to 64 bits");
  return {Type::Kind::Int, bits};
}

Type UInt(unsigned bits) {
  if (bits == 0 || bits > 64)
    throwError("UInt(" + std::to_string(bits) + "): widths are 1 to 64 bits");
  return {Type::Kind::UInt, bits};
}

Type Float(unsigned bits) {
  if (bits != 32 && bits != 64)
    throwError("Float(" + std::to_string(bits) + "): only Float(32) and "
               "Float(64) are supported");
  return {Type::Kind::Float, bits};
}

void init(Type type) { defaultType = type; }
Type getDefaultType() { return defaultType; }

} // namespace hcl
