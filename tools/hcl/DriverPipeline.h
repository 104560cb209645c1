//===- DriverPipeline.h - the one pass manager of a command -----*- C++ -*-===//
//
// Every hcl subcommand that reads a program runs its passes in one
// mlir::PassManager: the linalg lowering, then the command's own passes
// (the schedule, a backend's preparation). MLIR's pass-manager options
// (--mlir-print-ir-after-all, --mlir-timing, --mlir-pass-statistics, ...)
// apply to it, as they do in hcl-opt.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_TOOLS_HCL_DRIVERPIPELINE_H
#define HCL_TOOLS_HCL_DRIVERPIPELINE_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/STLFunctionalExtras.h"

namespace hcl::driver {

/// Adds a command's passes to its pass manager, after the linalg lowering;
/// it may look at the parsed module to choose them. A failure (reported by
/// the builder) stops the command before any pass runs.
using PipelineBuilder = llvm::function_ref<mlir::LogicalResult(
    mlir::OpPassManager &, mlir::ModuleOp)>;

/// Runs --hcl-lower-linalg-to-affine (then --hcl-default-schedule under
/// --schedule=auto) and the passes `build` adds on `module` in one pass
/// manager configured from the command line.
mlir::LogicalResult runPipeline(mlir::ModuleOp module,
                                PipelineBuilder build = {});

/// Fails, with a message, when --schedule names no schedule hcl writes, or
/// --budget is given without --schedule=auto (outside hcl tune).
mlir::LogicalResult checkScheduleOption();

/// Whether --schedule=auto asks for the default schedule.
bool defaultScheduleRequested();

/// Makes --schedule=auto's default schedule one hcl's RTL can build: no
/// streams between layers (its dataflow processes would reach the other
/// buffers through one port each, without their banks),
/// every weight of an ONNX model on chip (it has no m_axi ports), arguments
/// partitioned (they are memories of the design) and no line buffers (not
/// checked there yet).
void defaultScheduleForRTL();

/// Whether --schedule=auto puts an ONNX model's large weights in
/// arguments read over m_axi (OnnxImportOptions::weightBramLimit): yes,
/// except for hcl's RTL.
bool defaultWeightsOffChip();

/// A builder that adds --hcl-apply-customizations.
mlir::LogicalResult addApplySchedule(mlir::OpPassManager &pm,
                                     mlir::ModuleOp module);

} // namespace hcl::driver

#endif // HCL_TOOLS_HCL_DRIVERPIPELINE_H
