//===- DriverPipeline.cpp - the one pass manager of a command -------------===//

#include "DriverPipeline.h"
#include "DefaultDesign.h"
#include "Subcommands.h"

#include "hcl/Conversion/Passes.h"
#include "hcl/Support/PassManagerOptions.h"
#include "hcl/Transforms/Passes.h"

#include "mlir/Pass/PassManager.h"
#include "llvm/Support/CommandLine.h"

namespace hcl::driver {

static llvm::cl::opt<std::string> scheduleOption(
    "schedule",
    llvm::cl::desc("auto: give every function without a schedule the default "
                   "hardware schedule (--hcl-default-schedule; "
                   "docs/onnx.md), as if written in the program"),
    llvm::cl::value_desc("auto"),
    llvm::cl::sub(llvm::cl::SubCommand::getAll()));

mlir::LogicalResult checkScheduleOption() {
  if (budgetGiven() && scheduleOption != "auto" && !tuneSubcommand) {
    llvm::errs() << "hcl: error: --budget bounds the default design: give "
                    "--schedule=auto (or use hcl tune)\n";
    return mlir::failure();
  }
  if (scheduleOption.empty() || scheduleOption == "auto")
    return mlir::success();
  llvm::errs() << "hcl: error: --schedule=" << scheduleOption
               << ": the only schedule hcl writes is 'auto'\n";
  return mlir::failure();
}

bool defaultScheduleRequested() { return scheduleOption == "auto"; }

/// Whether the default schedule is for hcl's RTL rather than HLS.
static bool defaultForRTL = false;

void defaultScheduleForRTL() { defaultForRTL = true; }

bool defaultWeightsOffChip() {
  return defaultScheduleRequested() && !defaultForRTL;
}

mlir::LogicalResult runPipeline(mlir::ModuleOp module, PipelineBuilder build) {
  mlir::PassManager pm(module.getContext(), mlir::ModuleOp::getOperationName());
  if (mlir::failed(applyPassManagerOptions(pm)))
    return mlir::failure();
  if (mlir::failed(checkScheduleOption()))
    return mlir::failure();
  pm.addPass(createLowerLinalgToAffine());
  if (scheduleOption == "auto") {
    DefaultScheduleOptions options;
    // hcl's RTL builds streams (a dataflow region of processes and FIFOs),
    // but its processes reach the region's other buffers through one port
    // each, without the banks the default schedule partitions them into:
    // LeNet-5 took 4.8 times the cycles with its two streams
    // (docs/rtl-float.md).
    options.streams = !defaultForRTL;
    // hcl's RTL makes arguments memories of the design, which may be
    // partitioned; HLS makes them m_axi ports.
    options.argumentsArePorts = !defaultForRTL;
    // hcl's RTL keeps the schedule it had before line buffers, which are
    // not checked there yet (a Verilator run of LeNet-5's takes minutes).
    options.lineBuffers = !defaultForRTL;
    mlir::FailureOr<DefaultScheduleOptions> chosen =
        chooseDefaultDesign(module, options, defaultForRTL ? "rtl" : "vitis");
    if (mlir::failed(chosen))
      return mlir::failure();
    pm.addPass(createDefaultSchedule(*chosen));
  }
  if (build && mlir::failed(build(pm, module)))
    return mlir::failure();
  return pm.run(module);
}

mlir::LogicalResult addApplySchedule(mlir::OpPassManager &pm, mlir::ModuleOp) {
  pm.addPass(createApplyCustomizations());
  return mlir::success();
}

} // namespace hcl::driver
