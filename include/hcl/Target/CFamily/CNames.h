//===- CNames.h - C++ identifiers for IR values -----------------*- C++ -*-===//

#ifndef HCL_TARGET_CFAMILY_CNAMES_H
#define HCL_TARGET_CFAMILY_CNAMES_H

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace hcl {

/// Hands out C++ identifiers: a wanted name is sanitized (characters outside
/// [A-Za-z0-9_] become '_', a leading digit or a C++ keyword gets a prefix)
/// and made unique with a numeric suffix, deterministically in request order.
class CNames {
public:
  std::string get(llvm::StringRef wanted);
  /// Marks `name` as taken without handing it out (function names, helpers).
  void reserve(llvm::StringRef name) { used[name] = 1; }

private:
  llvm::StringMap<unsigned> used;
};

/// `wanted` as a valid C++ identifier (no uniquing).
std::string sanitizeIdentifier(llvm::StringRef wanted);

} // namespace hcl

#endif // HCL_TARGET_CFAMILY_CNAMES_H
