//===- Type.h - element types of the hcl C++ API ----------------*- C++ -*-===//

#ifndef HCL_FRONTEND_TYPE_H
#define HCL_FRONTEND_TYPE_H

#include <string>

namespace hcl {

/// An element type: Int(bits), UInt(bits) or Float(32 / 64).
struct Type {
  enum class Kind { Int, UInt, Float };
  Kind kind = Kind::Int;
  unsigned bits = 32;

  bool isFloat() const { return kind == Kind::Float; }
  bool isUnsigned() const { return kind == Kind::UInt; }
  /// HeteroCL's spelling: "int32", "uint8", "float32".
  std::string str() const;

  friend bool operator==(Type a, Type b) {
    return a.kind == b.kind && a.bits == b.bits;
  }
  friend bool operator!=(Type a, Type b) { return !(a == b); }
};

Type Int(unsigned bits = 32);
Type UInt(unsigned bits = 32);
Type Float(unsigned bits = 32);

/// HeteroCL's hcl.init(dtype): the type of tensors and constants that do not
/// name one. Int(32) until set.
void init(Type defaultType = Int(32));
Type getDefaultType();

} // namespace hcl

#endif // HCL_FRONTEND_TYPE_H
