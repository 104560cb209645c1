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

static LogicalResult writeDefaultSchedule(ModuleOp module) {
  PassManager pm(module.getContext());
  if (failed(applyPassManagerOptions(pm)))
    return failure();
  pm.addPass(createDefaultSchedule());
  return pm.run(module);
}

LogicalResult writeDefaultScheduleIfAsked(const ScheduleImpl &schedule,
                                          ModuleOp module) {
  if (!schedule.defaultSchedule)
    return success();
  return writeDefaultSchedule(module);
}

std::string scheduledProgramText(const ScheduleImpl &schedule) {
  std::string text = emitMLIR(schedule);
  if (!schedule.defaultSchedule)
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
  if (!module || failed(writeDefaultSchedule(*module)))
    throwError("the default schedule cannot be written: " + messages);
  std::string scheduled;
  llvm::raw_string_ostream os(scheduled);
  module->print(os);
  return scheduled;
}

} // namespace hcl::detail
