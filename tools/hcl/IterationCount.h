//===- IterationCount.h - programs too long to run in a check -------------===//
//
// `hcl check` runs a program several times (the reference and the schedule
// on every seed, twice more to find uninitialized reads). A loop nest of
// 2^39 iterations would run for hours and end only at a time limit, which
// says nothing about the program. Counting the iterations is cheap: the
// product of the constant trip counts around every loop body, through
// calls. A program over the limit is refused at its largest nest, with the
// count, before anything is compiled.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_TOOLS_HCL_ITERATIONCOUNT_H
#define HCL_TOOLS_HCL_ITERATIONCOUNT_H

#include "mlir/Dialect/Func/IR/FuncOps.h"

#include <cstdint>

namespace hcl::driver {

/// The innermost loop of `func` whose body runs the most times, with that
/// count (saturating at UINT64_MAX). Loops of non-constant trip count count
/// once; called functions count with the iterations around the call.
struct LargestNest {
  mlir::Operation *loop = nullptr;
  uint64_t iterations = 0;
};
LargestNest findLargestNest(mlir::func::FuncOp func);

/// Fails with an error at the largest nest of `func` when its body runs more
/// than `limit` times: "... runs 549755813888 iterations (1024 x 1024 x
/// 1024 x 512), more than hcl check's limit ...".
mlir::LogicalResult checkIterationLimit(mlir::func::FuncOp func,
                                        uint64_t limit);

} // namespace hcl::driver

#endif // HCL_TOOLS_HCL_ITERATIONCOUNT_H
