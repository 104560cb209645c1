//===- Dataflow.h - choices between stages ----------------------*- C++ -*-===//
//
// What hcl tune tries across stages, on a whole schedule the band search
// has put together: a stream for each buffer one stage writes and one
// other stage reads, and compute_at of a stage in the only stage that
// reads what it writes. The primitives decide what is legal (a stream's
// order, a fusion's slice); the estimate decides what pays.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_TUNE_DATAFLOW_H
#define HCL_TUNE_DATAFLOW_H

#include "hcl/Tune/Candidate.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

#include <map>
#include <string>
#include <vector>

namespace hcl::tuner {

/// Buffers the function allocates (not returned) that exactly one
/// top-level stage writes and exactly one other reads: hcl.to of each to
/// its reader.
std::vector<StreamChoice> streamOptions(mlir::func::FuncOp func);

/// The stage that writes each array of streamOptions, by array number.
std::map<int, std::string> streamProducers(mlir::func::FuncOp func);

/// Top-level stages P before C where C reads an array P writes and no
/// other stage reads what P writes: compute_at of P in C at C's outermost
/// loop.
std::vector<FuseChoice> fusionOptions(mlir::func::FuncOp func);

} // namespace hcl::tuner

#endif // HCL_TUNE_DATAFLOW_H
