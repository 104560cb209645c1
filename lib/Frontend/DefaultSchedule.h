//===- DefaultSchedule.h - the default hardware schedule in the front end -===//
//
// Schedule::use_default_schedule asks for what `--schedule=auto` gives on
// the command line: the pass --hcl-default-schedule runs on the program the
// front end writes, before the schedule is applied, so C++ and the driver
// get the same schedule operations. Schedule::use_cpu_schedule likewise
// asks for what `hcl run model.onnx` gives (--hcl-cpu-schedule).
//
//===----------------------------------------------------------------------===//

#ifndef HCL_LIB_FRONTEND_DEFAULTSCHEDULE_H
#define HCL_LIB_FRONTEND_DEFAULTSCHEDULE_H

#include "Nodes.h"

#include "mlir/IR/BuiltinOps.h"

#include <string>

namespace hcl::detail {

/// Writes the default schedule into `module` when `schedule` asks for it.
mlir::LogicalResult writeDefaultScheduleIfAsked(const ScheduleImpl &schedule,
                                                mlir::ModuleOp module);

/// The program's MLIR with its schedule operations, the default schedule's
/// included (what `hcl import --schedule=auto` writes).
std::string scheduledProgramText(const ScheduleImpl &schedule);

} // namespace hcl::detail

#endif // HCL_LIB_FRONTEND_DEFAULTSCHEDULE_H
