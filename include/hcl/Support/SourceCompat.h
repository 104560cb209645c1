//===- SourceCompat.h - reading the seeds' MLIR 14 spelling -----*- C++ -*-===//
//
// The seed documents were written for MLIR 14, where a function was spelled
// `func @f(...)`. MLIR 22 spells it `func.func @f(...)`. Our tools accept the
// old spelling by rewriting it before parsing; nothing else changes (inside a
// function `return` and `call` already resolve to the func dialect).
//
//===----------------------------------------------------------------------===//

#ifndef HCL_SUPPORT_SOURCECOMPAT_H
#define HCL_SUPPORT_SOURCECOMPAT_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/MemoryBuffer.h"

#include <memory>
#include <string>

namespace hcl {

/// Rewrites every line that starts with `func @`, `func private @`,
/// `func public @` or `func nested @` to `func.func ...`, and every
/// `call @f(...)` / `%r = call @f(...)` to `func.call`. Line numbers are
/// kept, so diagnostics still point at the user's line. A seed-003 interface
/// declaration `amc.memory @m(...);` loses its trailing `;`.
std::string upgradeFuncSpelling(llvm::StringRef source);

/// The same, on a buffer; keeps the buffer's name for diagnostics. Returns
/// the input unchanged when there is nothing to rewrite.
std::unique_ptr<llvm::MemoryBuffer>
upgradeFuncSpelling(std::unique_ptr<llvm::MemoryBuffer> buffer);

} // namespace hcl

#endif // HCL_SUPPORT_SOURCECOMPAT_H
