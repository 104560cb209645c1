//===- CpuOptions.cpp - the CPU options of hcl run and hcl check ---------===//

#include "CpuOptions.h"
#include "DriverPipeline.h"
#include "Subcommands.h"

using namespace llvm;

namespace hcl::driver {

static cl::opt<std::string>
    cpu("cpu",
        cl::desc("compile for this CPU (LLVM's name: skylake-avx512, znver4, "
                 "x86-64-v3, generic) instead of the host's, for timings "
                 "that do not depend on the machine"),
        cl::value_desc("NAME"), cl::sub(runSubcommand),
        cl::sub(checkSubcommand));

static cl::opt<bool> fpContract(
    "fp-contract",
    cl::desc("fuse floating-point multiplies and adds into FMA instructions "
             "(one rounding instead of two: faster, not bit-exact; hcl check "
             "then compares with a tolerance of 1e-4 of each array's "
             "largest value)"),
    cl::sub(runSubcommand), cl::sub(checkSubcommand));

static cl::opt<unsigned>
    threads("threads",
            cl::desc("run `parallel` loops on N OpenMP threads (default: "
                     "OMP_NUM_THREADS, else one per core)"),
            cl::value_desc("N"), cl::sub(runSubcommand),
            cl::sub(checkSubcommand));

static cl::opt<std::string> objectFile(
    "object",
    cl::desc("write the JIT's machine code for the program as an object "
             "file (read it with objdump -d)"),
    cl::value_desc("FILE"), cl::sub(runSubcommand));

JitOptions cpuJitOptions(bool reference) {
  JitOptions options;
  options.cpu = cpu;
  options.fpContract = fpContract && !reference;
  options.keepObject = !objectFile.empty();
  options.threads = threads;
  return options;
}

std::optional<std::string> cpuOptionsError() {
  if (threads.getNumOccurrences() &&
      (threads == 0 || threads > JitOptions::kMaxThreads))
    return "--threads must be between 1 and " +
           std::to_string(JitOptions::kMaxThreads);
  return std::nullopt;
}

bool fpContractRequested() { return fpContract; }

void writeObjectIfRequested(JitProgram &program) {
  if (!objectFile.empty())
    program.writeObject(objectFile);
}

} // namespace hcl::driver
