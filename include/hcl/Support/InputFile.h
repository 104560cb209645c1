//===- InputFile.h - read a program file, not forever ----------*- C++ -*-===//
//
// A program path may name something that never ends: `hcl run /dev/zero`
// read until memory ran out. Regular files are read whole; a directory or a
// device is refused; a stream (a pipe, or stdin as "-") is read up to
// kMaxStreamBytes, more is an error.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_SUPPORT_INPUTFILE_H
#define HCL_SUPPORT_INPUTFILE_H

#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"

#include <memory>

namespace hcl {

/// The most read from a pipe or stdin: far more than any program text.
inline constexpr uint64_t kMaxStreamBytes = 1ull << 30;

/// The contents of `path` ("-": stdin), or an error naming the path and
/// why it cannot be read.
llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>>
readInputFile(llvm::StringRef path);

} // namespace hcl

#endif // HCL_SUPPORT_INPUTFILE_H
