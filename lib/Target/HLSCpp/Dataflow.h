//===- Dataflow.h - streams and dataflow processes in HLS C++ ---*- C++ -*-===//
//
// A function the schedule made a dataflow region (hcl.to) is written with
// each of its processes (stages) as a function of its own, its streamed
// buffers as `hls::stream<T, depth>` channels, and, for hcl's C simulation,
// a variant that runs the processes as threads with bounded channels
// (share/hls/hls_stream.h), which finds deadlocks.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_LIB_TARGET_HLSCPP_DATAFLOW_H
#define HCL_LIB_TARGET_HLSCPP_DATAFLOW_H

#include "hcl/Transforms/OutlineDataflow.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/DenseMap.h"

namespace hcl {

/// The memrefs that are streams, with their depth: allocations marked
/// `stream_depth`, and the callee arguments they are passed to.
struct StreamValues {
  llvm::DenseMap<mlir::Value, int64_t> depth;
  bool contains(mlir::Value v) const { return depth.count(v); }
  bool empty() const { return depth.empty(); }
};

/// Whether any function of `module` is a dataflow region with streams.
bool hasStreams(mlir::ModuleOp module);

/// The streams of `module`; an error when a function argument receives a
/// stream at one call and an array at another.
mlir::FailureOr<StreamValues> findStreams(mlir::ModuleOp module);

/// For each call of the dataflow function `func`, the indices (among its
/// calls) of the earlier calls it must wait for (ordinary buffers they
/// share).
std::vector<llvm::SmallVector<int>>
callDependences(mlir::func::FuncOp func, const StreamValues &streams);

} // namespace hcl

#endif // HCL_LIB_TARGET_HLSCPP_DATAFLOW_H
