//===- UnrollUnderPipeline.h - loops under a pipelined loop -----*- C++ -*-===//

#ifndef HCL_LIB_TARGET_RTL_UNROLLUNDERPIPELINE_H
#define HCL_LIB_TARGET_RTL_UNROLLUNDERPIPELINE_H

#include "mlir/IR/BuiltinOps.h"

namespace hcl::rtl {

/// The attribute a pipelined loop keeps when the loops under it stay loops
/// (a string: why), so that the scheduler's remark can say it.
constexpr llvm::StringLiteral kNestKeptAttr = "rtl.nest_kept";

/// The most operations the loops under one pipelined loop may unroll to.
constexpr int64_t kMaxUnrolledOps = 2048;

/// Marks every affine loop under a pipelined one (`pipeline_ii`) to be
/// unrolled fully (`unroll = 0`), as HLS does and as the estimator counts
/// it, so that the pipelined loop's body becomes straight-line code. The
/// nested loops' own `pipeline_ii` and `unroll` are dropped. When a nested
/// loop has no constant trip count, or the unrolled body would exceed
/// kMaxUnrolledOps operations, nothing under that loop is marked and the
/// loop gets kNestKeptAttr.
void markLoopsUnderPipelines(mlir::ModuleOp module);

/// Moves the allocations in a pipelined loop's body (a buffer private to
/// an iteration, e.g. an accumulator an unrolled reduction made) before the
/// loop: a pipeline has no state that allocates, and one buffer reused by
/// every iteration computes the same. Its accesses then count as the
/// loop's dependences, so overlapping iterations keep their order.
void hoistAllocationsFromPipelines(mlir::ModuleOp module);

} // namespace hcl::rtl

#endif // HCL_LIB_TARGET_RTL_UNROLLUNDERPIPELINE_H
