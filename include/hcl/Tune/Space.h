//===- Space.h - the candidate schedules of one band ------------*- C++ -*-===//
//
// What hcl tune tries for a band: legal loop orders, unroll factors of the
// innermost loop with matching partitions of the arrays it walks, reuse
// buffers where the band reads overlapping windows, and write buffers where
// it accumulates. Each option is a Schedule of its own; the search combines
// them (Search.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef HCL_TUNE_SPACE_H
#define HCL_TUNE_SPACE_H

#include "hcl/Tune/Candidate.h"
#include "hcl/Tune/ProgramStructure.h"

#include <set>

namespace hcl::tuner {

/// Loop orders the dependences allow (only the innermost three loops move;
/// a loop whose bounds read another loop's variable stays inside that
/// loop), times unroll factors of
/// the new innermost loop (1 and its divisors up to 32), times the
/// partition kind (cyclic, block) of the arrays it walks, with the factor
/// of the unroll along the dimension it walks; complete where that
/// dimension has no more elements than the factor. Besides, the innermost
/// one to three loops unrolled fully under a pipeline of the loop around
/// them: up to 32 copies, or 1024 under a loop that holds an imperfect nest
/// (a convolution's output column over its reduction). Without
/// `partitionArguments` the function's arguments keep one bank: their ports
/// are the interface the design is given, not the design's choice.
std::vector<Schedule> coreOptions(mlir::func::FuncOp func, const Band &band,
                                  bool partitionArguments = true);

/// Reuse buffers: where the band reads one array at constant offsets of
/// the same indices (a stencil), a line buffer along the outer of the loops
/// those offsets follow, a window buffer along the inner one, and both.
std::vector<Schedule> reuseOptions(mlir::func::FuncOp func, const Band &band);

/// Write buffers: where the band stores an array at indices that a band
/// loop does not move (an accumulation), buffer_at at each loop around it.
std::vector<Schedule> bufferOptions(mlir::func::FuncOp func, const Band &band);

/// The arrays (by number) the band's outermost loop loads or stores.
std::set<int> arraysTouched(mlir::func::FuncOp func, const Band &band);

} // namespace hcl::tuner

#endif // HCL_TUNE_SPACE_H
