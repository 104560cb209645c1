//===- SeedReference.cpp - the JIT's outputs for a testbench seed ---------===//
//
// Shared by `hcl check --hls` and `hcl check --bambu`, whose testbenches
// reproduce `hcl run --random-inputs` and write every output as .npy.
//
//===----------------------------------------------------------------------===//

#include "SeedReference.h"
#include "InputRanges.h"

#include "hcl/Runtime/Npy.h"
#include "hcl/Runtime/RandomFill.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace hcl::driver {

Expected<SeedReference>
runSeedReference(JitProgram &jit, unsigned seed,
                 const std::vector<std::optional<InputRange>> &ranges,
                 StringRef inputDir) {
  SeedReference ref;
  ref.args = jit.makeArguments();
  ref.testbenchInputs = {"--random-inputs", std::to_string(seed)};
  // The testbench's generator draws every argument: given values (an ONNX
  // model's weights) come as files, with the drawn ones.
  if (ranges.empty() && givenArguments().empty()) {
    for (size_t i = 0; i < ref.args.size(); ++i)
      fillRandom(ref.args[i], seed, i);
  } else {
    // The testbench's generator knows no ranges: it reads the inputs.
    fillArguments(ref.args, seed, ranges);
    if (std::error_code ec = sys::fs::create_directories(inputDir))
      return createStringError(ec, "cannot create " + inputDir);
    for (size_t i = 0; i < ref.args.size(); ++i) {
      SmallString<256> path(inputDir);
      sys::path::append(path, "arg" + std::to_string(i) + ".npy");
      if (Error error = writeNpy(path, ref.args[i]))
        return error;
    }
    ref.testbenchInputs = {"--inputs", inputDir.str()};
  }
  ref.results = jit.makeResults();
  if (Error error = jit.run(ref.args, ref.results))
    return error;
  const EntrySignature &signature = jit.signature();
  for (size_t i = 0; i < ref.args.size(); ++i)
    if (signature.arguments[i].isMemRef)
      ref.outputs.push_back({"arg" + std::to_string(i), &ref.args[i]});
  for (size_t i = 0; i < ref.results.size(); ++i)
    ref.outputs.push_back({"result" + std::to_string(i), &ref.results[i]});
  return ref;
}

Expected<HostArray> readTestbenchOutput(StringRef dir, StringRef file) {
  SmallString<256> path(dir);
  sys::path::append(path, file + ".npy");
  return readNpy(path);
}

} // namespace hcl::driver
