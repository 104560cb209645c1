//===- DefaultSchedulePlans.h - the default schedule's plans --*- C++ -*-===//
//
// The plans of --hcl-default-schedule: each builds the schedule operations
// of one stage (the pass's description in Passes.td says what each does).
// Building a plan only writes operations; whether they apply is decided by
// applying them (DefaultSchedule.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef HCL_LIB_TRANSFORMS_DEFAULTSCHEDULEPLANS_H
#define HCL_LIB_TRANSFORMS_DEFAULTSCHEDULEPLANS_H

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"

#include <cstdint>

namespace hcl {

enum class SchedulePlan {
  /// A convolution read through a window: line and window buffers
  /// (reuse_at) at its row and column loops, `parallel` output channels per
  /// iteration of the pipelined column loop.
  LineBuffers,
  /// Reduction loops outside the last two spatial loops (fused, pipelined),
  /// with `parallel` output channels per iteration.
  ChannelParallel,
  /// Reduction loops outside the last one or two spatial loops.
  ReductionOutside,
  /// No reduction: the last two loops fused and pipelined.
  FuseInnermostPair,
  /// The innermost loop pipelined.
  PipelineInnermost,
};

/// The plans in the order they are tried, the most parallel first.
llvm::ArrayRef<SchedulePlan> schedulePlansInOrder();

llvm::StringRef schedulePlanName(SchedulePlan plan);

/// The stages of `func`: its top-level loop nests with a `stage_name`.
llvm::SmallVector<mlir::affine::AffineForOp> stagesOf(mlir::func::FuncOp func);

/// What the plans may do (the pass's options).
struct PlanOptions {
  /// At most this many output channels per iteration.
  int64_t parallel = 4;
  /// Whether the function's array arguments are ports a schedule cannot
  /// partition (HLS's m_axi) rather than memories of the design (hcl's
  /// RTL).
  bool argumentsArePorts = true;
  /// Whether the line-buffers plan is tried.
  bool lineBuffers = true;
};

/// Writes the schedule operations of `plan` for `stage` before the
/// terminator of `func`. Returns false, writing nothing, when the stage's
/// loops do not have the shape the plan needs.
bool buildSchedulePlan(mlir::func::FuncOp func, mlir::affine::AffineForOp stage,
                       SchedulePlan plan, const PlanOptions &options);

} // namespace hcl

#endif // HCL_LIB_TRANSFORMS_DEFAULTSCHEDULEPLANS_H
