//===- RTLCheck.h - `hcl check --rtl` ---------------------------*- C++ -*-===//

#ifndef HCL_TOOLS_HCL_RTLCHECK_H
#define HCL_TOOLS_HCL_RTLCHECK_H

#include "hcl/Runtime/JitProgram.h"
#include "hcl/Runtime/RandomFill.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"

#include <optional>
#include <vector>

namespace hcl::driver {

/// Simulates `entry`'s SystemVerilog module (the scheduled program's, see
/// docs/rtl.md) with Verilator on the random inputs of seeds 0..seeds-1
/// and compares every output bit for bit with `jit`; prints the verdict and
/// the cycles, and returns the exit code. The files go into `keepDir` when
/// given (and are kept), else into a temporary directory removed on
/// success. A simulation that runs `maxCycles` cycles without finishing
/// fails as hung; 0 sets the limit from the estimator's latency.
int checkRTL(mlir::ModuleOp scheduled, mlir::func::FuncOp entry,
             JitProgram &jit, unsigned seeds, llvm::StringRef keepDir,
             const std::vector<std::optional<InputRange>> &ranges = {},
             uint64_t maxCycles = 0);

} // namespace hcl::driver

#endif // HCL_TOOLS_HCL_RTLCHECK_H
