//===- BambuCheck.h - `hcl check --bambu` -----------------------*- C++ -*-===//

#ifndef HCL_TOOLS_HCL_BAMBUCHECK_H
#define HCL_TOOLS_HCL_BAMBUCHECK_H

#include "LoadedProgram.h"

#include "hcl/Runtime/JitProgram.h"
#include "hcl/Runtime/RandomFill.h"

#include <optional>
#include <vector>

namespace hcl::driver {

/// Compiles `entry`'s Bambu C with gcc (-std=c99 -Wall -Werror, and again
/// with -fopenmp), runs its testbench serially and with OpenMP on 1 and 2
/// threads for seeds 0..seeds-1 (after the optimization `steps`: a list
/// for parseBambuSteps), and requires every output to equal `jit`'s
/// bit for bit; prints the verdict and returns the exit code. The project
/// is written into `keepDir` when given, else into a temporary directory
/// removed on success.
int checkBambu(mlir::ModuleOp scheduled, mlir::func::FuncOp entry,
               JitProgram &jit, unsigned seeds, llvm::StringRef keepDir,
               llvm::StringRef steps,
               const std::vector<std::optional<InputRange>> &ranges = {});

} // namespace hcl::driver

#endif // HCL_TOOLS_HCL_BAMBUCHECK_H
