//===- HLSCommand.cpp - `hcl hls`: write an HLS project -------------------===//
//
//   hcl hls FILE.mlir -o DIR [--entry NAME] [--part PART] [--clock NS]
//
// Applies the program's schedule and writes the HLS project of its entry
// function (include/hcl/Target/HLSProject.h describes the files).
//
//===----------------------------------------------------------------------===//

#include "LoadedProgram.h"
#include "Subcommands.h"

#include "hcl/Runtime/EntryWrapper.h"
#include "hcl/Target/HLSProject.h"
#include "hcl/Transforms/Passes.h"

#include "llvm/Support/Format.h"

using namespace llvm;

namespace hcl::driver {

cl::SubCommand hlsSubcommand("hls", "write a Vitis HLS project of a program");

static cl::opt<std::string> inputFile(cl::Positional, cl::Required,
                                      cl::desc("FILE.mlir"),
                                      cl::sub(hlsSubcommand));
static cl::opt<std::string> outputDir("o", cl::Required,
                                      cl::desc("the project directory"),
                                      cl::value_desc("DIR"),
                                      cl::sub(hlsSubcommand));
static cl::opt<std::string> entryName("entry",
                                      cl::desc("the top function"),
                                      cl::value_desc("NAME"),
                                      cl::sub(hlsSubcommand));
static cl::opt<std::string> part("part", cl::desc("the FPGA part"),
                                 cl::value_desc("PART"),
                                 cl::init(HLSProjectOptions().part),
                                 cl::sub(hlsSubcommand));
static cl::opt<double> clock("clock", cl::desc("the clock period in ns"),
                             cl::value_desc("NS"), cl::init(10),
                             cl::sub(hlsSubcommand));

int hlsMain() {
  if (clock <= 0)
    return fail("--clock must be a positive period in ns");
  std::unique_ptr<LoadedProgram> loaded = LoadedProgram::load(inputFile);
  if (!loaded)
    return 1;
  mlir::ModuleOp module = loaded->module();
  if (mlir::failed(applySchedule(module)))
    return 1;
  mlir::FailureOr<mlir::func::FuncOp> entry = selectEntry(module, entryName);
  if (mlir::failed(entry))
    return 1;
  HLSProjectOptions options;
  options.part = part;
  options.clockNs = clock;
  if (mlir::failed(writeHLSProject(module, *entry, outputDir, options)))
    return 1;
  outs() << "hcl hls: wrote " << outputDir << " for @" << entry->getSymName()
         << " (kernel.cpp, kernel.h, testbench.cpp, run_hls.tcl, Makefile; "
            "part "
         << options.part << ", clock " << llvm::format("%g", options.clockNs)
         << " ns); `make -C " << outputDir
         << " csim` runs the C simulation with g++\n";
  return 0;
}

} // namespace hcl::driver
