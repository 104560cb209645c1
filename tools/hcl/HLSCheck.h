//===- HLSCheck.h - `hcl check --hls` ---------------------------*- C++ -*-===//

#ifndef HCL_TOOLS_HCL_HLSCHECK_H
#define HCL_TOOLS_HCL_HLSCHECK_H

#include "LoadedProgram.h"

#include "hcl/Runtime/JitProgram.h"
#include "hcl/Runtime/RandomFill.h"

#include <optional>
#include <vector>

namespace hcl::driver {

/// Compares the C simulation of `entry`'s HLS project with `jit` (the same
/// scheduled program, JIT-compiled) on seeds 0..seeds-1; prints the verdict
/// and returns the exit code. The project is written into `keepDir` when
/// given (and kept), else into a temporary directory removed on success.
/// With `ranges` (--input-range), the inputs are drawn from them and the
/// testbench reads them as .npy files.
int checkHLS(mlir::ModuleOp scheduled, mlir::func::FuncOp entry,
             JitProgram &jit, unsigned seeds, llvm::StringRef keepDir,
             const std::vector<std::optional<InputRange>> &ranges = {});

} // namespace hcl::driver

#endif // HCL_TOOLS_HCL_HLSCHECK_H
