//===- HLSCommand.cpp - `hcl hls`: write HLS projects ---------------------===//
//
//   hcl hls FILE.mlir -o DIR [--entry NAME] [--part PART] [--clock NS]
//   hcl hls FILE.mlir -o DIR --top f1,f2|all [--jobs N]
//   hcl hls ... --slurm [--slurm-partition P] [--slurm-time T]
//                       [--sbatch-args "..."] [--slurm-dir DIR]
//
// Applies the program's schedule, prepares it for HLS (hcl-hls-prepare, in
// the command's one pass manager) and writes the HLS project of its entry
// function (include/hcl/Target/HLSProject.h describes the files). With
// --top, each listed function (`all`: every function with a body) gets a
// project of its own (writeHLSProjects, shared with the front end's
// build_hls), written on N threads.
//
//===----------------------------------------------------------------------===//

#include "DefaultDesign.h"
#include "LoadedProgram.h"
#include "SlurmCommand.h"
#include "Subcommands.h"

#include "hcl/Runtime/EntryWrapper.h"
#include "hcl/Target/HLSCpp.h"
#include "hcl/Target/HLSCpp/Passes.h"
#include "hcl/Target/HLSProject.h"
#include "hcl/Transforms/Passes.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace hcl::driver {

cl::SubCommand hlsSubcommand("hls", "write Vitis HLS projects of a program");

static cl::opt<std::string> inputFile(cl::Positional, cl::Required,
                                      cl::desc("FILE.mlir or FILE.onnx"),
                                      cl::sub(hlsSubcommand));
static cl::opt<std::string> outputDir("o", cl::desc("the project directory"),
                                      cl::value_desc("DIR"),
                                      cl::sub(hlsSubcommand));
static cl::opt<std::string> entryName("entry", cl::desc("the top function"),
                                      cl::value_desc("NAME"),
                                      cl::sub(hlsSubcommand));
static cl::opt<std::string> tops("top",
                                 cl::desc("one project per function: a comma "
                                          "list, or `all`"),
                                 cl::value_desc("f1,f2|all"),
                                 cl::sub(hlsSubcommand));
static cl::opt<unsigned> jobs("jobs", cl::desc("threads writing projects"),
                              cl::value_desc("N"), cl::init(1),
                              cl::sub(hlsSubcommand));
static cl::opt<std::string> part("part", cl::desc("the FPGA part"),
                                 cl::value_desc("PART"),
                                 cl::init(HLSProjectOptions().part),
                                 cl::sub(hlsSubcommand));
static cl::opt<double> clock("clock", cl::desc("the clock period in ns"),
                             cl::value_desc("NS"), cl::init(10),
                             cl::sub(hlsSubcommand));

static SlurmCommandOptions slurmOptions(hlsSubcommand);

namespace {

/// A project's task: Vitis HLS (csim, csynth, cosim) when the node has it,
/// the C simulation with g++ otherwise; the first line says which ran.
constexpr const char *kProjectTask =
    "if command -v vitis_hls >/dev/null 2>&1; then "
    "echo \"hcl: vitis_hls on $(hostname)\"; make hls; "
    "else echo \"hcl: C simulation with g++ on $(hostname) (no vitis_hls)\"; "
    "make csim; fi";

/// Runs the projects written into `outputDir` (`names`: its subdirectories,
/// or empty for one project in `outputDir` itself) as a Slurm job array.
/// The project's sources (its files and hcl_compat/), for a rerun to keep
/// the result of a project that has not changed since; outputs, the state
/// directory and Vitis HLS's own are in subdirectories and left out.
std::string projectFingerprint(StringRef dir) {
  std::vector<std::string> files;
  for (StringRef sub : {"", "hcl_compat"}) {
    SmallString<256> path(dir);
    sys::path::append(path, sub);
    std::error_code error;
    for (sys::fs::directory_iterator it(path, error), end; it != end && !error;
         it.increment(error))
      if (it->type() == sys::fs::file_type::regular_file &&
          sys::path::filename(it->path()) != "tb")
        files.push_back(it->path());
  }
  llvm::sort(files);
  return fingerprintFiles(files);
}

int runProjectsOnSlurm(ArrayRef<std::string> names) {
  std::vector<SlurmTask> tasks;
  if (names.empty())
    tasks.push_back(
        {"project", outputDir, kProjectTask, projectFingerprint(outputDir)});
  for (const std::string &name : names) {
    std::string dir = outputDir + "/" + name;
    tasks.push_back({name, dir, kProjectTask, projectFingerprint(dir)});
  }
  return slurmOptions.run(tasks, "hcl-hls", outputDir + "/slurm");
}

mlir::LogicalResult addHLSPipeline(mlir::OpPassManager &pm,
                                   mlir::ModuleOp module) {
  if (mlir::failed(addApplySchedule(pm, module)))
    return mlir::failure();
  populateHLSCppPreparePipeline(pm);
  return mlir::success();
}

int writeProjects(mlir::ModuleOp module, const HLSProjectOptions &options) {
  Expected<SmallVector<mlir::func::FuncOp>> selected =
      selectHLSTops(module, tops);
  if (!selected)
    return fail("--top: " + toString(selected.takeError()));
  bool showProgress = errs().is_displayed();
  auto progress = [&](unsigned done, unsigned total, StringRef name) {
    errs() << "\r[" << done << "/" << total << "] " << name
           << "                    ";
    errs().flush();
  };
  mlir::FailureOr<std::vector<std::string>> names = writeHLSProjects(
      module, *selected, outputDir, options, jobs,
      showProgress ? HLSProjectProgress(progress) : HLSProjectProgress());
  if (showProgress)
    errs() << "\n";
  if (mlir::failed(names))
    return 1;
  outs() << "hcl hls: wrote " << names->size() << " projects into " << outputDir
         << " (" << join(*names, ", ") << "); `make -C " << outputDir
         << " -j N` runs Vitis HLS on them\n";
  return slurmOptions.slurm ? runProjectsOnSlurm(*names) : 0;
}

} // namespace

int hlsMain() {
  // Checked here, not by cl::Required, whose message is LLVM's own.
  if (outputDir.empty())
    return fail("hcl hls needs -o DIR (the project directory)");
  if (clock <= 0)
    return fail("--clock must be a positive period in ns");
  if (jobs == 0)
    return fail("--jobs must be at least 1");
  if (std::optional<std::string> misuse = slurmOptions.misuse())
    return fail(*misuse);
  if (int code = slurmOptions.unavailable())
    return code;
  reportDefaultDesign();
  std::unique_ptr<LoadedProgram> loaded =
      LoadedProgram::load(inputFile, addHLSPipeline);
  if (!loaded)
    return 1;
  mlir::ModuleOp module = loaded->module();
  HLSProjectOptions options;
  options.part = part;
  options.clockNs = clock;
  if (!tops.empty())
    return writeProjects(module, options);
  mlir::FailureOr<mlir::func::FuncOp> entry = selectEntry(module, entryName);
  if (mlir::failed(entry))
    return 1;
  if (mlir::failed(writeHLSProject(module, *entry, outputDir, options)))
    return 1;
  outs() << "hcl hls: wrote " << outputDir << " for @" << entry->getSymName()
         << " (kernel.cpp, kernel.h, testbench.cpp, run_hls.tcl, Makefile; "
            "part "
         << options.part << ", clock " << format("%g", options.clockNs)
         << " ns); `make -C " << outputDir
         << " csim` runs the C simulation with g++\n";
  return slurmOptions.slurm ? runProjectsOnSlurm({}) : 0;
}

} // namespace hcl::driver
