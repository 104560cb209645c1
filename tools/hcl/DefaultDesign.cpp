//===- DefaultDesign.cpp - the default schedule within a budget -----------===//

#include "DefaultDesign.h"

#include "hcl/Analysis/Estimate.h"
#include "hcl/Conversion/Passes.h"
#include "hcl/Tune/Budget.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace hcl::driver {

// One option for every command: hcl tune's budget, and the default
// design's under --schedule=auto.
static cl::opt<std::string> budgetOption(
    "budget",
    cl::desc("resource bounds dsp=N,bram=M,ff=F (any of them): for hcl tune, "
             "and for --schedule=auto's default design"),
    cl::value_desc("KEY=N,..."), cl::sub(cl::SubCommand::getAll()));

bool budgetGiven() { return budgetOption.getNumOccurrences() > 0; }
StringRef budgetText() { return budgetOption; }

static bool reportRequested = false;
void reportDefaultDesign() { reportRequested = true; }

namespace {

/// The default design's estimate: latency per top-level function, the
/// resources of all of them.
struct DesignEstimate {
  SmallVector<std::pair<std::string, std::optional<int64_t>>> latencies;
  Resources resources;
};

std::string describe(const DefaultScheduleOptions &options) {
  return formatv("parallel={0}, {1}", options.parallel,
                 options.lineBuffers ? "line buffers" : "no line buffers");
}

std::string describe(const Resources &r) {
  return formatv("{0} DSP, {1} BRAM18K, {2} FF", r.dsp, r.bram18k,
                 r.registerBits);
}

/// The designs tried under a budget, most parallel first: channels per
/// cycle halved, then the line buffers (a window unrolls the kernel taps:
/// 9 multiply-adds per channel for 3x3) dropped.
SmallVector<DefaultScheduleOptions> ladder(DefaultScheduleOptions base) {
  SmallVector<DefaultScheduleOptions> designs;
  for (bool lineBuffers : {true, false}) {
    if (lineBuffers && !base.lineBuffers)
      continue;
    for (int64_t parallel = base.parallel; parallel >= 1; parallel /= 2) {
      DefaultScheduleOptions options = base;
      options.parallel = parallel;
      options.lineBuffers = lineBuffers;
      designs.push_back(options);
    }
  }
  return designs;
}

/// The functions no other function of `module` calls: the designs.
SmallVector<mlir::func::FuncOp> topFunctions(mlir::ModuleOp module) {
  llvm::DenseSet<StringRef> called;
  module.walk(
      [&](mlir::func::CallOp call) { called.insert(call.getCallee()); });
  SmallVector<mlir::func::FuncOp> tops;
  for (auto func : module.getOps<mlir::func::FuncOp>())
    if (!func.isExternal() && !called.contains(func.getSymName()))
      tops.push_back(func);
  return tops;
}

/// The estimate of `module` with the default schedule `options`, on a
/// copy; none when the schedule does not apply (the command's own run then
/// reports why).
std::optional<DesignEstimate> estimate(mlir::ModuleOp module,
                                       const DefaultScheduleOptions &options,
                                       const TargetModel &target) {
  mlir::OwningOpRef<mlir::ModuleOp> copy = module.clone();
  mlir::ScopedDiagnosticHandler quiet(
      module.getContext(), [](mlir::Diagnostic &) { return mlir::success(); });
  mlir::PassManager pm(module.getContext(), mlir::ModuleOp::getOperationName());
  pm.addPass(createLowerLinalgToAffine());
  pm.addPass(createDefaultSchedule(options));
  pm.addPass(createApplyCustomizations());
  if (mlir::failed(pm.run(*copy)))
    return std::nullopt;
  DesignEstimate design;
  for (mlir::func::FuncOp func : topFunctions(*copy)) {
    FunctionEstimate e = estimateFunction(func, target);
    design.latencies.push_back({func.getSymName().str(), e.latency});
    design.resources.dsp += e.resources.dsp;
    design.resources.bram18k += e.resources.bram18k;
    design.resources.registerBits += e.resources.registerBits;
  }
  return design;
}

void print(const DesignEstimate &design, const DefaultScheduleOptions &options,
           StringRef budget) {
  errs() << "hcl: default design (" << describe(options) << ")";
  if (!budget.empty())
    errs() << " within --budget " << budget;
  errs() << ":";
  for (auto &[name, latency] : design.latencies)
    errs() << " @" << name << " "
           << (latency ? std::to_string(*latency) : std::string("?"))
           << " cycles;";
  errs() << " " << describe(design.resources) << " (estimated)\n";
}

} // namespace

mlir::FailureOr<DefaultScheduleOptions>
chooseDefaultDesign(mlir::ModuleOp module, DefaultScheduleOptions base,
                    StringRef targetName) {
  if (!budgetGiven() && !reportRequested)
    return base;
  std::string error;
  FailureOr<TargetModel> target = TargetModel::get(targetName, error);
  if (failed(target)) {
    errs() << "hcl: error: " << error << "\n";
    return mlir::failure();
  }
  if (!budgetGiven()) {
    if (std::optional<DesignEstimate> design = estimate(module, base, *target))
      print(*design, base, "");
    return base;
  }
  Expected<tuner::Budget> budget = tuner::parseBudget(budgetOption);
  if (!budget) {
    errs() << "hcl: error: " << toString(budget.takeError()) << "\n";
    return mlir::failure();
  }
  std::optional<DesignEstimate> smallest;
  for (const DefaultScheduleOptions &options : ladder(base)) {
    std::optional<DesignEstimate> design = estimate(module, options, *target);
    if (!design)
      return options; // the command's run reports the failure
    if (budget->admits(design->resources)) {
      print(*design, options, budget->str());
      return options;
    }
    smallest = design;
  }
  errs() << "hcl: error: --budget " << budget->str()
         << ": even the smallest default design ("
         << describe(ladder(base).back()) << ") needs "
         << describe(smallest->resources) << " (estimated)\n";
  return mlir::failure();
}

} // namespace hcl::driver
