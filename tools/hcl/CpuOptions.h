//===- CpuOptions.h - how `hcl run` and `hcl check` compile for the CPU ---===//
//
//   --cpu NAME       compile for LLVM's CPU NAME (skylake-avx512, znver4,
//                    x86-64-v3, generic) instead of the host's CPU
//   --fp-contract    fuse floating-point multiplies and adds (FMA)
//   --threads N      OpenMP threads for `parallel` loops
//   --object FILE    (run) write the JIT's machine code as an object file
//   --cpu-schedule   (run) an .onnx model's default CPU schedule (on)
//
// docs/cpu.md says what each changes.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_TOOLS_HCL_CPUOPTIONS_H
#define HCL_TOOLS_HCL_CPUOPTIONS_H

#include "hcl/Runtime/JitProgram.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"

#include <optional>
#include <string>

namespace hcl::driver {

/// The JIT options the command line asks for. `hcl check` passes
/// `reference` for the unscheduled program, which never fuses: it is the
/// program's exact meaning.
JitOptions cpuJitOptions(bool reference = false);

/// The message for CPU options out of range (--threads), if any.
std::optional<std::string> cpuOptionsError();

/// `hcl run`'s pipeline builder: for an .onnx model (and unless
/// --cpu-schedule=false or --schedule=auto) --hcl-cpu-schedule for the run's
/// thread count, then --hcl-apply-customizations.
mlir::LogicalResult addCpuScheduleAndApply(llvm::StringRef inputPath,
                                           mlir::OpPassManager &pm,
                                           mlir::ModuleOp module);

/// With `hcl run --object FILE`: writes the program's machine code there.
void writeObjectIfRequested(JitProgram &program);

/// Whether --fp-contract was given (then `hcl check` compares floats with
/// fpContractTolerance).
bool fpContractRequested();

/// With FMA the scheduled program rounds once where the reference rounds
/// twice; a sum that cancels can then differ in its last bits relative to
/// its own size, but not relative to the array's largest value.
constexpr double fpContractTolerance = 1e-4;

} // namespace hcl::driver

#endif // HCL_TOOLS_HCL_CPUOPTIONS_H
