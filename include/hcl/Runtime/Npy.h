//===- Npy.h - NumPy .npy files -------------------------------*- C++ -*-===//
//
// Reads and writes the NumPy array file format (versions 1.0, 2.0 and 3.0),
// little-endian, C order, for the element types of hcl::ElementKind.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_RUNTIME_NPY_H
#define HCL_RUNTIME_NPY_H

#include "hcl/Runtime/HostArray.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>

namespace hcl {

/// The NumPy dtype descriptor of an element kind, e.g. "<i4".
llvm::StringRef npyDescriptor(ElementKind kind);

/// Parses the bytes of a .npy file. `name` is used in error messages.
llvm::Expected<HostArray> parseNpy(llvm::StringRef bytes, llvm::StringRef name);
llvm::Expected<HostArray> readNpy(llvm::StringRef path);

/// The bytes of a version 1.0 .npy file holding `array`.
std::string serializeNpy(const HostArray &array);
llvm::Error writeNpy(llvm::StringRef path, const HostArray &array);

} // namespace hcl

#endif // HCL_RUNTIME_NPY_H
