//===- DefaultSchedule.cpp - the default hardware schedule in the front end
//===//

#include "DefaultSchedule.h"
#include "EmitMLIR.h"

#include "hcl/Frontend/Error.h"
#include "hcl/InitHCL.h"
#include "hcl/Support/PassManagerOptions.h"
#include "hcl/Transforms/Passes.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

namespace hcl::detail {

static bool asksForSchedule(const ScheduleImpl &schedule) {
  return schedule.defaultSchedule || schedule.cpuScheduleThreads > 0;
}

/// The hardware schedule, else the CPU one (as on the command line, where
/// `--schedule=auto` replaces the CPU schedule of `hcl run`).
static LogicalResult writeDefaultSchedule(const ScheduleImpl &schedule,
                                          ModuleOp module) {
  PassManager pm(module.getContext());
  if (failed(applyPassManagerOptions(pm)))
    return failure();
  if (schedule.defaultSchedule) {
    pm.addPass(createDefaultSchedule());
  } else {
    CpuScheduleOptions options;
    options.threads = schedule.cpuScheduleThreads;
    pm.addPass(createCpuSchedule(options));
  }
  return pm.run(module);
}

LogicalResult writeDefaultScheduleIfAsked(const ScheduleImpl &schedule,
                                          ModuleOp module) {
  if (!asksForSchedule(schedule))
    return success();
  return writeDefaultSchedule(schedule, module);
}

std::string scheduledProgramText(const ScheduleImpl &schedule) {
  std::string text = emitMLIR(schedule);
  if (!asksForSchedule(schedule))
    return text;
  DialectRegistry registry;
  registerHCLDialects(registry);
  MLIRContext context(registry);
  context.loadAllAvailableDialects();
  std::string messages;
  ScopedDiagnosticHandler collect(&context, [&](Diagnostic &diagnostic) {
    messages += diagnostic.str() + "\n";
    return success();
  });
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(text, &context);
  if (!module || failed(writeDefaultSchedule(schedule, *module)))
    throwError("the default schedule cannot be written: " + messages);
  std::string scheduled;
  llvm::raw_string_ostream os(scheduled);
  module->print(os);
  return scheduled;
}

} // namespace hcl::detail
