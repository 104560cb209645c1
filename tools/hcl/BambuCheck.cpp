//===- BambuCheck.cpp - `hcl check --bambu`: Bambu C against the JIT ------===//
//
// PandA-Bambu is not in Debian, so the C it would synthesize is checked as
// software: gcc must accept it as strict C99 with every warning an error,
// and the testbench (the HLS backend's, reproducing `hcl run`'s inputs)
// must produce exactly the JIT's outputs when the kernel runs serially and
// when its `#pragma omp parallel for` loops run on 1 and on 2 threads.
//
//===----------------------------------------------------------------------===//

#include "BambuCheck.h"
#include "IndexDiagnosis.h"
#include "RunFailure.h"
#include "RunProgram.h"
#include "SeedReference.h"

#include "hcl/Runtime/Compare.h"
#include "hcl/Runtime/CrashMessage.h"
#include "hcl/Target/BambuC.h"
#include "hcl/Target/CFamily/CSimulation.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace hcl::driver {

namespace {

/// One way of running the kernel: a testbench binary and its environment.
struct Build {
  std::string label;   // "serial", "OpenMP, 2 threads"
  std::string binary;  // tb, tb_omp
  std::string threads; // OMP_NUM_THREADS, "" when not OpenMP
};

const std::vector<Build> &builds() {
  static const std::vector<Build> all = {
      {"serial", "./tb", ""},
      {"OpenMP, 1 thread", "./tb_omp", "1"},
      {"OpenMP, 2 threads", "./tb_omp", "2"}};
  return all;
}

/// gcc and g++ commands that build tb and tb_omp in `dir`.
Error compile(StringRef dir) {
  ErrorOr<std::string> gcc = sys::findProgramByName("gcc");
  ErrorOr<std::string> gxx = sys::findProgramByName("g++");
  if (!gcc || !gxx)
    return createStringError("gcc and g++ are needed (apt-get install g++)");
  std::vector<std::string> strict(bambuCFlags().begin(), bambuCFlags().end());
  strict.insert(strict.end(), {"-I.", "-c", "kernel.c"});
  std::vector<std::string> testbench(bambuTestbenchFlags().begin(),
                                     bambuTestbenchFlags().end());
  testbench.insert(testbench.end(),
                   {"-I.", "-c", "testbench.cpp", "-o", "testbench.o"});
  auto with = [](std::vector<std::string> args,
                 std::initializer_list<std::string> more) {
    args.insert(args.end(), more);
    return args;
  };
  std::vector<std::pair<std::string, std::vector<std::string>>> commands = {
      {*gcc, with(strict, {"-o", "kernel.o"})},
      {*gcc, with(strict, {"-fopenmp", "-o", "kernel_omp.o"})},
      {*gxx, testbench},
      {*gxx, {"testbench.o", "kernel.o", "-o", "tb"}},
      {*gxx, {"testbench.o", "kernel_omp.o", "-fopenmp", "-o", "tb_omp"}}};
  for (auto &[program, args] : commands)
    if (Expected<std::string> out = runProgram(program, args, dir); !out)
      return out.takeError();
  return Error::success();
}

Expected<std::string> runBuild(const Build &build, ArrayRef<std::string> inputs,
                               StringRef outDir, StringRef dir) {
  std::vector<std::string> args(inputs.begin(), inputs.end());
  args.insert(args.end(), {"--output-dir", outDir.str()});
  if (build.threads.empty())
    return runProgram(build.binary, args, dir);
  args.insert(args.begin(), {"OMP_NUM_THREADS=" + build.threads, build.binary});
  ErrorOr<std::string> env = sys::findProgramByName("env");
  if (!env)
    return createStringError("env is needed to set OMP_NUM_THREADS");
  return runProgram(*env, args, dir);
}

} // namespace

int checkBambu(mlir::ModuleOp scheduled, mlir::func::FuncOp entry,
               JitProgram &jit, unsigned seeds, StringRef keepDir,
               StringRef steps,
               const std::vector<std::optional<InputRange>> &ranges) {
  SmallString<256> dir(keepDir);
  if (dir.empty() && sys::fs::createUniqueDirectory("hcl-check-bambu", dir))
    return fail("cannot create a temporary directory");
  {
    CrashPhase writing("while writing the Bambu C of @" +
                       entry.getSymName().str());
    if (mlir::failed(
            writeBambuProject(scheduled, entry, dir, parseBambuSteps(steps))))
      return 1;
  }
  std::string name = "@" + entry.getSymName().str();
  if (Error error = compile(dir))
    return fail("the Bambu C of " + name + " does not build with gcc " +
                "-std=c99 -Wall -Werror (project kept in " + dir +
                "): " + toString(std::move(error)));
  // The files compared (argN: memref arguments after the run; resultN).
  std::vector<std::string> compared;
  for (unsigned seed = 0; seed < seeds; ++seed) {
    SmallString<256> inputDir(dir);
    sys::path::append(inputDir, "seed" + Twine(seed) + "-inputs");
    Expected<SeedReference> reference =
        runSeedReference(jit, seed, ranges, inputDir);
    if (!reference)
      return fail(describeRunFailure(reference.takeError(),
                                     "the JIT on seed " + std::to_string(seed),
                                     true));
    compared.clear();
    for (auto &output : reference->outputs)
      compared.push_back(output.first);
    for (auto [b, build] : llvm::enumerate(builds())) {
      std::string outDir = ("seed" + Twine(seed) + "-" + Twine(b)).str();
      SmallString<256> outPath(dir);
      sys::path::append(outPath, outDir);
      sys::fs::create_directories(outPath);
      if (Expected<std::string> ran =
              runBuild(build, reference->testbenchInputs, outDir, dir);
          !ran)
        return fail("the Bambu C testbench (" + build.label +
                    ") failed (project kept in " + dir +
                    "): " + toString(ran.takeError()));
      for (auto &[file, array] : reference->outputs) {
        Expected<HostArray> computed = readTestbenchOutput(outPath, file);
        if (!computed)
          return fail("the Bambu C testbench wrote no usable " + file +
                      ".npy: " + toString(computed.takeError()));
        Comparison comparison = compareArrays(*array, *computed, 0.0);
        if (!comparison.equal) {
          outs() << "hcl check --bambu: MISMATCH: " << name << " " << file
                 << " of the Bambu C (" << build.label
                 << ") differs from the JIT on seed " << seed << " "
                 << comparison.firstMismatch << " (project kept in " << dir
                 << ")\n";
          if (auto why =
                  explainByOutOfRangeIndex(scheduled, entry, seed, ranges))
            outs() << "hcl check --bambu: " << *why << "\n";
          return 1;
        }
      }
    }
  }
  outs() << "hcl check --bambu: OK: " << name
         << "'s Bambu C (gcc -std=c99 -Wall -Werror; serial, OpenMP on 1 and "
            "2 threads) equals the JIT bit for bit on "
         << seeds << " seed" << (seeds == 1 ? "" : "s") << " (compared "
         << join(compared, ", ") << ")\n";
  if (keepDir.empty())
    sys::fs::remove_directories(dir);
  return 0;
}

} // namespace hcl::driver
