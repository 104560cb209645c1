//===- Primitives.h - steps of the engine around the primitives -*- C++ -*-===//
//
// Each primitive lives in its own file under lib/Transforms, as the `apply`
// of its op (hcl::ScheduleOpInterface), and either applies or emits a
// located error on the schedule operation and fails. Declared here: what
// the engine does before and after the primitives.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_TRANSFORMS_PRIMITIVES_H
#define HCL_TRANSFORMS_PRIMITIVES_H

#include "hcl/Dialect/HCL/HCLOps.h"
#include "hcl/Transforms/ScheduleContext.h"

namespace hcl {

/// Replaces every hcl.apply in `func` by the body of the hcl.customization
/// it names, parameters replaced by its arguments.
mlir::LogicalResult expandTemplates(mlir::func::FuncOp func);

/// After the whole schedule: each stream (hcl.to) is written and read once
/// per element in one order, and the function's dataflow region cannot
/// deadlock with the channels' depths (inferred ones are set here).
mlir::LogicalResult checkStreams(ScheduleContext &ctx);

} // namespace hcl

#endif // HCL_TRANSFORMS_PRIMITIVES_H
