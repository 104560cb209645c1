//===- DefaultStreams.h - stream candidates of the default schedule -*- C++
//-*-===//
//
// The activations --hcl-default-schedule tries to stream: a stage's own
// array that exactly one later stage reads and nothing else uses (no other
// stage, no schedule operation such as a partition, not a result of the
// function). Whether the stream applies (each element written and read
// once, in one order; no deadlock) is decided by applying it.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_LIB_TRANSFORMS_DEFAULTSTREAMS_H
#define HCL_LIB_TRANSFORMS_DEFAULTSTREAMS_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

#include <string>

namespace hcl {

struct StreamCandidate {
  mlir::memref::AllocOp array;
  std::string producer, consumer;
};

/// The candidates of `func`, in program order.
llvm::SmallVector<StreamCandidate> streamCandidates(mlir::func::FuncOp func);

/// The array of `func` named `name` (its `name` attribute), or null.
mlir::memref::AllocOp findArray(mlir::func::FuncOp func, llvm::StringRef name);

/// Writes `hcl.to(array, consumer)` before the terminator of `func`; returns
/// the operations written (the consumer's handle and the stream).
llvm::SmallVector<mlir::Operation *>
writeStream(mlir::func::FuncOp func, const StreamCandidate &candidate);

} // namespace hcl

#endif // HCL_LIB_TRANSFORMS_DEFAULTSTREAMS_H
