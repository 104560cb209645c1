//===- AMCTypes.h - memory and port types of amc ----------------*- C++ -*-===//

#ifndef HCL_DIALECT_AMC_AMCTYPES_H
#define HCL_DIALECT_AMC_AMCTYPES_H

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Types.h"
#include "llvm/ADT/StringRef.h"

#include <optional>

namespace hcl::amc {

/// What a port may do: read (`r`), write (`w`) or both (`rw`).
enum class PortKind { Read, Write, ReadWrite };

llvm::StringRef stringifyPortKind(PortKind kind);
std::optional<PortKind> symbolizePortKind(llvm::StringRef text);
inline bool canRead(PortKind kind) { return kind != PortKind::Write; }
inline bool canWrite(PortKind kind) { return kind != PortKind::Read; }

inline llvm::hash_code hash_value(PortKind kind) {
  return llvm::hash_value(static_cast<int>(kind));
}

} // namespace hcl::amc

#define GET_TYPEDEF_CLASSES
#include "hcl/Dialect/AMC/AMCTypes.h.inc"

namespace hcl::amc {

/// Size, element type and kind of either port type.
struct PortShape {
  int64_t size;
  mlir::Type elementType;
  PortKind kind;
  bool handshake;
  int64_t latency; // 0 for handshake ports
};
std::optional<PortShape> getPortShape(mlir::Type type);

/// Bits of one word of `type` (integers and floats).
int64_t getWordWidth(mlir::Type elementType);

} // namespace hcl::amc

#endif // HCL_DIALECT_AMC_AMCTYPES_H
