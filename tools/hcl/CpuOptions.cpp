//===- CpuOptions.cpp - the CPU options of hcl run and hcl check ---------===//

#include "CpuOptions.h"
#include "DriverPipeline.h"
#include "OnnxInput.h"
#include "Subcommands.h"

#include "hcl/Transforms/Passes.h"

#include <cstdlib>

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

static cl::opt<bool> cpuSchedule(
    "cpu-schedule",
    cl::desc("with an .onnx model and no --schedule: give its convolutions, "
             "matmuls and pools the default CPU schedule "
             "(--hcl-cpu-schedule: register blocks and vectors; large "
             "stages parallel with --threads above 1; results bit for bit "
             "the same). "
             "--cpu-schedule=false runs the loop nests as imported"),
    cl::init(true), cl::sub(runSubcommand));

/// The threads the CPU schedule plans for: those asked for (--threads,
/// OMP_NUM_THREADS), else one. Not one per core by default: on a loaded
/// machine a parallel region's join waits for every thread to get a core,
/// and ResNet-20 ran several times slower on 2 threads than on 1.
static int64_t scheduleThreads() {
  if (threads)
    return threads;
  if (const char *env = std::getenv("OMP_NUM_THREADS"))
    if (int n = std::atoi(env); n > 0)
      return n;
  return 1;
}

mlir::LogicalResult addCpuScheduleAndApply(llvm::StringRef inputPath,
                                           mlir::OpPassManager &pm,
                                           mlir::ModuleOp module) {
  if (cpuSchedule && isOnnxPath(inputPath) && !defaultScheduleRequested()) {
    CpuScheduleOptions options;
    options.threads = scheduleThreads();
    options.apply = true;
    pm.addPass(createCpuSchedule(options));
  }
  return addApplySchedule(pm, module);
}

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
