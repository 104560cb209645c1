//===- HLSCheck.cpp - `hcl check --hls`: HLS C++ against the JIT ----------===//
//
// Writes the program's HLS project into a temporary directory, compiles its
// testbench with g++ (hcl's ap_int.h when the vendor's is not installed),
// runs it on the random inputs of each seed, and compares every output file
// with what the JIT computes for the same inputs.
//
//===----------------------------------------------------------------------===//

#include "HLSCheck.h"
#include "IndexDiagnosis.h"
#include "RunFailure.h"
#include "RunProgram.h"
#include "SeedReference.h"

#include "hcl/Runtime/Compare.h"
#include "hcl/Runtime/CrashMessage.h"
#include "hcl/Target/CFamily/CSimulation.h"
#include "hcl/Target/HLSProject.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace hcl::driver {

int checkHLS(mlir::ModuleOp scheduled, mlir::func::FuncOp entry,
             JitProgram &jit, unsigned seeds, StringRef keepDir,
             const std::vector<std::optional<InputRange>> &ranges) {
  SmallString<256> dir(keepDir);
  if (dir.empty() && sys::fs::createUniqueDirectory("hcl-check-hls", dir))
    return fail("cannot create a temporary directory");
  {
    CrashPhase writing("while writing the HLS C++ of @" +
                       entry.getSymName().str());
    if (mlir::failed(writeHLSProject(scheduled, entry, dir)))
      return 1;
  }
  ErrorOr<std::string> compiler = sys::findProgramByName("g++");
  if (!compiler)
    return fail("g++ is needed for the C simulation (apt-get install g++)");
  // The flags of the project's Makefile, without Vitis HLS.
  std::vector<std::string> args(hlsCSimFlags().begin(), hlsCSimFlags().end());
  args.insert(args.end(), hlsCompatFlags().begin(), hlsCompatFlags().end());
  args.insert(args.end(), {"-I.", "kernel.cpp", "testbench.cpp", "-o", "tb"});
  Expected<std::string> built = runProgram(*compiler, args, dir);
  if (!built)
    return fail("the HLS C++ of @" + entry.getSymName() +
                " does not compile with g++ (project kept in " + dir +
                "): " + toString(built.takeError()));

  std::string name = "@" + entry.getSymName().str();
  double largestError = 0;
  // The files compared (argN: memref arguments after the run; resultN).
  std::vector<std::string> compared;
  for (unsigned seed = 0; seed < seeds; ++seed) {
    std::string outDir = ("seed" + Twine(seed)).str();
    SmallString<256> inputDir(dir);
    sys::path::append(inputDir, outDir + "-inputs");
    Expected<SeedReference> reference =
        runSeedReference(jit, seed, ranges, inputDir);
    if (!reference)
      return fail(describeRunFailure(reference.takeError(),
                                     "the JIT on seed " + std::to_string(seed),
                                     true));
    SmallString<256> outPath(dir);
    sys::path::append(outPath, outDir);
    sys::fs::create_directories(outPath);
    SmallString<256> tb(dir);
    sys::path::append(tb, "tb");
    std::vector<std::string> tbArgs = reference->testbenchInputs;
    tbArgs.insert(tbArgs.end(), {"--output-dir", outDir});
    Expected<std::string> ran = runProgram(tb, tbArgs, dir);
    if (!ran)
      return fail("the C simulation failed (project kept in " + dir +
                  "): " + toString(ran.takeError()));
    compared.clear();
    for (auto &output : reference->outputs)
      compared.push_back(output.first);
    for (auto &[file, array] : reference->outputs) {
      Expected<HostArray> simulated = readTestbenchOutput(outPath, file);
      if (!simulated)
        return fail("the C simulation wrote no usable " + file +
                    ".npy: " + toString(simulated.takeError()));
      Comparison comparison = compareArrays(*array, *simulated);
      largestError = std::max(largestError, comparison.largestRelativeError);
      if (!comparison.equal) {
        outs() << "hcl check --hls: MISMATCH: " << name << " " << file
               << " of the C simulation differs from the JIT on seed " << seed
               << " " << comparison.firstMismatch << " (largest relative error "
               << format("%.3g", comparison.largestRelativeError)
               << "; project kept in " << dir << ")\n";
        if (auto why = explainByOutOfRangeIndex(scheduled, entry, seed, ranges))
          outs() << "hcl check --hls: " << *why << "\n";
        return 1;
      }
    }
  }
  outs() << "hcl check --hls: OK: " << name
         << "'s HLS C++ (g++ C simulation) matches the JIT on " << seeds
         << " seed" << (seeds == 1 ? "" : "s") << " (compared "
         << join(compared, ", ") << "; largest relative error "
         << format("%.3g", largestError) << ")\n";
  if (keepDir.empty())
    sys::fs::remove_directories(dir);
  return 0;
}

} // namespace hcl::driver
