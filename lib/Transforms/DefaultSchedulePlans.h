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

/// Writes the schedule operations of `plan` for `stage` before the
/// terminator of `func`. Returns false, writing nothing, when the stage's
/// loops do not have the shape the plan needs.
bool buildSchedulePlan(mlir::func::FuncOp func, mlir::affine::AffineForOp stage,
                       SchedulePlan plan, int64_t parallel);

} // namespace hcl

#endif // HCL_LIB_TRANSFORMS_DEFAULTSCHEDULEPLANS_H
