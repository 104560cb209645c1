//===- SeedReference.h - the JIT's outputs for a testbench seed -*- C++ -*-===//

#ifndef HCL_TOOLS_HCL_SEEDREFERENCE_H
#define HCL_TOOLS_HCL_SEEDREFERENCE_H

#include "hcl/Runtime/HostArray.h"
#include "hcl/Runtime/JitProgram.h"
#include "hcl/Runtime/RandomFill.h"

#include <optional>

#include "llvm/Support/Error.h"

#include <string>
#include <utility>
#include <vector>

namespace hcl::driver {

/// What the JIT computes on `hcl run --random-inputs seed`'s inputs, and the
/// outputs a testbench writes for it: memref arguments (`argN`, written in
/// place) and results (`resultN`), each with the JIT's array.
struct SeedReference {
  std::vector<HostArray> args, results;
  std::vector<std::pair<std::string, HostArray *>> outputs;
  /// How the testbench makes the same inputs: `--random-inputs SEED`, or
  /// with --input-range `--inputs DIR` of .npy files written for it.
  std::vector<std::string> testbenchInputs;
};

/// With `ranges` (hcl check --input-range), the inputs are drawn from them
/// and written as `inputDir/argN.npy` for the testbench to read.
llvm::Expected<SeedReference>
runSeedReference(JitProgram &jit, unsigned seed,
                 const std::vector<std::optional<InputRange>> &ranges = {},
                 llvm::StringRef inputDir = "");

/// The `<file>.npy` a testbench wrote into `dir`.
llvm::Expected<HostArray> readTestbenchOutput(llvm::StringRef dir,
                                              llvm::StringRef file);

} // namespace hcl::driver

#endif // HCL_TOOLS_HCL_SEEDREFERENCE_H
