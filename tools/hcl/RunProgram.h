//===- RunProgram.h - running g++, clang and testbenches --------*- C++ -*-===//

#ifndef HCL_TOOLS_HCL_RUNPROGRAM_H
#define HCL_TOOLS_HCL_RUNPROGRAM_H

#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace hcl::driver {

/// Runs `program` with `args` in `workDir` ("" for the current directory)
/// and returns what it printed (stdout and stderr); when it fails, the error
/// carries that output.
llvm::Expected<std::string> runProgram(llvm::StringRef program,
                                       llvm::ArrayRef<std::string> args,
                                       llvm::StringRef workDir = "");

} // namespace hcl::driver

#endif // HCL_TOOLS_HCL_RUNPROGRAM_H
